import { describe, expect, it } from 'vitest';
import { LIST_SEARCH_MAX_LENGTH } from '@capstan/shared';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { quoteLink } from '@/lib/quote-link';
import { readCataloguePageQuery, searchTermOf, toCatalogueItem } from './catalogue-items';

describe('catalogue rules', () => {
  it('reads the URL the way the server renderer and the screen both ask for a page', () => {
    expect(readCataloguePageQuery(new URLSearchParams('tab=spares&q=%20Collet%20&sort=price&page=3'))).toEqual({
      tab: 'spares',
      term: 'Collet',
      sort: 'price',
      page: 3,
      category: null,
      machine: null,
      filters: [],
    });
    expect(readCataloguePageQuery(new URLSearchParams('tab=nope&sort=cheapest&page=-2'))).toEqual({
      tab: 'machines',
      term: '',
      sort: 'name',
      page: 1,
      category: null,
      machine: null,
      filters: [],
    });
  });

  it('reads a machine category and specification ranges, dropping what the server would refuse', () => {
    const query = readCataloguePageQuery(
      new URLSearchParams('category=capstan-lathe&f=weight:-2&f=bar-capacity:25-65&f=oops&f=bore:9-1'),
    );
    expect(query.category).toBe('capstan-lathe');
    // One order (by slug), so equal filters make equal URLs and cache keys.
    expect(query.filters).toEqual([
      { slug: 'bar-capacity', min: 25, max: 65 },
      { slug: 'weight', min: null, max: 2 },
    ]);
    // "machine" is every machine; categories belong to the machines tab only.
    expect(readCataloguePageQuery(new URLSearchParams('category=machine')).category).toBeNull();
    expect(readCataloguePageQuery(new URLSearchParams('tab=spares&category=capstan-lathe')).category).toBeNull();
  });

  it('cuts a search to what the server accepts', () => {
    expect(searchTermOf(`  ${'a'.repeat(LIST_SEARCH_MAX_LENGTH + 50)}`)).toHaveLength(LIST_SEARCH_MAX_LENGTH);
    expect(searchTermOf(`${'a'.repeat(LIST_SEARCH_MAX_LENGTH - 1)}  b`)).toBe('a'.repeat(LIST_SEARCH_MAX_LENGTH - 1));
  });

  it('uses the thumbnail with its size, else the first usable image, else the placeholder', () => {
    const withMedia = toCatalogueItem(
      'machines',
      buildMachine({
        images: ['/uploads/a.webp'],
        media: [{ url: '/uploads/a.webp', thumbnailUrl: '/uploads/a-thumb.webp', width: 480, height: 360 }],
      }),
    );
    expect(withMedia.image).toEqual({ src: '/uploads/a-thumb.webp', width: 480, height: 360 });
    expect(
      toCatalogueItem('spares', buildSparePart({ images: ['relative.png', 'https://x.test/p.jpg'] })).image.src,
    ).toBe('https://x.test/p.jpg');
    expect(toCatalogueItem('spares', buildSparePart({ images: [] })).image.src).toContain('placeholder-part');
  });

  it('builds quote links with the matching contact service', () => {
    expect(toCatalogueItem('spares', buildSparePart({ name: 'Pin' })).quoteHref).toBe(
      '/?service=spare-parts&product=Pin#contact',
    );
    expect(toCatalogueItem('machines', buildMachine({ name: 'KPM CNC-200', category: 'cnc-lathe' })).quoteHref).toBe(
      '/?service=cnc-lathe&product=KPM%20CNC-200#contact',
    );
    expect(toCatalogueItem('services', buildService({ name: 'Machine Installation' })).quoteHref).toContain(
      'service=services',
    );
    expect(
      toCatalogueItem('services', buildService({ name: 'Annual Maintenance Contract (AMC)' })).quoteHref,
    ).toContain('service=maintenance');
    expect(quoteLink('service', 'Custom Machining & Jobs')).toBe(
      '/?service=services&product=Custom%20Machining%20%26%20Jobs#contact',
    );
  });
});
