import type { Machine, Service, SparePart } from '@capstan/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { renderHeadTags } from '../../src/modules/seo/head-tags';
import { catalogueMeta, homeMeta, itemMeta } from '../../src/modules/seo/page-meta';
import { jsonLdBlocks, richResultIssues, schemaOrgProblems } from '../helpers/structured-data';
import { DEFAULT_COMPANY } from '@capstan/shared';

/** The seeded company, as GET /api/site answers it on a fresh database. */
const company = { ...DEFAULT_COMPANY, updatedAt: '2026-11-24T00:00:00.000Z' };

const PUBLIC_URL = 'https://www.example.in';
const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const LONG_DESCRIPTION = `${'Rigid castings, hardened and ground slideways and an all-geared headstock. '.repeat(5)}Made in Coimbatore.`;

const base = {
  id: ID,
  featured: false,
  images: ['/uploads/a.webp'],
  imageUrl: '/uploads/a.webp',
  media: [{ url: '/uploads/a.webp', thumbnailUrl: '/uploads/a-thumb.webp', width: 1600, height: 1200 }],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const machine = (overrides: Partial<Machine> = {}): Machine => ({
  ...base,
  name: 'CL-25 All-Geared Capstan Lathe',
  description: LONG_DESCRIPTION,
  category: 'machine',
  brand: null,
  price: 1500000,
  originalPrice: null,
  rating: 4.6,
  reviewCount: 23,
  features: [],
  hsnCode: '8458',
  gstRate: 18,
  specifications: {},
  specificationList: [],
  ...overrides,
});

const part = (overrides: Partial<SparePart> = {}): SparePart => ({
  ...base,
  name: 'Spring Collet 20 mm',
  description: 'Hardened spring steel collet.',
  price: 1850,
  hsnCode: '8466',
  gstRate: 18,
  specs: {},
  specificationList: [],
  ...overrides,
});

const service: Service = {
  ...base,
  name: 'Annual Maintenance Contract',
  description: LONG_DESCRIPTION,
  hsnCode: '9987',
  gstRate: 18,
  specification: {},
  specificationList: [],
};

const blocksOf = (html: string) => jsonLdBlocks(html);
const ofType = (html: string, type: string) => blocksOf(html).find((block) => block['@type'] === type);
const metaContent = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];

async function expectValid(html: string) {
  const blocks = blocksOf(html);
  expect(blocks.length).toBeGreaterThan(0);
  expect(schemaOrgProblems(blocks)).toEqual([]);
  expect((await richResultIssues(blocks)).filter((issue) => issue.severity === 'ERROR')).toEqual([]);
}

describe('structured data, checked with a validator', () => {
  it('a rated machine: Product with aggregateRating and the whole description', async () => {
    const html = renderHeadTags(itemMeta(company, machine()), PUBLIC_URL);
    await expectValid(html);
    const product = ofType(html, 'Product');
    expect(product?.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.6,
      reviewCount: 23,
      bestRating: 5,
      worstRating: 1,
    });
    expect(product?.description).toBe(LONG_DESCRIPTION.trim());
    expect(String(product?.description)).not.toContain('…');
    // The meta description stays a short snippet.
    expect(metaContent(html, 'name', 'description')?.length).toBeLessThanOrEqual(160);
  });

  it('no aggregateRating without reviews', async () => {
    for (const unrated of [machine({ rating: null, reviewCount: null }), machine({ rating: 4, reviewCount: 0 })]) {
      const html = renderHeadTags(itemMeta(company, unrated), PUBLIC_URL);
      await expectValid(html);
      expect(ofType(html, 'Product')).not.toHaveProperty('aggregateRating');
    }
  });

  it('an offer says what the page says: made to order with its weeks and warranty, or in stock (decision 051)', async () => {
    const made = renderHeadTags(
      itemMeta(
        company,
        machine({
          availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: false },
          warranty: { months: 24, isDefault: true },
        }),
      ),
      PUBLIC_URL,
    );
    await expectValid(made);
    expect(ofType(made, 'Product')?.offers).toMatchObject({
      availability: 'https://schema.org/MadeToOrder',
      deliveryLeadTime: { minValue: 6, maxValue: 8, unitCode: 'WEE' },
      warranty: { '@type': 'WarrantyPromise', durationOfWarranty: { value: 24, unitCode: 'MON' } },
    });

    const stocked = renderHeadTags(
      itemMeta(
        company,
        part({
          availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true },
          warranty: { months: 0, isDefault: false },
        }),
      ),
      PUBLIC_URL,
    );
    await expectValid(stocked);
    const offer = ofType(stocked, 'Product')?.offers as Record<string, unknown>;
    expect(offer.availability).toBe('https://schema.org/InStock');
    // Sold without warranty: no promise is made.
    expect(offer).not.toHaveProperty('warranty');
    expect(offer).not.toHaveProperty('deliveryLeadTime');
  });

  it('a machine with neither price nor reviews has no Offer or rating to give: the one rich-result gap', async () => {
    const html = renderHeadTags(
      itemMeta(company, machine({ price: null, rating: null, reviewCount: null })),
      PUBLIC_URL,
    );
    expect(schemaOrgProblems(blocksOf(html))).toEqual([]);
    const errors = (await richResultIssues(blocksOf(html))).filter((issue) => issue.severity === 'ERROR');
    // Google's snippet and merchant rules both want a price or reviews; we invent neither.
    expect(errors.length).toBeGreaterThan(0);
    for (const issue of errors) expect(issue.fieldNames).toContain('offers');
  });

  it('a priced spare part: Product with an INR offer', async () => {
    const html = renderHeadTags(itemMeta(company, part()), PUBLIC_URL);
    await expectValid(html);
    expect(ofType(html, 'Product')?.offers).toMatchObject({ '@type': 'Offer', price: 1850, priceCurrency: 'INR' });
  });

  it('a service: Service with provider and areaServed, not Product', async () => {
    const html = renderHeadTags(itemMeta(company, service), PUBLIC_URL);
    await expectValid(html);
    expect(ofType(html, 'Product')).toBeUndefined();
    const svc = ofType(html, 'Service');
    expect(svc).toMatchObject({
      name: 'Annual Maintenance Contract',
      description: LONG_DESCRIPTION.trim(),
      url: `${PUBLIC_URL}/product/${ID}`,
      provider: { '@id': `${PUBLIC_URL}/#organization` },
      areaServed: { '@type': 'Country', name: 'India' },
    });
  });

  it('home: Organization and LocalBusiness with geo and a real picture; og:image and twitter:image', async () => {
    const html = renderHeadTags(homeMeta(company), PUBLIC_URL);
    await expectValid(html);
    const business = ofType(html, 'LocalBusiness');
    expect(business?.geo).toEqual({
      '@type': 'GeoCoordinates',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    // The card drawn from the name and tagline, at a URL that changes with them (brand-pictures.test.ts).
    const card = expect.stringMatching(/^https:\/\/www\.example\.in\/og-image\.png\?v=[\w-]{12}$/);
    expect(business?.image).toEqual(card);
    for (const [attr, key] of [
      ['property', 'og:image'],
      ['name', 'twitter:image'],
    ] as const) {
      expect(metaContent(html, attr, key)).toEqual(card);
    }
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
  });

  it('catalogue: og:image and twitter:image too', async () => {
    const html = renderHeadTags(catalogueMeta(company), PUBLIC_URL);
    await expectValid(html);
    expect(metaContent(html, 'property', 'og:image')).toMatch(/^https:\/\/www\.example\.in\/og-image\.png\?v=/);
    expect(metaContent(html, 'name', 'twitter:image')).toBe(metaContent(html, 'property', 'og:image'));
  });

  it('twitter:site only when a handle is configured', () => {
    expect(renderHeadTags(homeMeta(company), PUBLIC_URL)).not.toContain('twitter:site');
    const { twitterSite } = loadConfig({ TWITTER_SITE: '@kovaiprecision' });
    expect(metaContent(renderHeadTags(homeMeta(company), PUBLIC_URL, { twitterSite }), 'name', 'twitter:site')).toBe(
      '@kovaiprecision',
    );
    expect(loadConfig({ TWITTER_SITE: '' }).twitterSite).toBeUndefined();
    expect(() => loadConfig({ TWITTER_SITE: 'https://x.com/kovai' })).toThrow(/TWITTER_SITE/);
  });

  it('the checker itself catches a property the type does not have and a relative URL', () => {
    expect(schemaOrgProblems({ '@type': 'Service', name: 'x', sku: '1', url: '/a' })).toEqual([
      '$: Service has no property "sku"',
      '$.url: /a is not absolute',
    ]);
  });
});
