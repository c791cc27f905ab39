import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AdminSiteSettings,
  type AuditPage,
  type CompanySettings,
  DEFAULT_COMPANY,
  DEFAULT_LANDING,
  type LandingContent,
  type PublicSiteSettings,
} from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const getSite = async (lang?: string) => {
  const response = await t.app.inject({ method: 'GET', url: lang ? `/api/site?lang=${lang}` : '/api/site' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PublicSiteSettings>();
};
const getAdminSite = async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<AdminSiteSettings>();
};
const put = (part: 'company' | 'landing', payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/site/${part}`, payload, headers: bearer(token) });

const ta = DEFAULT_LANDING.translations?.ta;
const hi = DEFAULT_LANDING.translations?.hi;

describe('the site settings in Tamil and Hindi', () => {
  it('seeds Tamil and Hindi demo texts, answered beside the English and in place with ?lang', async () => {
    const english = await getSite();
    expect(english.landing.hero.heading).toBe(DEFAULT_LANDING.hero.heading);
    expect(english.landing.translations).toEqual(DEFAULT_LANDING.translations);
    expect(english.company.translations).toEqual(DEFAULT_COMPANY.translations);

    const tamil = await getSite('ta');
    expect(tamil.landing).not.toHaveProperty('translations');
    expect(tamil.company).not.toHaveProperty('translations');
    expect(tamil.landing.hero.heading).toBe(ta?.hero?.heading);
    expect(tamil.landing.hero.text).toBe(ta?.hero?.text);
    expect(tamil.landing.about.paragraphs).toEqual(ta?.about?.paragraphs);
    expect(tamil.landing.services.map((service) => service.title)).toEqual(ta?.services?.map((s) => s.title));
    // Figures, icons and links stay as they are.
    expect(tamil.landing.stats.map((stat) => [stat.value, stat.suffix])).toEqual(
      DEFAULT_LANDING.stats.map((stat) => [stat.value, stat.suffix]),
    );
    expect(tamil.landing.services.map((service) => service.icon)).toEqual(DEFAULT_LANDING.services.map((s) => s.icon));
    expect(tamil.company.tagline).toBe(DEFAULT_COMPANY.translations?.ta?.tagline);
    expect(tamil.company.name).toBe(DEFAULT_COMPANY.name);
    expect(tamil.company.phones.map((phone) => phone.number)).toEqual(DEFAULT_COMPANY.phones.map((p) => p.number));
    expect(tamil.company.whatsapp.message).toBe(DEFAULT_COMPANY.translations?.ta?.whatsappMessage);
    // Testimonials are the customers' own words.
    expect(tamil.landing.testimonials).toEqual(DEFAULT_LANDING.testimonials);

    const hindi = await getSite('hi');
    expect(hindi.landing.about.heading).toBe(hi?.about?.heading);
    expect(hindi.landing.stats.map((stat) => stat.label)).toEqual(hi?.stats);
  });

  it('refuses a language it does not have', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site?lang=fr' });
    expect(response.statusCode).toBe(400);
  });

  it('caches each language apart: an ETag per language, and a save changes every language', async () => {
    const tamil = await t.app.inject({ method: 'GET', url: '/api/site?lang=ta' });
    const english = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(tamil.headers.etag).toBeTruthy();
    expect(tamil.headers.etag).not.toBe(english.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/site?lang=ta',
      headers: { 'if-none-match': String(tamil.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    const { landing } = await getAdminSite();
    const saved = await put('landing', {
      ...landing,
      translations: { ta: { hero: { heading: 'கோவையில் உருவான கேப்ஸ்டன் லேத்கள்' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/site?lang=ta' });
    expect(after.headers.etag).not.toBe(tamil.headers.etag);
    expect(after.json<PublicSiteSettings>().landing.hero.heading).toBe('கோவையில் உருவான கேப்ஸ்டன் லேத்கள்');
  });

  it('patches per text: absent keeps, empty removes (English shows), other languages stay', async () => {
    const { landing } = await getAdminSite();
    const before = landing.translations;
    const saved = await put('landing', {
      ...landing,
      translations: { ta: { hero: { eyebrow: '', text: 'புதிய உரை' } } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json<LandingContent>().translations;
    expect(stored?.ta?.hero).toEqual({ heading: before?.ta?.hero?.heading, text: 'புதிய உரை' });
    expect(stored?.ta?.about).toEqual(before?.ta?.about);
    expect(stored?.hi).toEqual(before?.hi);

    const tamil = await getSite('ta');
    expect(tamil.landing.hero.eyebrow).toBe(landing.hero.eyebrow);
    expect(tamil.landing.hero.text).toBe('புதிய உரை');

    // A copy without translations (a client that does not know them) keeps them all.
    const { translations: _left, ...english } = saved.json<LandingContent>();
    const again = await put('landing', { ...english, about: { ...english.about, heading: 'About us' } });
    expect(again.statusCode).toBe(200);
    expect(again.json<LandingContent>().translations).toEqual(stored);
  });

  it('translates lists by position, English where a position has none, and drops positions past the English', async () => {
    const { landing } = await getAdminSite();
    const saved = await put('landing', {
      ...landing,
      about: { ...landing.about, paragraphs: ['First.', 'Second.', 'Third.'] },
      reasons: landing.reasons.slice(0, 2),
      translations: {
        hi: {
          about: { paragraphs: ['', 'दूसरा।'] },
          reasons: [{ title: 'पहला कारण' }, { description: '' }, { title: 'तीसरा' }],
          stats: ['', '', '', ''],
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json<LandingContent>().translations?.hi;
    expect(stored?.about?.paragraphs).toEqual(['', 'दूसरा।']);
    // The third reason has no English any more; the second had nothing to show.
    expect(stored?.reasons).toEqual([{ title: 'पहला कारण' }]);
    expect(stored?.stats).toBeUndefined();

    const hindi = await getSite('hi');
    expect(hindi.landing.about.paragraphs).toEqual(['First.', 'दूसरा।', 'Third.']);
    expect(hindi.landing.reasons).toEqual([
      { title: 'पहला कारण', description: landing.reasons[0]?.description },
      landing.reasons[1],
    ]);
    expect(hindi.landing.stats.map((stat) => stat.label)).toEqual(landing.stats.map((stat) => stat.label));
  });

  it('refuses an overlong translation at its own path, with the English field’s message, and saves nothing', async () => {
    const before = await getAdminSite();
    const response = await put('landing', {
      ...before.landing,
      translations: {
        ta: { hero: { heading: 'க'.repeat(121) }, services: [{ title: 'x' }, { description: 'y'.repeat(301) }] },
      },
    });
    expect(response.statusCode).toBe(400);
    const issues = response
      .json<{ issues: { path: (string | number)[]; message: string }[] }>()
      .issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toEqual([
      ['translations.ta.hero.heading', 'Hero heading must be at most 120 characters'],
      ['translations.ta.services.1.description', 'Description must be at most 300 characters'],
    ]);
    const company = await put('company', {
      ...before.company,
      translations: { hi: { tagline: 'त'.repeat(201) }, fr: { tagline: 'Bonjour' } },
    });
    expect(company.statusCode).toBe(400);
    expect(await getAdminSite()).toEqual(before);
  });

  it('the company: tagline, WhatsApp message and phone labels per language; the rest of the company kept', async () => {
    const { company } = await getAdminSite();
    const saved = await put('company', {
      ...company,
      phones: [company.phones[0]],
      translations: {
        ta: { tagline: 'கோவையின் லேத் நிபுணர்கள்', phoneLabels: ['கைபேசி', 'அலுவலகம்'] },
        hi: { whatsappMessage: '' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json<CompanySettings>();
    expect(stored.translations?.ta).toEqual({
      tagline: 'கோவையின் லேத் நிபுணர்கள்',
      whatsappMessage: company.translations?.ta?.whatsappMessage,
      // One phone left: the second label could never show.
      phoneLabels: ['கைபேசி'],
    });
    expect(stored.translations?.hi).toEqual({
      tagline: company.translations?.hi?.tagline,
      phoneLabels: company.translations?.hi?.phoneLabels?.slice(0, 1),
    });
    expect(stored.notificationEmails).toEqual(company.notificationEmails);

    const tamil = await getSite('ta');
    expect(tamil.company.tagline).toBe('கோவையின் லேத் நிபுணர்கள்');
    expect(tamil.company.phones).toEqual([{ label: 'கைபேசி', number: company.phones[0]?.number }]);
    const hindi = await getSite('hi');
    expect(hindi.company.whatsapp.message).toBe(company.whatsapp.message);

    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    const entry = activity.json<AuditPage>().entries.find((item) => item.action === 'site.company');
    expect(entry?.changes?.['translations.ta.tagline']).toEqual({
      before: company.translations?.ta?.tagline,
      after: 'கோவையின் லேத் நிபுணர்கள்',
    });
  });
});
