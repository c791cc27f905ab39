import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_MODULES_ELEMENT_ID, type AppModules } from '@capstan/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine } from '../helpers/items';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const webDist = path.join(webDir, 'dist');

/** A message of the web app's catalogue in a language, as the page must show it. */
function message(locale: 'en' | 'ta' | 'hi', namespace: string, key: string): string {
  const file = path.join(webDir, 'src/locales', locale, `${namespace}.json`);
  const value = (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>)[key];
  if (value === undefined) throw new Error(`${locale}/${namespace}.json lacks ${key}`);
  return value;
}

function alternates(html: string): string[] {
  return [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map(
    (match) => `${match[1]} ${match[2]}`,
  );
}

/** The chunk files the page asks the browser to preload once painted. */
function pageModules(html: string): string[] {
  const match = new RegExp(`<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">([^<]*)</script>`).exec(
    html,
  );
  return match?.[1] ? (JSON.parse(match[1]) as AppModules).modules : [];
}

describe('pages in Tamil and Hindi', () => {
  let t: TestApp;
  let machine: { id: string };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    machine = await createMachine(t, await t.login(), { name: 'NP-42 Capstan Lathe', featured: 'true' });
  });
  afterAll(async () => t.close());

  it('renders each public page in its language, naming every language version and English as x-default', async () => {
    const base = t.config.publicUrl;
    for (const locale of ['ta', 'hi'] as const) {
      for (const pagePath of ['/', '/products', `/product/${machine.id}`]) {
        const url = `/${locale}${pagePath}`;
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toMatch(/^text\/html/);
        expect(response.body, url).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${locale}">`, 'i'));
        expect(response.body, url).toContain(`<link rel="canonical" href="${base}${url}">`);
        expect(alternates(response.body), url).toEqual([
          `en ${base}${pagePath}`,
          `ta ${base}/ta${pagePath}`,
          `hi ${base}/hi${pagePath}`,
          `x-default ${base}${pagePath}`,
        ]);
        expect(response.body, url).toContain(`<meta property="og:locale" content="${locale}_IN">`);
        // The interface is in the language (the language switch's name, on every page).
        expect(response.body, url).toContain(`aria-label="${message(locale, 'common', 'languages')}"`);
      }
    }
  });

  it('keeps English where it was, naming the other languages as alternates', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/products' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatch(/^<!doctype html>\s*<html lang="en">/i);
    expect(response.body).toContain(`aria-label="${message('en', 'common', 'languages')}"`);
    expect(alternates(response.body)).toContain(`ta ${t.config.publicUrl}/ta/products`);
  });

  it("offers the same page in each language, and loads only the page's own language's messages", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/hi/product/${machine.id}` });
    for (const [locale, href] of [
      ['en', `/product/${machine.id}`],
      ['ta', `/ta/product/${machine.id}`],
      ['hi', `/hi/product/${machine.id}`],
    ] as const) {
      expect(response.body).toMatch(new RegExp(`<a href="${href}" hrefLang="${locale}" lang="${locale}"`));
    }
    expect(response.body).toMatch(/<a href="\/hi\/product\/[^"]+" hrefLang="hi" lang="hi" aria-current="true"/);
    const modules = pageModules(response.body);
    expect(modules.some((file) => /\/assets\/hi-[\w-]+\.js$/.test(file))).toBe(true);
    expect(modules.some((file) => /\/assets\/ta-[\w-]+\.js$/.test(file))).toBe(false);
    const english = pageModules((await t.app.inject({ method: 'GET', url: `/product/${machine.id}` })).body);
    expect(english.some((file) => /\/assets\/(ta|hi)-[\w-]+\.js$/.test(file))).toBe(false);
  });

  it('answers an unknown language, an unknown page and an unknown item in a language with the 404 page', async () => {
    for (const url of ['/fr/products', '/ta/no-such-page', '/hi/product/00000000-0000-4000-8000-000000000000']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('<meta name="robots" content="noindex');
    }
    const tamil = await t.app.inject({ method: 'GET', url: '/ta/no-such-page' });
    expect(tamil.body).toContain(message('ta', 'common', 'notFoundTitle'));
    expect(tamil.body).toMatch(/<html lang="ta">/);
  });

  it('sends each language page to its one URL, and the back office to /admin', async () => {
    const cases = [
      ['/ta', 301, '/ta/'],
      ['/hi?ref=mail', 301, '/hi/?ref=mail'],
      ['/ta/products/', 301, '/ta/products'],
      [`/hi/product/${machine.id}/`, 301, `/hi/product/${machine.id}`],
      ['/ta/admin/dashboard', 302, '/admin/dashboard'],
      // The catalogue's filter form sent without the app stays in its language.
      [
        '/ta/products?tab=spares&min.bar-capacity=40&max.bar-capacity=',
        303,
        '/ta/products?tab=spares&f=bar-capacity%3A40-',
      ],
    ] as const;
    for (const [url, status, location] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers.location, url).toBe(location);
    }
  });
});
