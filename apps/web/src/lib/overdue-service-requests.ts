import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequestListResponse } from '@capstan/shared';
import { api } from './api-client';

/**
 * The overdue service requests (issue 40): the dashboard lists the first few and the sidebar counts
 * them, from one request. Keyed under the list's URL, so any change to a request refreshes it.
 */
export const OVERDUE_SERVICE_REQUESTS_SHOWN = 5;
const OVERDUE_URL = `/api/service-requests?overdue=1&pageSize=${OVERDUE_SERVICE_REQUESTS_SHOWN}`;

export const overdueServiceRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/service-requests', 'overdue', OVERDUE_SERVICE_REQUESTS_SHOWN],
    queryFn: ({ signal }) => api.get<ServiceRequestListResponse>(OVERDUE_URL, { signal }),
    // A request becomes overdue as working hours pass, with nothing changed: read again on a new visit.
    staleTime: 60_000,
  });

/** `enabled`: whether the signed-in role handles service requests (the server refuses the others). */
export function useOverdueServiceRequests(enabled: boolean) {
  return useQuery({ ...overdueServiceRequestsQueryOptions(), enabled });
}
