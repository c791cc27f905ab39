import { describe, expect, it } from 'vitest';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { quoteLink } from '@/lib/quote-link';
import { filterItems, sortItems, toCatalogueItem } from './catalogue-items';

const machine = (overrides: Parameters<typeof buildMachine>[0]) => toCatalogueItem('machines', buildMachine(overrides));

describe('catalogue rules', () => {
  it('matches name or description regardless of case, ignoring surrounding spaces', () => {
    const items = [machine({ name: 'Capstan', description: 'turret' }), machine({ name: 'CNC', description: 'Fanuc' })];
    expect(filterItems(items, '  fanUC ').map((i) => i.name)).toEqual(['CNC']);
    expect(filterItems(items, 'capSTAN').map((i) => i.name)).toEqual(['Capstan']);
    expect(filterItems(items, '')).toBe(items);
  });

  it('sorts price numerically with missing as 0', () => {
    const items = [
      machine({ name: 'a', price: 20 }),
      machine({ name: 'b', price: null }),
      machine({ name: 'c', price: 3 }),
    ];
    expect(sortItems(items, 'price').map((i) => i.name)).toEqual(['b', 'c', 'a']);
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
      '/?service=general&product=Pin#contact',
    );
    expect(toCatalogueItem('services', buildService({ name: 'Machine Installation' })).quoteHref).toContain(
      'service=installation',
    );
    expect(quoteLink('service', 'Custom Machining & Jobs')).toBe(
      '/?service=custom-machining&product=Custom%20Machining%20%26%20Jobs#contact',
    );
    expect(quoteLink('service', 'Operator training')).toContain('service=general');
  });
});
