import { normalizeSpecFilters, specFilterParam, type SpecRange } from './spec-range';
import { compareNames } from './names';
import type { ContentLocale } from './item-translations';

/**
 * The catalogue list calls (`GET /api/products`, `/api/spareparts`, `/api/services`) answer one
 * bounded page (decision 010): a 25,000-part catalogue must not be a 16 MB answer that a phone
 * on a slow link cannot fetch inside the 5 s list timeout.
 *
 * The answer stays a JSON array of list entries (SPEC §7); `X-Total-Count` says how many items
 * match the whole query, so a client can page through them.
 */

/** SPEC §5's catalogue orders. */
export const LIST_SORTS = ['name', 'price', 'featured'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

/** Items in one answer when the call names no `limit`, and the most any call may ask for. */
export const LIST_PAGE_LIMIT = 100;
export const LIST_SEARCH_MAX_LENGTH = 200;
/** Far beyond any real catalogue; bounds what a hostile offset can make the server parse. */
export const LIST_OFFSET_MAX = 10_000_000;

/** The response header carrying the number of items that match the query, across all pages. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

/** A list call's parameters once read (`listQuerySchema` in schemas/list-query.ts). */
export interface ListQuery {
  q: string;
  sort: ListSort;
  offset: number;
  limit: number;
  /** Ranges of typed specifications (`f=bar-capacity:25-65`, catalogue-filters.ts); none when absent. */
  f?: readonly SpecRange[];
  /** Answer the items' Tamil or Hindi texts in place (decision 072); English when absent. */
  lang?: ContentLocale;
}

/** The query string for `query`, leaving out defaults so equal queries give equal URLs (cache keys). */
export function listQueryString(query: Partial<ListQuery>): string {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q !== '') params.set('q', q);
  if (query.sort !== undefined && query.sort !== 'name') params.set('sort', query.sort);
  if (query.offset !== undefined && query.offset > 0) params.set('offset', String(query.offset));
  if (query.limit !== undefined && query.limit !== LIST_PAGE_LIMIT) params.set('limit', String(query.limit));
  for (const filter of normalizeSpecFilters(query.f ?? [])) params.append('f', specFilterParam(filter));
  if (query.lang !== undefined) params.set('lang', query.lang);
  return params.toString();
}

/** What SPEC §5's search and sorts look at. */
export interface ListSortable {
  name: string;
  description: string;
  featured: boolean;
  price?: number | null;
  /** Part number, model or service code: a search finds it exactly or by its beginning (decision 035). */
  code?: string | null;
}

/** SPEC §5: search matches name or description, case-insensitive. `needle` is already lower-cased. */
export function matchesSearch(item: ListSortable, needle: string): boolean {
  return needle === '' || item.name.toLowerCase().includes(needle) || item.description.toLowerCase().includes(needle);
}

/** SPEC §5: name alphabetical; price numeric with missing as 0; featured first, then by name. */
export function compareForSort(sort: ListSort): (a: ListSortable, b: ListSortable) => number {
  if (sort === 'price') return (a, b) => (a.price ?? 0) - (b.price ?? 0) || compareNames(a.name, b.name);
  if (sort === 'featured') return (a, b) => Number(b.featured) - Number(a.featured) || compareNames(a.name, b.name);
  return (a, b) => compareNames(a.name, b.name);
}

/** Per list: how many items it holds and how many of them are featured. */
export interface ListCount {
  total: number;
  featured: number;
}

/**
 * `GET /api/catalogue/summary`: the counts the catalogue's sidebar and tiles and the admin's
 * Featured counters show, without loading any list. `machines` counts category machine (the
 * catalogue's machine list); `products` counts every product.
 */
export interface CatalogueSummary {
  products: ListCount;
  machines: ListCount;
  spareParts: ListCount;
  services: ListCount;
  /**
   * How many machine categories hold at least one machine (the catalogue's Categories tile). Always
   * sent by this server; optional for older clients' fixtures.
   */
  machineCategories?: number;
}
