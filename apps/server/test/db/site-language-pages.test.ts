import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSiteSettings, DEFAULT_COMPANY, DEFAULT_LANDING } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** The text of the page's `<h1>`, tags and all stripped. */
function firstHeading(html: string): string | undefined {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
}

/**
 * The landing page and the company in the page's language, as the server renders them (decision
 * 072): a fresh start shows the seeded Tamil and Hindi texts on `/ta/` and `/hi/`, English on `/`,
 * and a save shows on the next render of each.
 */
describe('the landing page’s texts in Tamil and Hindi, rendered by the server', () => {
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

  it('renders each language’s seeded hero, about and tagline', async () => {
    for (const locale of ['ta', 'hi'] as const) {
      const translation = DEFAULT_LANDING.translations?.[locale];
      const response = await t.app.inject({ method: 'GET', url: `/${locale}/` });
      expect(response.statusCode).toBe(200);
      expect(firstHeading(response.body), locale).toBe(translation?.hero?.heading);
      expect(response.body, locale).toContain(translation?.about?.heading);
      expect(response.body, locale).toContain(translation?.services?.[0]?.title);
      // The structured data describes the company in the page's language.
      expect(response.body, locale).toContain(JSON.stringify(DEFAULT_COMPANY.translations?.[locale]?.tagline));
    }
    const english = await t.app.inject({ method: 'GET', url: '/' });
    expect(firstHeading(english.body)).toBe(DEFAULT_LANDING.hero.heading);
    expect(english.body).not.toContain(DEFAULT_LANDING.translations?.ta?.hero?.heading);
  });

  it('shows a saved Tamil heading on the next Tamil render, and the English where a text is untranslated', async () => {
    const site = (
      await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(token) })
    ).json<AdminSiteSettings>();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site/landing',
      headers: bearer(token),
      payload: {
        ...site.landing,
        translations: { ta: { hero: { heading: 'கோவையில் உருவான லேத்கள்' } }, hi: { hero: { heading: '' } } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(firstHeading((await t.app.inject({ method: 'GET', url: '/ta/' })).body)).toBe('கோவையில் உருவான லேத்கள்');
    expect(firstHeading((await t.app.inject({ method: 'GET', url: '/hi/' })).body)).toBe(DEFAULT_LANDING.hero.heading);
  });
});
