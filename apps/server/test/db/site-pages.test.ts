import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditPage, PublicSiteSettings } from '@capstan/shared';
import { catalogueResponseCache } from '../../src/modules/catalogue/catalogue-response-cache';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

type JsonLd = Record<string, unknown>;

function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '{}') as JsonLd,
  );
}

const byType = (blocks: JsonLd[], type: string) => blocks.find((block) => block['@type'] === type);

/** The page's own markup (inside #root), without the embedded data after it. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return html.slice(start, end === -1 ? undefined : end);
}

/** A settings change reaches the server-rendered pages, without JavaScript. */
describe('public pages show the site settings', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    token = await t.login();
  });
  afterAll(async () => t.close());

  const page = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('a fresh database renders today’s texts', async () => {
    const html = await page('/');
    const root = rootMarkup(html);
    expect(root).toContain('Kovai Precision Machines');
    expect(root).toContain('href="tel:+919843012345"');
    expect(root).toContain('Monday to Saturday 9:00 AM to 8:00 PM');
    expect(root).toContain('Sunday 10:00 AM to 6:00 PM');
    // The demo company's GSTIN (decision 075).
    expect(root).toContain('GSTIN 33AABCK1234F1Z6');
    const business = byType(jsonLdOf(html), 'LocalBusiness');
    expect(business?.telephone).toBe('+919843012345');
    expect(business?.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '20:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '18:00' },
    ]);
  });

  it('a phone number and hero heading changed by staff show in the HTML and JSON-LD, and both edits are audited', async () => {
    await page('/'); // rendered and cached before the change
    await page('/products');
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>();

    const company = await t.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      headers: bearer(token),
      payload: {
        ...site.company,
        phones: [{ label: 'Sales', number: '+91 99999 00001' }, ...site.company.phones.slice(1)],
        hours: site.company.hours.map((day) => (day.day === 'Sunday' ? { ...day, closed: true } : day)),
        gstin: '33AABCU9603R1ZU',
      },
    });
    expect(company.statusCode).toBe(200);
    const landing = await t.app.inject({
      method: 'PUT',
      url: '/api/site/landing',
      headers: bearer(token),
      payload: { ...site.landing, hero: { ...site.landing.hero, heading: 'Lathes that run for decades' } },
    });
    expect(landing.statusCode).toBe(200);

    const html = await page('/');
    const root = rootMarkup(html);
    expect(root).toMatch(/<h1[^>]*>Lathes that run for decades<\/h1>/);
    expect(root).toContain('href="tel:+919999900001"');
    expect(root).toContain('+91 99999 00001');
    expect(root).not.toContain('tel:+919843012345');
    expect(root).toContain('Sunday closed');
    expect(root).toContain('GSTIN 33AABCU9603R1ZU');

    const blocks = jsonLdOf(html);
    expect(byType(blocks, 'LocalBusiness')?.telephone).toBe('+919999900001');
    expect(byType(blocks, 'Organization')?.telephone).toBe('+919999900001');
    expect(byType(blocks, 'LocalBusiness')?.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '20:00',
      },
    ]);

    // The catalogue's help box calls the new number too.
    expect(rootMarkup(await page('/products'))).toContain('href="tel:+919999900001"');

    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    const entries = activity.json<AuditPage>().entries;
    const landingEntry = entries.find((entry) => entry.action === 'site.landing');
    const companyEntry = entries.find((entry) => entry.action === 'site.company');
    expect(landingEntry?.changes?.['hero.heading']?.after).toBe('Lathes that run for decades');
    expect(companyEntry?.changes?.['phones.0.number']).toEqual({ before: '+91 98430 12345', after: '+91 99999 00001' });
    expect(companyEntry?.actor.email).toBe(ADMIN_EMAIL);
  });

  it('the company name reaches the title, Open Graph and the nav brand', async () => {
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      headers: bearer(token),
      payload: { ...site.company, name: 'Kovai Machine Works' },
    });
    expect(saved.statusCode).toBe(200);
    const html = await page('/products');
    expect(html).toContain('<meta property="og:site_name" content="Kovai Machine Works">');
    expect(html).toContain('<title>Product Catalogue | Kovai Machine Works</title>');
    expect(rootMarkup(html)).toContain('Kovai Machine Works');
  });

  it('a save made by another process reaches the rendered page within a second and a rebuild', async () => {
    catalogueResponseCache(t.ctx.db).setRevisionCheckInterval(1000);
    const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>();
    await page('/');
    const { updatedAt: _version, ...landing } = site.landing;
    await t.ctx.db
      .updateTable('site_settings')
      .set({ document: JSON.stringify({ ...landing, hero: { ...landing.hero, heading: 'Saved elsewhere' } }) })
      .where('part', '=', 'landing')
      .execute();
    await t.ctx.db
      .updateTable('catalogue_revision')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .execute();
    await vi.waitFor(
      async () => {
        expect(rootMarkup(await page('/'))).toMatch(/<h1[^>]*>Saved elsewhere<\/h1>/);
      },
      { timeout: 5000, interval: 25 },
    );
  });
});
