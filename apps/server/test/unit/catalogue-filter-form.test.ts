import { describe, expect, it } from 'vitest';
import { foldRangeFields, rangesFromFields } from '@capstan/shared';
import { catalogueFormRedirect } from '../../src/modules/ssr/canonical-redirect';

// The catalogue's filter panel is a GET form of /products: without the app the server turns what
// it sends into the list's own URL, the one the app would make of the same choices.
describe('the catalogue filter form without the app', () => {
  it('folds typed ranges into f parameters and drops the fields left at their defaults', () => {
    expect(
      catalogueFormRedirect(
        '/products?tab=spares&q=collet&sort=name&machine=&min.bar-capacity=40&max.bar-capacity=&min.weight=&max.weight=&filters=open',
      ),
    ).toBe('/products?tab=spares&q=collet&filters=open&f=bar-capacity%3A40-');
  });

  it('reads a range typed the wrong way round, with Indian digit groups, low to high', () => {
    expect(
      rangesFromFields([
        ['min.weight', '2,000'],
        ['max.weight', '1,200'],
      ]).ranges,
    ).toEqual([{ slug: 'weight', min: 1200, max: 2000 }]);
  });

  it('replaces the URL range of an offered slug, removes an emptied one and keeps the others', () => {
    const folded = foldRangeFields(
      new URLSearchParams(
        'f=bar-capacity:10-20&f=weight:-900&f=spindle-bore:30-&min.bar-capacity=25&max.bar-capacity=60&min.weight=&max.weight=',
      ),
    );
    expect(folded?.getAll('f')).toEqual(['bar-capacity:25-60', 'spindle-bore:30-']);
  });

  it('ignores what is no number and what is no slug, instead of failing the page', () => {
    const folded = foldRangeFields(new URLSearchParams('min.bar-capacity=lots&max.bar-capacity=-5&min.Bad Slug=3'));
    expect(folded?.toString()).toBe('');
    expect(catalogueFormRedirect('/products?min.bar-capacity=abc')).toBe('/products');
  });

  it('drops every filter on Reset and keeps the search, order and view', () => {
    expect(
      catalogueFormRedirect(
        '/products?q=lathe&sort=price&view=list&category=cnc-lathe&f=weight:-900&min.bar-capacity=40&reset=filters&filters=open',
      ),
    ).toBe('/products?q=lathe&sort=price&view=list&filters=open');
  });

  it('leaves every other URL alone', () => {
    expect(catalogueFormRedirect('/products?f=bar-capacity:40-&sort=price')).toBeUndefined();
    expect(catalogueFormRedirect('/products')).toBeUndefined();
    expect(catalogueFormRedirect('/?min.bar-capacity=40')).toBeUndefined();
    expect(catalogueFormRedirect('/compare?min.bar-capacity=40')).toBeUndefined();
  });
});
