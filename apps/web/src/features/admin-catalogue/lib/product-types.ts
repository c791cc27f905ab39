import {
  listQueryString,
  type ListQuery,
  type MachineListEntry,
  type ServiceListEntry,
  type SparePartListEntry,
} from '@capstan/shared';

/** SPEC §3 featured-list type tags; also the three kinds the admin lists manage. */
export type AdminProductType = 'machine' | 'spare' | 'service';

export interface AdminItemByType {
  machine: MachineListEntry;
  spare: SparePartListEntry;
  service: ServiceListEntry;
}

export type AdminItem = MachineListEntry | SparePartListEntry | ServiceListEntry;

/** The collection endpoint of each kind (SPEC §7); item calls append `/{id}`. */
export const ENDPOINTS: Record<AdminProductType, string> = {
  machine: '/api/products',
  spare: '/api/spareparts',
  service: '/api/services',
};

export const itemUrl = (endpoint: string, id: string) => `${endpoint}/${encodeURIComponent(id)}`;

/**
 * SPEC §2 'for machines only items with category machine are kept'. Asked of the server, so a
 * page holds 24 machines and the total counts machines only (decision 010).
 */
export const PRODUCT_LIST_FILTERS: Record<AdminProductType, Readonly<Record<string, string>>> = {
  machine: { category: 'machine' },
  spare: {},
  service: {},
};

/** The URL of one page of a list; equal queries give equal URLs, so it doubles as the cache key. */
export function listPageUrl(
  endpoint: string,
  query: Partial<ListQuery>,
  filters: Readonly<Record<string, string>> = {},
): string {
  const search = [new URLSearchParams(filters).toString(), listQueryString(query)].filter((part) => part !== '');
  return search.length === 0 ? endpoint : `${endpoint}?${search.join('&')}`;
}

/** The path of a list URL without its query: which list a cached page belongs to. */
export const listPath = (url: string) => url.split('?', 1)[0] ?? url;
