import { queryOptions, useQueries, type UseQueryResult } from '@tanstack/react-query';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { api } from '@/lib/api-client';

// The landing page's own three calls (SPEC §7) under the same keys, so both screens share one
// cache and a catalogue write refreshes both.
const featuredList = <T>(path: string) =>
  queryOptions({ queryKey: [path], queryFn: ({ signal }) => api.get<T[]>(path, { signal }) });

export interface FeaturedLists {
  machines: Machine[];
  spareParts: SparePart[];
  services: Service[];
}

export type FeaturedListsResult =
  { status: 'pending' } | { status: 'error'; error: Error } | { status: 'success'; lists: FeaturedLists };

function combine([machines, spareParts, services]: [
  UseQueryResult<Machine[]>,
  UseQueryResult<SparePart[]>,
  UseQueryResult<Service[]>,
]): FeaturedListsResult {
  const error = machines.error ?? spareParts.error ?? services.error;
  if (error) return { status: 'error', error };
  if (!machines.data || !spareParts.data || !services.data) return { status: 'pending' };
  return {
    status: 'success',
    lists: { machines: machines.data, spareParts: spareParts.data, services: services.data },
  };
}

/** What the landing page will show: the three public featured lists. */
export function useFeaturedLists(): FeaturedListsResult {
  return useQueries({
    queries: [
      featuredList<Machine>('/api/products/featured'),
      featuredList<SparePart>('/api/spareparts/featured'),
      featuredList<Service>('/api/services/featured'),
    ],
    combine,
  });
}
