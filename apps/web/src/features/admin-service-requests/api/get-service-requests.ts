import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequestListResponse, ServiceRequestStatus } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * The URL is the first part of every service request key (lists, one request, the dashboard's
 * overdue ones), so a change invalidates them all by that prefix.
 */
export const SERVICE_REQUESTS_URL = '/api/service-requests';

export const SERVICE_REQUESTS_PAGE_SIZE = 25;

/** What the list asks the server: a status (or the open ones), or only the overdue ones; a search; a page. */
export interface ServiceRequestListParams {
  status?: ServiceRequestStatus | 'open';
  overdue?: boolean;
  q?: string;
  page?: number;
}

/** The query string the server's serviceRequestListQuerySchema reads; empty parts are left out. */
export function serviceRequestQueryString(params: ServiceRequestListParams): string {
  const search = new URLSearchParams();
  if (params.status) search.set('status', params.status);
  if (params.overdue) search.set('overdue', '1');
  if (params.q) search.set('q', params.q);
  if (params.page !== undefined && params.page > 1) search.set('page', String(params.page));
  search.set('pageSize', String(SERVICE_REQUESTS_PAGE_SIZE));
  return `?${search.toString()}`;
}

export const serviceRequestsQueryOptions = (params: ServiceRequestListParams) =>
  queryOptions({
    queryKey: [SERVICE_REQUESTS_URL, 'list', params],
    queryFn: ({ signal }) =>
      api.get<ServiceRequestListResponse>(`${SERVICE_REQUESTS_URL}${serviceRequestQueryString(params)}`, { signal }),
    // While another tab or page loads, the rows shown stay instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useServiceRequests(params: ServiceRequestListParams) {
  return useQuery(serviceRequestsQueryOptions(params));
}
