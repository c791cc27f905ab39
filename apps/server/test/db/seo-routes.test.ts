import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { createMachine, createPart } from '../helpers/items';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { writeStandInManifest } from '../helpers/stand-in-build';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

/** Each <url> as loc → lastmod (its language alternates are checked on their own). */
function sitemapUrls(xml: string): Map<string, string | undefined> {
  const urls = new Map<string, string | undefined>();
  const url = /<url><loc>([^<]*)<\/loc>(?:<lastmod>([^<]*)<\/lastmod>)?(?:<xhtml:link [^>]*\/>)*<\/url>/g;
  for (const match of xml.matchAll(url)) urls.set(match[1] ?? '', match[2]);
  return urls;
}

/** The English sitemap, which `/sitemap.xml` (the index) names first. */
const ENGLISH_SITEMAP = '/sitemap-en.xml';

const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('GET /sitemap.xml', () => {
  it('lists home, /products and /service without lastmod while the catalogue is empty', async () => {
    const response = await t.app.inject({ method: 'GET', url: ENGLISH_SITEMAP });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    expect(response.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect([...sitemapUrls(response.body).keys()]).toEqual([
      `${t.config.publicUrl}/`,
      `${t.config.publicUrl}/products`,
      `${t.config.publicUrl}/service`,
    ]);
  });

  it('lists every item created through the API with lastmod, and follows creates and deletes', async () => {
    const machine = await createMachine(t, token);
    const part = await createPart(t, token);
    const serviceResponse = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Annual Maintenance Contract', description: 'Preventive maintenance visits.' },
    });
    expect(serviceResponse.statusCode, serviceResponse.body).toBe(201);
    const service = serviceResponse.json() as { id: string };

    const response = await t.app.inject({ method: 'GET', url: ENGLISH_SITEMAP });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    const urls = sitemapUrls(response.body);
    const base = t.config.publicUrl;
    expect(urls.size).toBe(6);
    for (const id of [machine.id, part.id, service.id]) {
      const lastmod = urls.get(`${base}/product/${id}`);
      expect(lastmod, id).toMatch(W3C_DATETIME);
    }
    // /service has no lastmod: the form does not change with the catalogue.
    expect(urls.get(`${base}/service`)).toBeUndefined();
    const newest = [...urls.values()]
      .filter((lastmod) => lastmod !== undefined)
      .sort()
      .at(-1);
    expect(urls.get(`${base}/`)).toBe(newest);
    expect(urls.get(`${base}/products`)).toBe(newest);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/spareparts/${part.id}`, headers: bearer(token) });
    expect(del.statusCode).toBeLessThan(300);
    const after = sitemapUrls((await t.app.inject({ method: 'GET', url: ENGLISH_SITEMAP })).body);
    expect(after.has(`${base}/product/${part.id}`)).toBe(false);
    expect(after.has(`${base}/product/${machine.id}`)).toBe(true);
    expect(after.size).toBe(5);
  });

  it('takes lastmod from the item update time', async () => {
    const machine = await createMachine(t, token, { name: 'Dated lathe' });
    await t.ctx.db
      .updateTable('items')
      .set({ updated_at: '2026-01-02T03:04:05.678Z' })
      .where('id', '=', machine.id)
      .execute();
    const urls = sitemapUrls((await t.app.inject({ method: 'GET', url: ENGLISH_SITEMAP })).body);
    expect(urls.get(`${t.config.publicUrl}/product/${machine.id}`)).toBe('2026-01-02T03:04:05Z');
  });

  it('is an index of one sitemap per language, dated by the latest change', async () => {
    const machine = await createMachine(t, token, { name: 'Indexed lathe' });
    await t.ctx.db
      .updateTable('items')
      .set({ updated_at: '2030-01-02T03:04:05.678Z' })
      .where('id', '=', machine.id)
      .execute();
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    const base = t.config.publicUrl;
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...index.body.matchAll(/<sitemap><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/sitemap>/g)]).toEqual([
      expect.arrayContaining([`${base}/sitemap-en.xml`, '2030-01-02T03:04:05Z']),
      expect.arrayContaining([`${base}/sitemap-ta.xml`, '2030-01-02T03:04:05Z']),
      expect.arrayContaining([`${base}/sitemap-hi.xml`, '2030-01-02T03:04:05Z']),
    ]);
  });

  it('lists each page in Tamil and Hindi too, every entry naming all three languages and English as x-default', async () => {
    const machine = await createMachine(t, token, { name: 'Translated lathe' });
    const base = t.config.publicUrl;
    const alternates = (path: string) =>
      `<xhtml:link rel="alternate" hreflang="en" href="${base}${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="ta" href="${base}/ta${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="hi" href="${base}/hi${path}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${base}${path}"/>`;
    for (const [locale, prefix] of [
      ['en', ''],
      ['ta', '/ta'],
      ['hi', '/hi'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url: `/sitemap-${locale}.xml` });
      expect(response.statusCode).toBe(200);
      const urls = [...sitemapUrls(response.body).keys()];
      expect(urls.slice(0, 2)).toEqual([`${base}${prefix}/`, `${base}${prefix}/products`]);
      expect(urls).toContain(`${base}${prefix}/product/${machine.id}`);
      expect(response.body).toMatch(
        new RegExp(
          `<url><loc>${base}${prefix}/product/${machine.id}</loc><lastmod>[^<]+</lastmod>${alternates(`/product/${machine.id}`)}</url>`,
        ),
      );
      expect(response.body).toContain(`<loc>${base}${prefix}/</loc>`);
      // Request service is for everyone (issue 40); My machine is one buyer's and stays out.
      expect(response.body).toContain(`<url><loc>${base}${prefix}/service</loc>${alternates('/service')}</url>`);
      expect(response.body).not.toContain('/my-machine');
    }
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-fr.xml' })).statusCode).toBe(404);
  });

  it('is public: an anonymous HEAD works too', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
  });
});

describe('GET /robots.txt', () => {
  it('allows everything but /admin and points at the sitemap', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n').filter(Boolean);
    expect(lines).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      `Sitemap: ${t.config.publicUrl}/sitemap.xml`,
    ]);
  });
});

describe('a large catalogue', () => {
  it("lists 25,000 items in each language's sitemap", async () => {
    const now = '2026-11-20T08:00:00.000Z';
    const ids = Array.from({ length: 25_000 }, (_, i) => `bulk-${String(i).padStart(5, '0')}`);
    await t.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < ids.length; i += 500) {
        await trx
          .insertInto('items')
          .values(
            ids.slice(i, i + 500).map((id) => ({
              id,
              kind: 'spare' as const,
              name: id,
              description: 'bulk',
              features: '[]',
              featured: 0,
              created_at: now,
              updated_at: now,
              version: 1,
            })),
          )
          .execute();
      }
    });
    try {
      for (const locale of ['en', 'ta', 'hi']) {
        const response = await t.app.inject({ method: 'GET', url: `/sitemap-${locale}.xml` });
        expect(response.statusCode).toBe(200);
        const urls = sitemapUrls(response.body);
        expect(urls.size).toBeGreaterThanOrEqual(25_002);
        const prefix = locale === 'en' ? '' : `/${locale}`;
        expect(urls.get(`${t.config.publicUrl}${prefix}/product/bulk-24999`)).toBe('2026-11-20T08:00:00Z');
      }
      const response = await t.app.inject({ method: 'GET', url: ENGLISH_SITEMAP });
      const urls = sitemapUrls(response.body);
      expect(urls.get(`${t.config.publicUrl}/product/bulk-24999`)).toBe('2026-11-20T08:00:00Z');
    } finally {
      await t.ctx.db.deleteFrom('items').where('id', 'like', 'bulk-%').execute();
    }
  });
});

describe('with the web app built', () => {
  let web: FastifyInstance;
  let database: DatabaseHandle;
  let dir: string;

  // A minimal build: the page template and a server renderer that answers every page itself.
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-seo-web-'));
    const distDir = path.join(dir, 'dist');
    await fs.mkdir(distDir);
    await fs.writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><!--app-head--><title>SPA</title><!--/app-head--></head>' +
        '<body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
    );
    writeStandInManifest(distDir);
    // A stale file in the build must not shadow the generated one.
    await fs.writeFile(path.join(distDir, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
    const entry = path.join(dir, 'entry-server.mjs');
    await fs.writeFile(
      entry,
      `export async function render() {
        return { kind: 'page', status: 200, page: { kind: 'catalogue' }, html: '<p>rendered page</p>', dataJson: '{}', lazyModules: [] };
      }`,
    );
    const config = loadConfig({
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: distDir,
      WEB_SSR_ENTRY: entry,
      PUBLIC_URL: 'https://www.example.in/',
    });
    database = createDatabase(config);
    await migrateToLatest(database.db);
    web = await buildApp({ config, database });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await database.destroy();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('answers /sitemap.xml and /robots.txt itself, not the page renderer or a static file', async () => {
    const sitemap = await web.inject({ method: 'GET', url: ENGLISH_SITEMAP });
    expect(sitemap.statusCode).toBe(200);
    expect((await web.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('<sitemapindex');
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect([...sitemapUrls(sitemap.body).keys()]).toEqual([
      'https://www.example.in/',
      'https://www.example.in/products',
      'https://www.example.in/service',
    ]);

    const robots = await web.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: https://www.example.in/sitemap.xml');
    expect(robots.body).not.toContain('Disallow: /\n');

    // Other paths still reach the page renderer.
    const page = await web.inject({ method: 'GET', url: '/products' });
    expect(page.body).toContain('rendered page');
  });
});
