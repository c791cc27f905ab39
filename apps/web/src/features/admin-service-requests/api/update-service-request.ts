import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceRequest, ServiceRequestUpdate } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { SERVICE_REQUESTS_URL } from './get-service-requests';
import { serviceRequestQueryKey, serviceRequestUrl } from './get-service-request';

export interface UpdateServiceRequestInput {
  id: string;
  /** Only what changes: the server keeps every field left out. */
  update: ServiceRequestUpdate;
}

export function updateServiceRequest({ id, update }: UpdateServiceRequestInput): Promise<ServiceRequest> {
  return api.put<ServiceRequest>(serviceRequestUrl(id), update);
}

/**
 * One step of a request's flow. The answer (the request as stored) replaces the one shown; a refusal
 * leaves the screen to say why and reads the request again, since a colleague may have moved it on.
 * Either way the lists and the dashboard's overdue ones refresh, as a status filter or the overdue
 * mark may no longer match.
 */
export function useUpdateServiceRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceRequest,
    onSuccess: (saved) => {
      queryClient.setQueryData(serviceRequestQueryKey(saved.id), saved);
    },
    onSettled: (_saved, _error, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [SERVICE_REQUESTS_URL], exact: false }),
        queryClient.invalidateQueries({ queryKey: serviceRequestQueryKey(id) }),
      ]),
  });
}
