import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceEngineersResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ENGINEERS_URL = '/api/service-requests/engineers';

export const engineersQueryOptions = () =>
  queryOptions({
    queryKey: [ENGINEERS_URL],
    queryFn: ({ signal }) => api.get<ServiceEngineersResponse>(ENGINEERS_URL, { signal }),
    // Staff accounts change rarely.
    staleTime: 5 * 60 * 1000,
  });

/** Who a request can be assigned to. */
export function useEngineers() {
  return useQuery(engineersQueryOptions());
}
