import { z } from 'zod';
import { compareNames } from './names';

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

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a whole number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be at least ${min}` })
    .max(max, { message: `${label} must be at most ${max}` });

/**
 * Query parameters of a list call. All optional: a bare call is the first page by name. Strict, so
 * a misspelt parameter is a clear 400 rather than a silently unfiltered answer.
 */
export const listQuerySchema = z.strictObject({
  q: z
    .string({ message: 'q must be text' })
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH, { message: `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters` })
    .default(''),
  sort: z.enum(LIST_SORTS, { message: `sort must be one of ${LIST_SORTS.join(', ')}` }).default('name'),
  offset: whole('offset', 0, LIST_OFFSET_MAX).default(0),
  limit: whole('limit', 1, LIST_PAGE_LIMIT).default(LIST_PAGE_LIMIT),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

/** The query string for `query`, leaving out defaults so equal queries give equal URLs (cache keys). */
export function listQueryString(query: Partial<ListQuery>): string {
  const params = new URLSearchParams();
  const q = query.q?.trim() ?? '';
  if (q !== '') params.set('q', q);
  if (query.sort !== undefined && query.sort !== 'name') params.set('sort', query.sort);
  if (query.offset !== undefined && query.offset > 0) params.set('offset', String(query.offset));
  if (query.limit !== undefined && query.limit !== LIST_PAGE_LIMIT) params.set('limit', String(query.limit));
  return params.toString();
}

/** What SPEC §5's search and sorts look at. */
export interface ListSortable {
  name: string;
  description: string;
  featured: boolean;
  price?: number | null;
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
}
