import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import {
  LIST_TIMEOUT_MS,
  type MachineListEntry,
  type ServiceListEntry,
  type SparePartListEntry,
} from '@capstan/shared';
import { api, ApiError, TimeoutError } from '@/lib/api-client';
import { toCatalogueItem, type CatalogueItem, type CatalogueTab } from '../lib/catalogue-items';

/** The words SPEC §8 uses for each list in its timeout and failure messages. */
const LIST_NOUNS: Record<CatalogueTab, string> = {
  machines: 'machines',
  spares: 'spare parts',
  services: 'services',
};

/** SPEC §8: 'Request for … timed out.' / 'Failed to fetch …: {status text}'. */
export function describeListFailure(tab: CatalogueTab, error: unknown): string {
  const noun = LIST_NOUNS[tab];
  if (error instanceof TimeoutError) return `Request for ${noun} timed out.`;
  if (error instanceof ApiError) return `Failed to fetch ${noun}: ${error.statusText || String(error.status)}`;
  return `Failed to fetch ${noun}: ${error instanceof Error ? error.message : String(error)}`;
}

/** SPEC §7: each catalogue list call is aborted after 5 s; failures are logged with the spec's text. */
async function fetchList<T>(tab: CatalogueTab, url: string, signal: AbortSignal): Promise<T[]> {
  try {
    return await api.get<T[]>(url, { signal, timeoutMs: LIST_TIMEOUT_MS });
  } catch (error) {
    // Cancelled by the query layer (the screen went away): not a failure to report.
    if (signal.aborted) throw error;
    const message = describeListFailure(tab, error);
    console.error(message);
    throw new Error(message, { cause: error });
  }
}

export const MACHINES_URL = '/api/products?category=machine';
export const SPARE_PARTS_URL = '/api/spareparts';
export const SERVICES_URL = '/api/services';

export const machinesQuery = queryOptions({
  queryKey: [MACHINES_URL],
  queryFn: ({ signal }) => fetchList<MachineListEntry>('machines', MACHINES_URL, signal),
});

export const sparePartsQuery = queryOptions({
  queryKey: [SPARE_PARTS_URL],
  queryFn: ({ signal }) => fetchList<SparePartListEntry>('spares', SPARE_PARTS_URL, signal),
});

export const servicesQuery = queryOptions({
  queryKey: [SERVICES_URL],
  queryFn: ({ signal }) => fetchList<ServiceListEntry>('services', SERVICES_URL, signal),
});

export type CatalogueLists = Record<CatalogueTab, CatalogueItem[]>;

export type CatalogueResult =
  { status: 'pending' } | { status: 'error'; errors: Error[] } | { status: 'success'; lists: CatalogueLists };

// Module-level so TanStack Query memoises the combined result between renders.
function combine([machines, spares, services]: [
  UseQueryResult<MachineListEntry[]>,
  UseQueryResult<SparePartListEntry[]>,
  UseQueryResult<ServiceListEntry[]>,
]): CatalogueResult {
  const errors = [machines.error, spares.error, services.error].filter((e): e is Error => e !== null);
  if (errors.length > 0) return { status: 'error', errors };
  if (!machines.data || !spares.data || !services.data) return { status: 'pending' };
  return {
    status: 'success',
    lists: {
      machines: machines.data.map((item) => toCatalogueItem('machines', item)),
      spares: spares.data.map((item) => toCatalogueItem('spares', item)),
      services: services.data.map((item) => toCatalogueItem('services', item)),
    },
  };
}

/** SPEC §7: the three catalogue lists, fetched in parallel. */
export function useCatalogue(): CatalogueResult {
  return useQueries({ queries: [machinesQuery, sparePartsQuery, servicesQuery], combine });
}
