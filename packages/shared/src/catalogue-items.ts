import type { MachineListEntry, ServiceListEntry, SparePartListEntry } from './types';

/**
 * `GET /api/catalogue/items?ids=a,b,c`: the catalogue's Favourites view (decision 032) shows items of
 * every kind that the visitor marked in this browser, known only by id. One call answers them all,
 * each tagged with its kind, instead of trying three detail URLs per id.
 */
export const CATALOGUE_ITEMS_URL = '/api/catalogue/items';

/** The most ids one call may name; a visitor with more favourites sees the first this many. */
export const CATALOGUE_ITEMS_MAX_IDS = 100;

export type CatalogueItemsEntry =
  | { kind: 'machine'; item: MachineListEntry }
  | { kind: 'spare'; item: SparePartListEntry }
  | { kind: 'service'; item: ServiceListEntry };

/** The query string for `ids`: sorted and without repeats, so one set of favourites is one URL (cache key). */
export function catalogueItemsUrl(ids: readonly string[]): string {
  const unique = [...new Set(ids)].sort().slice(0, CATALOGUE_ITEMS_MAX_IDS);
  return `${CATALOGUE_ITEMS_URL}?ids=${unique.map(encodeURIComponent).join(',')}`;
}
