import type { Machine, Service, SparePart } from '@capstan/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { renderHeadTags } from '../../src/modules/seo/head-tags';
import {
  adminMeta,
  catalogueMeta,
  homeMeta,
  itemMeta,
  notFoundMeta,
  toMetaDescription,
} from '../../src/modules/seo/page-meta';
import { DEFAULT_COMPANY } from '@capstan/shared';

/** The seeded company, as GET /api/site answers it on a fresh database. */
const company = { ...DEFAULT_COMPANY, updatedAt: '2026-11-24T00:00:00.000Z' };

const PUBLIC_URL = 'https://www.example.in';
const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const IMAGE_ID = '11111111-2222-4333-8444-555555555555';

function machine(overrides: Partial<Machine> = {}): Machine {
  return {
    id: ID,
    name: 'CL-25 All-Geared Capstan Lathe',
    description: 'A rigid all-geared capstan lathe for bar work up to 25 mm.',
    featured: false,
    images: [`/uploads/${IMAGE_ID}.webp`],
    imageUrl: `/uploads/${IMAGE_ID}.webp`,
    media: [
      { url: `/uploads/${IMAGE_ID}.webp`, thumbnailUrl: `/uploads/${IMAGE_ID}-thumb.webp`, width: 1600, height: 1200 },
    ],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    category: 'machine',
    brand: null,
    price: 1500000,
    originalPrice: null,
    rating: null,
    reviewCount: null,
    availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: true },
    warranty: { months: 24, isDefault: true },
    features: [],
    hsnCode: '8458',
    gstRate: 18,
    specifications: { 'Bar Capacity': '25 mm' },
    specificationList: [{ key: 'Bar Capacity', value: '25 mm' }],
    ...overrides,
  };
}

function sparePart(overrides: Partial<SparePart> = {}): SparePart {
  return {
    id: ID,
    name: 'Spring Collet 20 mm',
    description: 'Hardened spring steel collet.',
    featured: false,
    images: [],
    imageUrl: null,
    media: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    price: null,
    hsnCode: '8466',
    gstRate: 18,
    specs: { Bore: '20 mm' },
    specificationList: [{ key: 'Bore', value: '20 mm' }],
    ...overrides,
  };
}

const service: Service = {
  id: ID,
  name: 'Annual Maintenance Contract',
  description: 'Preventive maintenance visits.',
  featured: false,
  images: [],
  imageUrl: null,
  media: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  hsnCode: '9987',
  gstRate: 18,
  specification: {},
  specificationList: [],
};

/** The JSON-LD blocks as a browser/crawler would read them back. */
function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

function metaContent(html: string, attr: 'name' | 'property', key: string): string | undefined {
  const match = new RegExp(`<meta ${attr}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1];
}

function byType(blocks: Record<string, unknown>[], type: string): Record<string, unknown> {
  const block = blocks.find((b) => b['@type'] === type);
  if (!block) throw new Error(`no ${type} block`);
  return block;
}

describe('item head tags', () => {
  it('describes a priced machine: title, description, absolute canonical and image, Product with an INR offer', () => {
    const meta = itemMeta(company, machine());
    expect(meta.status).toBe(200);
    expect(meta.ogType).toBe('product');
    const html = renderHeadTags(meta, PUBLIC_URL);

    expect(html).toContain('<title>CL-25 All-Geared Capstan Lathe | Kovai Precision Machines</title>');
    expect(metaContent(html, 'name', 'description')).toBe('A rigid all-geared capstan lathe for bar work up to 25 mm.');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/${ID}">`);
    expect(metaContent(html, 'property', 'og:url')).toBe(`${PUBLIC_URL}/product/${ID}`);
    expect(metaContent(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}/uploads/${IMAGE_ID}.webp`);
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1600');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:alt')).toBe('CL-25 All-Geared Capstan Lathe');
    expect(metaContent(html, 'property', 'og:type')).toBe('product');
    expect(metaContent(html, 'property', 'og:locale')).toBe('en_IN');
    expect(metaContent(html, 'property', 'og:site_name')).toBe('Kovai Precision Machines');
    expect(metaContent(html, 'property', 'product:price:amount')).toBe('1500000');
    expect(metaContent(html, 'property', 'product:price:currency')).toBe('INR');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(`${PUBLIC_URL}/uploads/${IMAGE_ID}.webp`);
    expect(html).not.toContain('name="robots"');

    const blocks = jsonLdBlocks(html);
    const product = byType(blocks, 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'CL-25 All-Geared Capstan Lathe',
      description: 'A rigid all-geared capstan lathe for bar work up to 25 mm.',
      sku: ID,
      url: `${PUBLIC_URL}/product/${ID}`,
      image: [`${PUBLIC_URL}/uploads/${IMAGE_ID}.webp`],
      brand: { '@type': 'Brand', name: 'Kovai Precision Machines' },
      category: 'Machines',
      offers: {
        '@type': 'Offer',
        priceCurrency: 'INR',
        price: 1500000,
        // What the page says: made to order in 6-8 weeks, 24 months' warranty (decision 051).
        availability: 'https://schema.org/MadeToOrder',
        deliveryLeadTime: { '@type': 'QuantitativeValue', minValue: 6, maxValue: 8, unitCode: 'WEE' },
        warranty: {
          '@type': 'WarrantyPromise',
          durationOfWarranty: { '@type': 'QuantitativeValue', value: 24, unitCode: 'MON' },
        },
        url: `${PUBLIC_URL}/product/${ID}`,
      },
    });
    const crumbs = byType(blocks, 'BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Products', item: `${PUBLIC_URL}/products` },
      { '@type': 'ListItem', position: 3, name: 'CL-25 All-Geared Capstan Lathe', item: `${PUBLIC_URL}/product/${ID}` },
    ]);
  });

  it('uses the machine brand when it has one', () => {
    const product = byType(
      jsonLdBlocks(renderHeadTags(itemMeta(company, machine({ brand: 'Fanuc' })), PUBLIC_URL)),
      'Product',
    );
    expect(product.brand).toEqual({ '@type': 'Brand', name: 'Fanuc' });
  });

  it('gives an unpriced spare part no offer and no price tags (price on request)', () => {
    const meta = itemMeta(company, sparePart());
    expect(meta.price).toBeUndefined();
    expect(meta.image).toBeUndefined();
    const html = renderHeadTags(meta, PUBLIC_URL);
    const product = byType(jsonLdBlocks(html), 'Product');
    expect(product).not.toHaveProperty('offers');
    expect(product).not.toHaveProperty('image');
    expect(product.category).toBe('Spare Parts');
    expect(html).not.toContain('product:price');
    expect(html).not.toContain('og:image');
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
  });

  it('treats a priced spare part and a service by their kind', () => {
    const part = byType(
      jsonLdBlocks(
        renderHeadTags(
          itemMeta(
            company,
            sparePart({
              price: 1850,
              availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true },
              warranty: { months: 12, isDefault: true },
            }),
          ),
          PUBLIC_URL,
        ),
      ),
      'Product',
    );
    expect(part.offers).toMatchObject({
      priceCurrency: 'INR',
      price: 1850,
      availability: 'https://schema.org/InStock',
      warranty: { durationOfWarranty: { value: 12, unitCode: 'MON' } },
    });
    expect(part.offers).not.toHaveProperty('deliveryLeadTime');
    const svc = byType(jsonLdBlocks(renderHeadTags(itemMeta(company, service), PUBLIC_URL)), 'Service');
    expect(svc.provider).toEqual({ '@id': `${PUBLIC_URL}/#organization` });
    expect(svc).not.toHaveProperty('offers');
  });

  it('keeps the description plain and short', () => {
    const long = `${'Rigid   castings\nand ground slideways. '.repeat(20)}End.`;
    const meta = itemMeta(company, machine({ description: long }));
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.description).not.toMatch(/\s{2}|\n/);
    expect(meta.description.endsWith('…')).toBe(true);
    expect(toMetaDescription('short text')).toBe('short text');
    expect(itemMeta(company, machine({ description: '   ' })).description).toContain('CL-25');
  });
});

describe('escaping', () => {
  const hostile = '</title><script>alert(1)</script>';

  it('escapes a hostile item name everywhere in the head', () => {
    const html = renderHeadTags(
      itemMeta(company, machine({ name: hostile, description: `"quoted" & ${hostile}` })),
      PUBLIC_URL,
    );
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('</title><script>');
    expect(html).toContain(
      '<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Kovai Precision Machines</title>',
    );
    expect(metaContent(html, 'name', 'description')).toBe(
      '&quot;quoted&quot; &amp; &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    // Only the JSON-LD data blocks, and nothing else, open a script element.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html.match(/<script type="application\/ld\+json">/g)).toHaveLength(2);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('never lets JSON-LD close its script element, and round-trips the text', () => {
    const name = 'Lathe </script><script>alert(1)</script> \u2028 \u2029 & <!--';
    const html = renderHeadTags(itemMeta(company, machine({ name })), PUBLIC_URL);
    for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
      const body = match[1] ?? '';
      expect(body).not.toMatch(/[<>\u2028\u2029]/);
      expect(body).toContain('\\u003c/script\\u003e');
    }
    expect(byType(jsonLdBlocks(html), 'Product').name).toBe(name);
  });

  it('escapes a hostile requested path on the 404 page', () => {
    const html = renderHeadTags(notFoundMeta(company, '/"><script>alert(1)</script>?q=1'), PUBLIC_URL);
    expect(html).not.toContain('<script>');
  });
});

describe('other pages', () => {
  it('404: status 404, noindex, no canonical, no JSON-LD', () => {
    const meta = notFoundMeta(company, '/product/missing?x=1');
    expect(meta.status).toBe(404);
    expect(meta.noindex).toBe(true);
    expect(meta.canonicalPath).toBe('/product/missing');
    expect(meta.title).toBe('Product not found | Kovai Precision Machines');
    expect(notFoundMeta(company, '/nowhere').title).toBe('Page not found | Kovai Precision Machines');
    const html = renderHeadTags(meta, PUBLIC_URL);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).not.toContain('rel="canonical"');
    expect(html).not.toContain('application/ld+json');
  });

  it('admin: noindex', () => {
    const html = renderHeadTags(adminMeta(company), PUBLIC_URL);
    expect(adminMeta(company).noindex).toBe(true);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('home: Organization and LocalBusiness with address, phones, email, hours and socials', () => {
    const meta = homeMeta(company);
    expect(meta.status).toBe(200);
    expect(meta.title).toBe('Kovai Precision Machines — Capstan Lathes & CNC Machines, Coimbatore');
    const html = renderHeadTags(meta, `${PUBLIC_URL}/`);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/">`);
    expect(html).toContain('<title>Kovai Precision Machines — Capstan Lathes &amp; CNC Machines, Coimbatore</title>');
    const blocks = jsonLdBlocks(html);
    const organization = byType(blocks, 'Organization');
    expect(organization).toMatchObject({
      name: 'Kovai Precision Machines',
      url: `${PUBLIC_URL}/`,
      logo: expect.stringMatching(/^https:\/\/www\.example\.in\/logo\.png\?v=[\w-]{12}$/),
      email: 'sales@kovaiprecision.in',
    });
    expect(organization.sameAs).toContain('https://www.linkedin.com/company/kovai-precision-machines');
    const business = byType(blocks, 'LocalBusiness');
    expect(business).toMatchObject({
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Coimbatore',
        addressRegion: 'Tamil Nadu',
        postalCode: '641021',
        addressCountry: 'IN',
      },
      telephone: '+919843012345',
      email: 'sales@kovaiprecision.in',
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
          opens: '09:00',
          closes: '20:00',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Sunday'], opens: '10:00', closes: '18:00' },
      ],
    });
    expect((business.sameAs as string[]).length).toBe(4);
  });

  it('catalogue: breadcrumb Home › Products', () => {
    const meta = catalogueMeta(company);
    expect(meta.canonicalPath).toBe('/products');
    expect(meta.description.length).toBeLessThanOrEqual(160);
    const crumbs = byType(jsonLdBlocks(renderHeadTags(meta, PUBLIC_URL)), 'BreadcrumbList');
    expect(crumbs.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${PUBLIC_URL}/` },
      { '@type': 'ListItem', position: 2, name: 'Products', item: `${PUBLIC_URL}/products` },
    ]);
  });
});

describe('PUBLIC_URL config', () => {
  it('accepts an absolute http(s) URL and strips a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://www.example.in/' }).publicUrl).toBe('https://www.example.in');
    expect(loadConfig({ PUBLIC_URL: 'http://example.in:8080' }).publicUrl).toBe('http://example.in:8080');
  });

  it('defaults to the listen address, with wildcard hosts mapped to loopback', () => {
    expect(loadConfig({}).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ PUBLIC_URL: '' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).publicUrl).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: 'shop.local', PORT: '80' }).publicUrl).toBe('http://shop.local:80');
  });

  it.each([
    'example.in',
    '/relative',
    'ftp://example.in',
    'javascript:alert(1)',
    'https://user:pw@example.in',
    'https://example.in/?x=1',
    'https://example.in/#top',
    'https://example.in?',
  ])('refuses %s', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL/);
  });
});
