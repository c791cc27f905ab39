import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, DEFAULT_LANDING, type SsrEntryModule, type SsrPage } from '@capstan/shared';
import { createPageRenderer } from '../../src/modules/ssr/page-renderer';
import { parseTemplate, type WebBuild } from '../../src/modules/ssr/web-build';

const template = parseTemplate(
  '<html><head><meta charset="UTF-8"><!--app-head--><title>x</title><!--/app-head-->' +
    '</head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
);
const assets = { entry: '/assets/index-1.js', loader: '/assets/loader-1.js', stylesheet: '/assets/style-1.css' };
const SEEDED_AT = '2026-11-24T00:00:00.000Z';
const site = {
  company: { ...DEFAULT_COMPANY, updatedAt: SEEDED_AT },
  landing: { ...DEFAULT_LANDING, updatedAt: SEEDED_AT },
};

/** Stands in for the web app: the buyer's pages (issue 40) as prefetch-page names them. */
function serviceEntry() {
  const rendered: string[] = [];
  const entry: SsrEntryModule = {
    render: async (url) => {
      rendered.push(url);
      const path = new URL(url).pathname.replace(/^\/(ta|hi)(?=\/)/, '');
      const page: SsrPage = path === '/my-machine' ? { kind: 'my-machine' } : { kind: 'service' };
      return { kind: 'page', status: 200, page, html: `<p>${path}</p>`, dataJson: '{}', lazyModules: [] };
    },
  };
  return { entry, rendered };
}

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
});

async function serviceApp() {
  const { entry, rendered } = serviceEntry();
  const build: WebBuild = { template, entry, assets, chunkFiles: () => [] };
  app = Fastify();
  app.get('/api/site', async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.header('etag', '"s1"').send(site),
  );
  const renderPage = createPageRenderer(app, build, 'http://example.test');
  app.get('/*', renderPage);
  await app.ready();
  return { app, rendered };
}

const visit = (url: string) => app!.inject({ method: 'GET', url });

describe("the buyer's service pages, server-rendered (issue 40)", () => {
  it('gives /service its title, description, canonical link and language alternates, for search engines too', async () => {
    await serviceApp();
    for (const [prefix, lang, title] of [
      ['', 'en', 'Request service'],
      ['/ta', 'ta', 'சர்வீஸ் கோரிக்கை'],
      ['/hi', 'hi', 'सर्विस का अनुरोध'],
    ] as const) {
      const page = await visit(`${prefix}/service`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}">`);
      expect(page.body).toContain(`<title>${title} | ${DEFAULT_COMPANY.name}</title>`);
      expect(page.body).toContain(`<link rel="canonical" href="http://example.test${prefix}/service">`);
      expect(page.body).toContain('<link rel="alternate" hreflang="ta" href="http://example.test/ta/service">');
      expect(page.body).toContain('<link rel="alternate" hreflang="x-default" href="http://example.test/service">');
      expect(page.body).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(page.headers['x-robots-tag']).toBeUndefined();
    }
  });

  it('names the page without its prefill: /service?serial= is the same page', async () => {
    await serviceApp();
    const page = await visit('/service?serial=KPM2201%2F7');
    expect(page.body).toContain('<link rel="canonical" href="http://example.test/service">');
  });

  it('keeps /my-machine from search engines, in every language', async () => {
    await serviceApp();
    for (const [prefix, title] of [
      ['', 'My machine'],
      ['/ta', 'என் மெஷின்'],
      ['/hi', 'मेरी मशीन'],
    ] as const) {
      const page = await visit(`${prefix}/my-machine`);
      expect(page.statusCode).toBe(200);
      expect(page.headers['x-robots-tag']).toBe('noindex');
      expect(page.body).toContain(`<title>${title} | ${DEFAULT_COMPANY.name}</title>`);
      expect(page.body).toContain(`<link rel="canonical" href="http://example.test${prefix}/my-machine">`);
    }
  });

  it('sends /service/sent, asked for by address, back to the form in its language', async () => {
    const { rendered } = await serviceApp();
    const english = await visit('/service/sent');
    expect(english.statusCode).toBe(302);
    expect(english.headers.location).toBe('/service');
    const tamil = await visit('/ta/service/sent');
    expect(tamil.statusCode).toBe(302);
    expect(tamil.headers.location).toBe('/ta/service');
    expect(rendered).toEqual([]);
  });
});
