import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceEngineersResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ENGINEERS_URL = '/api/service-requests/engineers';

export type Engineer = ServiceEngineersResponse['engineers'][number];

export const engineersQueryOptions = () =>
  queryOptions({
    queryKey: [ENGINEERS_URL],
    // The cache keeps the server's answer as sent: the service desk's screens read this same entry.
    queryFn: ({ signal }) => api.get<ServiceEngineersResponse>(ENGINEERS_URL, { signal }),
    select: (answer) => answer.engineers,
    // Staff accounts change rarely; one list serves every visit form of the screen.
    staleTime: 5 * 60 * 1000,
    // A role that may not list them types the engineer's name instead: asking again will not help.
    retry: false,
  });

/** The staff who handle service calls, for a visit's engineer. */
export function useEngineers() {
  return useQuery(engineersQueryOptions());
}
