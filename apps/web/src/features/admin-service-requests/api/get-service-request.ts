import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { SERVICE_REQUESTS_URL } from './get-service-requests';

export const serviceRequestUrl = (id: string) => `${SERVICE_REQUESTS_URL}/${encodeURIComponent(id)}`;

export const serviceRequestQueryKey = (id: string) => [SERVICE_REQUESTS_URL, 'one', id] as const;

export const serviceRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: serviceRequestQueryKey(id),
    queryFn: ({ signal }) => api.get<ServiceRequest>(serviceRequestUrl(id), { signal }),
    // A colleague may have assigned or closed it since: the screen starts from what is stored.
    staleTime: 0,
  });

export function useServiceRequest(id: string) {
  return useQuery(serviceRequestQueryOptions(id));
}
