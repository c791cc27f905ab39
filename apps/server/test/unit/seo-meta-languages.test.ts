import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, type SparePart } from '@capstan/shared';
import { SERVER_CATALOGUES, serverTranslator } from '../../src/i18n/server-translator';
import { renderHeadTags } from '../../src/modules/seo/head-tags';
import { catalogueMeta, compareMeta, homeMeta, itemMeta, notFoundMeta } from '../../src/modules/seo/page-meta';

const company = { ...DEFAULT_COMPANY, updatedAt: '2026-11-24T00:00:00.000Z' };
const PUBLIC_URL = 'https://www.example.in';
const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';

const part: SparePart = {
  id: ID,
  name: 'Spring Collet 20 mm',
  description: '',
  featured: false,
  images: [],
  imageUrl: null,
  media: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  code: 'SC-20',
  price: 1250,
  specs: {},
  specList: [],
  compatibleMachines: [],
  availability: null,
  warranty: null,
} as unknown as SparePart;

function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type !== TYPE.literal && element.type !== TYPE.pound) found.add(element.value);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe("the server's catalogues", () => {
  it('have every English message in Tamil and Hindi, with the same arguments', () => {
    for (const locale of ['ta', 'hi'] as const) {
      for (const [namespace, english] of Object.entries(SERVER_CATALOGUES.en)) {
        const translated = SERVER_CATALOGUES[locale][namespace] ?? {};
        expect(Object.keys(translated).sort(), `${locale}/${namespace}`).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(english)) {
          expect(placeholders(translated[key] ?? ''), `${locale}/${namespace}.${key}`).toEqual(placeholders(message));
          expect(translated[key], `${locale}/${namespace}.${key} is not translated`).not.toBe(
            /[a-z]{4}/i.test(message.replace(/\{[^}]*\}/g, '').replace(/CNC/g, '')) ? message : undefined,
          );
        }
      }
    }
  });
});

describe('page titles, descriptions and structured data in the reader’s language', () => {
  const tamil = serverTranslator('ta');
  const hindi = serverTranslator('hi');

  it('titles and describes the home page and the catalogue in Tamil and Hindi', () => {
    expect(homeMeta(company, tamil).title).toBe(`${company.name} — கேப்ஸ்டன் லேத்கள் & CNC மெஷின்கள், கோயம்புத்தூர்`);
    expect(homeMeta(company, hindi).description).toContain('कोटेशन माँगें');
    const catalogue = catalogueMeta(company, '/products?tab=spares', tamil);
    expect(catalogue.title).toBe(`தயாரிப்புப் பட்டியல் | ${company.name}`);
    expect(catalogue.canonicalPath).toBe('/products?tab=spares');
    expect(catalogue.jsonLd[0]).toMatchObject({
      itemListElement: [
        { name: 'முகப்பு', item: '/ta/' },
        { name: 'தயாரிப்புகள்', item: '/ta/products' },
      ],
    });
  });

  it("names an item's Hindi page in its structured data, with the fallback description in Hindi", () => {
    const meta = itemMeta(company, part, hindi);
    expect(meta.canonicalPath).toBe(`/product/${ID}`);
    expect(meta.description).toBe(`${company.name} का Spring Collet 20 mm।`);
    const head = renderHeadTags(meta, PUBLIC_URL, {}, 'hi');
    expect(head).toContain(`<link rel="canonical" href="${PUBLIC_URL}/hi/product/${ID}">`);
    expect(head).toContain(`"url":"${PUBLIC_URL}/hi/product/${ID}"`);
    expect(head).toContain('"category":"स्पेयर पार्ट्स"');
    expect(head).toContain('<meta property="og:locale" content="hi_IN">');
    expect(head).toContain('<meta property="og:locale:alternate" content="en_IN">');
  });

  it('lists compared machines and says not found in the language', () => {
    const compare = compareMeta(company, '/compare?ids=a,b,c', ['A', 'B', 'C'], tamil);
    expect(compare.description).toContain('A, B மற்றும் C');
    expect(notFoundMeta(company, '/product/x', hindi).title).toBe(`प्रोडक्ट नहीं मिला | ${company.name}`);
  });
});
