import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppModules, FETCH_AHEAD_MIN_BYTES, STATS_COUNT_UP_SCRIPT } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, pngFile, sendForm, partFields } from '../helpers/items';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** The app's own markup inside #root, without the JSON data block after it. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return html.slice(start, end === -1 ? undefined : end);
}

function embeddedData(html: string): unknown {
  const match = /<script type="application\/json" id="app-data">([^<]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no embedded data');
  return JSON.parse(match[1]);
}

describe('server-rendered public pages', () => {
  let t: TestApp;
  let token: string;
  let machine: { id: string; images: string[] };
  let part: { id: string };

  beforeAll(async () => {
    // `npm test` builds the web app first; without it these pages cannot be rendered at all.
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    token = await t.login();
    machine = await createMachine(
      t,
      token,
      {
        name: 'NP-42 Capstan Lathe',
        description: 'Rigid all-geared capstan lathe for bar work.',
        featured: 'true',
        price: '1500000',
      },
      [await pngFile()],
    );
    part = await createPart(t, token, { name: 'Spring Collet 16 mm', price: '' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('renders the landing page with its featured items and the data it used', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(rootMarkup(response.body)).toContain('NP-42 Capstan Lathe');
    // Its data is not repeated in the HTML: the app asks for these answers after the first paint
    // (decision 060), and each is the API's own answer, holding the machine.
    const toFetch = embeddedData(response.body) as { fetch: string[] };
    expect(toFetch.fetch).toEqual(
      expect.arrayContaining(['/api/site', '/api/products/featured', '/api/spareparts/featured']),
    );
    expect(response.body).not.toContain(`"id":"${machine.id}"`);
    const featured = await t.app.inject({ method: 'GET', url: '/api/products/featured' });
    expect(featured.body).toContain(machine.id);
    expect(response.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/">`);
    expect(response.body).toContain('"@type":"LocalBusiness"');
    // The page's own rules are part of it (no render-blocking request); the whole sheet is linked
    // for the app without holding up the paint (decision 060); the scripts wait their turn.
    const sheetLink = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" media="print" data-app-stylesheet>/.exec(
      response.body,
    );
    expect(sheetLink).not.toBeNull();
    const wholeSheet = fs.readFileSync(path.join(webDist, sheetLink![1]!), 'utf8');
    // A featured card's description is clamped to two lines (SPEC §9) by its `line-clamp-2`.
    expect(wholeSheet).toMatch(/\.line-clamp-2\{[^}]*-webkit-line-clamp:2/);
    const inline = /<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1] ?? '';
    expect(inline).toContain('.bg-gradient-to-br{');
    expect(inline.length).toBeGreaterThan(10_000);
    expect(inline.length).toBeLessThan(wholeSheet.length * 0.6);
    // Only the first screen's rules: the contact form's fields are styled by the whole sheet, and
    // the sections below the first screen stay hidden until it applies; without JavaScript it
    // applies from the start.
    expect(response.body).toContain('class="ui-field ui-input"');
    expect(inline).not.toContain('.ui-field{');
    expect(inline).toContain('@layer utilities{.below-fold,.styled-later{visibility:hidden}}');
    expect(wholeSheet).toMatch(/\.below-fold\{[^}]*visibility:visible/);
    expect(wholeSheet).toMatch(/\.styled-later[,{][^}]*visibility:visible/);
    expect(response.body).toContain(`<noscript><link rel="stylesheet" href="${sheetLink![1]!}"></noscript>`);
    expect([...response.body.matchAll(/rel="stylesheet"/g)]).toHaveLength(2);
    // The app waits for the visitor (decision 009): not even its entry is requested from the HTML.
    // The loader, a file the web build makes from src/boot/deferred-start.ts, adds it after the
    // first paint (decision 059); both are named in the build's manifest.
    expect(response.body).not.toContain('<script type="module"');
    const loader =
      /<script src="(\/assets\/loader-[^"]+\.js)" data-src="(\/assets\/index-[^"]+\.js)" async><\/script>/.exec(
        response.body,
      );
    const manifest = JSON.parse(fs.readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    expect(loader?.[1]).toBe(`/${manifest['src/boot/deferred-start.ts']?.file}`);
    expect(loader?.[2]).toBe(`/${manifest['index.html']?.file}`);
    const loaderFile = await t.app.inject({ method: 'GET', url: loader![1]! });
    expect(loaderFile.statusCode).toBe(200);
    expect(loaderFile.headers['content-type']).toMatch(/javascript/);
    expect(loaderFile.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // It runs as a classic script (it reads document.currentScript): no module syntax in it.
    expect(loaderFile.body).not.toMatch(/^\s*(?:import|export)\b|\bimport\s*\(/m);
    expect(loaderFile.body).toContain('data-app-stylesheet');
    // The statistics' count-up starter (decision 015) is the only inline code, right after the strip.
    const starters = [...response.body.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(starters.map((match) => match[1])).toEqual([STATS_COUNT_UP_SCRIPT]);
    expect(response.body).toMatch(/<\/dl><script>/);
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' ${sha(STATS_COUNT_UP_SCRIPT)};`);
    // Every other script element is data, never code.
    const scriptTags = (response.body.match(/<script\b[^>]*>/g) ?? []).filter(
      (tag) => !tag.includes('data-src=') && tag !== '<script>',
    );
    expect(scriptTags.length).toBeGreaterThan(0);
    for (const tag of scriptTags) expect(tag).toMatch(/type="application\/(ld\+)?json"/);
  });

  it("draws Lucide's icons with lucide-react's own markup, as the app and its tests do, each drawing in the page", async () => {
    for (const url of ['/', '/products']) {
      const response = await t.app.inject({ method: 'GET', url });
      const icons = response.body.match(/<svg\b[^>]*class="lucide [^>]*>/g) ?? [];
      expect(icons.length, url).toBeGreaterThan(3);
      for (const icon of icons) {
        expect(icon).toMatch(
          /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-[\w-]+/,
        );
      }
      // No icon points at a file the page needs before it can draw it.
      expect(response.body, url).not.toContain('<use ');
    }
  });

  it('defers the entry on the catalogue and product pages too, found or not', async () => {
    // They embed all they show and start on the visitor's first input, as the landing page does.
    for (const url of [
      '/products',
      '/products?tab=spares&q=collet',
      `/product/${machine.id}`,
      '/product/00000000-0000-4000-8000-000000000000',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('<script type="module"');
      expect(response.body, url).toMatch(
        /<script src="\/assets\/loader-[^"]+\.js" data-src="\/assets\/index-[^"]+\.js" async><\/script>/,
      );
    }
  });

  it('keeps the entry script on pages whose app starts at once, and no inline script there', async () => {
    for (const url of ['/no/such/page', '/products/extra']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).toMatch(
        /<script type="module" crossorigin fetchpriority="low" src="\/assets\/index-[^"]+\.js">/,
      );
      expect(response.body).not.toContain('/assets/loader-');
      const scriptTags = response.body.match(/<script\b[^>]*>/g) ?? [];
      for (const tag of scriptTags) expect(tag).toMatch(/ src="|type="application\/(ld\+)?json"/);
    }
  });

  it('renders the catalogue page the URL names, with its counts, and embeds just that page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/products?tab=spares' });
    expect(response.statusCode).toBe(200);
    expect(rootMarkup(response.body)).toContain('Spring Collet 16 mm');
    // Counts come from the summary and the page's X-Total-Count, carried through the in-process fetch.
    expect(rootMarkup(response.body)).toContain('Showing 1 of 1 spare parts');
    const embedded = JSON.stringify(embeddedData(response.body));
    expect(embedded).toContain('/api/catalogue/summary');
    expect(embedded).toContain('/api/spareparts?limit=24');
    expect(embedded).not.toContain('/api/services?');

    const searched = await t.app.inject({ method: 'GET', url: '/products?tab=spares&q=no-such-part' });
    expect(rootMarkup(searched.body)).toContain('No results found for &quot;no-such-part&quot;');
    expect(JSON.stringify(embeddedData(searched.body))).toContain('/api/spareparts?q=no-such-part&limit=24');
    expect(response.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/products?tab=spares">`);
    // The catalogue is a lazily loaded chunk: the page lists it with the app's own chunks, for the
    // browser to preload after the first paint (never as render-competing preloads in the head).
    const listed = /<script type="application\/json" id="app-modules">([^<]*)<\/script>/.exec(response.body)?.[1];
    const { modules, ahead } = JSON.parse(listed ?? '{}') as AppModules;
    expect(modules).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/products-[^/]+\.js$/),
        expect.stringMatching(/^\/assets\/hydrate-/),
      ]),
    );
    expect(response.body).not.toContain('rel="modulepreload"');
    // Fetched before the visitor acts: the large chunks only, the framework among them.
    const bytes = (file: string) => fs.statSync(path.join(webDist, file)).size;
    expect(ahead).toEqual(modules.filter((file) => bytes(file) >= FETCH_AHEAD_MIN_BYTES));
    expect(ahead).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/framework-/)]));
    expect(ahead.length).toBeLessThan(modules.length / 2);
  });

  it('gives a product page its name, description, image, price and canonical URL', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/product/${machine.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain('<title>NP-42 Capstan Lathe | Kovai Precision Machines</title>');
    expect(html).toContain('<meta name="description" content="Rigid all-geared capstan lathe for bar work.">');
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/product/${machine.id}">`);
    expect(html).toContain(`<meta property="og:image" content="${t.config.publicUrl}${machine.images[0]}">`);
    expect(html).toContain('"priceCurrency":"INR"');
    expect(html).toContain('"@type":"BreadcrumbList"');
    expect(rootMarkup(html)).toContain('NP-42 Capstan Lathe');
    expect(rootMarkup(html)).toContain('₹15,00,000');
  });

  it('renders a spare part without a price as price on request, with no offer', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/product/${part.id}` });
    expect(response.statusCode).toBe(200);
    expect(rootMarkup(response.body)).toContain('Price on request');
    expect(response.body).not.toContain('"offers"');
  });

  it('offers the spec sheet PDF from the server HTML, a link that works without the app', async () => {
    const html = (await t.app.inject({ method: 'GET', url: `/product/${machine.id}` })).body;
    const href = `/product/${machine.id}/spec-sheet.pdf`;
    expect(rootMarkup(html)).toMatch(
      new RegExp(`<a [^>]*href="${href}"[^>]*download=""[^>]*>.*?Download spec sheet</a>`),
    );
    const sheet = await t.app.inject({ method: 'GET', url: href });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
  });

  it('answers 404 for an unknown product and an unknown route, still showing the app', async () => {
    const unknownProduct = await t.app.inject({ method: 'GET', url: '/product/00000000-0000-4000-8000-000000000000' });
    expect(unknownProduct.statusCode).toBe(404);
    expect(unknownProduct.body).toContain('<meta name="robots" content="noindex');
    expect(rootMarkup(unknownProduct.body)).not.toBe('<div id="root">');

    const unknownRoute = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(unknownRoute.statusCode).toBe(404);
    expect(rootMarkup(unknownRoute.body)).toContain('404 Not Found');
  });

  it('sends admin routes as the client-rendered shell, marked noindex', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<meta name="robots" content="noindex');
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('id="app-data"');
    // The browser draws every screen here itself: it gets the whole sheet inline, nothing linked.
    expect(response.body).not.toContain('rel="stylesheet"');
    expect(/<style>([\s\S]*?)<\/style>/.exec(response.body)?.[1]).toContain('.bg-destructive{');
  });

  it('shows an edit on the next render', async () => {
    const update = await sendForm(
      t,
      token,
      'PUT',
      `/api/spareparts/${part.id}/full`,
      partFields({ name: 'Spring Collet 18 mm', price: '' }),
    );
    expect(update.statusCode, update.body).toBe(200);
    const response = await t.app.inject({ method: 'GET', url: `/product/${part.id}` });
    expect(rootMarkup(response.body)).toContain('Spring Collet 18 mm');
    expect(response.body).toContain('<title>Spring Collet 18 mm | Kovai Precision Machines</title>');
  });

  it('escapes hostile names everywhere they appear', async () => {
    const hostile = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    const item = await createPart(t, token, { name: hostile.slice(0, 100), featured: 'true' });
    for (const url of ['/', `/product/${item.id}`, '/products?tab=spares']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('<script>alert(1)');
      expect(response.body).not.toContain('<img src=x');
    }
    await t.app.inject({ method: 'DELETE', url: `/api/spareparts/${item.id}`, headers: bearer(token) });
  });

  it('renders every tab and page as links with real URLs, each page with its own items and canonical URL', async () => {
    const added: string[] = [];
    for (let i = 1; i <= 25; i += 1) {
      added.push((await createPart(t, token, { name: `Bar Feeder Pusher ${String(i).padStart(2, '0')}` })).id);
    }
    const all = [part.id, ...added];
    const html = async (url: string) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };

    const first = await html('/products?tab=spares');
    // Tabs and pages are <a href>, not buttons, so a crawler (or a visitor without the app) reaches every item.
    expect(first).toContain('href="/products?tab=spares&amp;page=2"');
    expect(first).toContain('href="/products"');
    expect(first).toContain('href="/products?tab=services"');
    expect(rootMarkup(first)).toContain('Showing 1–24 of 26 spare parts');

    const second = await html('/products?tab=spares&page=2');
    expect(rootMarkup(second)).toContain('Showing 25–26 of 26 spare parts');
    expect(second).toContain(`<link rel="canonical" href="${t.config.publicUrl}/products?tab=spares&amp;page=2">`);
    const linked = (page: string) => [...rootMarkup(page).matchAll(/href="\/product\/([^"]+)"/g)].map((m) => m[1]);
    expect(new Set([...linked(first), ...linked(second)])).toEqual(new Set(all));

    // Page 1 of machines is /products itself, however it is asked for.
    const machines = await html('/products?tab=machines&page=1&sort=name');
    expect(machines).toContain(`<link rel="canonical" href="${t.config.publicUrl}/products">`);
  });

  it('answers the search form without the app: a GET of /products with q and tab renders the results', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/products?tab=spares' });
    const form = /<form role="search"[^>]*>/.exec(rootMarkup(page.body))?.[0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/products"');
    expect(rootMarkup(page.body)).toMatch(/<input type="hidden" name="tab" value="spares"\/?>/);

    const results = await t.app.inject({ method: 'GET', url: '/products?q=pusher+07&tab=spares' });
    expect(results.statusCode).toBe(200);
    const markup = rootMarkup(results.body);
    expect(markup).toContain('Bar Feeder Pusher 07');
    expect(markup).not.toContain('Bar Feeder Pusher 08');
    expect(markup).toContain('Showing 1 of 1 spare parts matching &quot;pusher 07&quot;');
    expect(markup).toMatch(/name="q"[^>]* value="pusher 07"/);
  });

  it('sends /products/ and /product/{id}/ to their canonical URL for good, query kept', async () => {
    const cases = [
      ['/products/', '/products'],
      ['/products/?tab=spares&page=2', '/products?tab=spares&page=2'],
      [`/product/${machine.id}/`, `/product/${machine.id}`],
      [`/product/${machine.id}/?ref=mail`, `/product/${machine.id}?ref=mail`],
    ] as const;
    for (const [url, location] of cases) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
    // Only those pages: nothing else is redirected, least of all to another host.
    for (const url of ['//evil.example/', '/products/extra/', '/product/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(301);
    }
  });
});
