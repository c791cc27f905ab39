import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type GstRate,
  gstDefaultsFor,
  isGstRate,
  listQueryString,
  type Machine,
  type MachineListEntry,
  type Service,
  type ServiceListEntry,
  type SparePart,
  type SparePartListEntry,
} from '@capstan/shared';
import { api } from '@/lib/api-client';

/** The three kinds of the catalogue, as inquiry lines name them. */
export type CatalogueKind = 'machine' | 'spare' | 'service';
export const CATALOGUE_KINDS: readonly CatalogueKind[] = ['machine', 'spare', 'service'];

/** The admin catalogue's list and item endpoints of each kind (SPEC §7). */
const ENDPOINTS: Record<CatalogueKind, string> = {
  machine: '/api/products',
  spare: '/api/spareparts',
  service: '/api/services',
};

/** Enough to choose from while typing; a longer list means the search needs another word. */
export const PICKER_LIMIT = 8;

type ListEntry = MachineListEntry | SparePartListEntry | ServiceListEntry;

/** What a quotation line takes from a catalogue item. */
export interface CatalogueLine {
  itemId: string;
  kind: CatalogueKind;
  name: string;
  code: string | null;
  hsn: string;
  gstRate: GstRate;
  /** Whole rupees, or null when the item has no price (machines are often quoted on request). */
  price: number | null;
}

export const pickerSearchUrl = (kind: CatalogueKind, q: string) => {
  const filters = kind === 'machine' ? 'category=machine&' : '';
  return `${ENDPOINTS[kind]}?${filters}${listQueryString({ q, limit: PICKER_LIMIT })}`;
};

/** The catalogue's own search (name, description, code) for the line picker: one small page. */
export function useCatalogueSearch(kind: CatalogueKind, q: string) {
  const url = pickerSearchUrl(kind, q);
  return useQuery({
    queryKey: [url, 'quotation-picker'],
    queryFn: async ({ signal }) => (await api.list<ListEntry>(url, { signal })).items,
    enabled: q.trim() !== '',
  });
}

function priceOf(item: { price?: number | null }): number | null {
  return typeof item.price === 'number' && Number.isFinite(item.price) ? item.price : null;
}

/**
 * The item by id with its HSN/SAC code and GST rate, which list entries leave out (decision 075).
 * A deleted item (404) or a rate no longer allowed falls back to its kind's defaults: staff still
 * see and can correct the line.
 */
export async function catalogueLine(
  kind: CatalogueKind,
  id: string,
  signal?: AbortSignal,
): Promise<CatalogueLine | null> {
  let item: Machine | SparePart | Service;
  try {
    item = await api.get<Machine | SparePart | Service>(`${ENDPOINTS[kind]}/${encodeURIComponent(id)}`, {
      ...(signal ? { signal } : {}),
    });
  } catch {
    return null;
  }
  const defaults = gstDefaultsFor(kind, 'category' in item ? item.category : null);
  const hsn = typeof item.hsnCode === 'string' && item.hsnCode !== '' ? item.hsnCode : defaults.hsnCode;
  const rate: unknown = item.gstRate;
  return {
    itemId: item.id,
    kind,
    name: item.name,
    code: item.code ?? null,
    hsn,
    gstRate: isGstRate(rate) ? rate : defaults.gstRate,
    price: priceOf(item as { price?: number | null }),
  };
}

export const catalogueLineQueryOptions = (kind: CatalogueKind, id: string) =>
  queryOptions({
    queryKey: [ENDPOINTS[kind], 'quotation-line', id],
    queryFn: ({ signal }) => catalogueLine(kind, id, signal),
    staleTime: 60_000,
  });
