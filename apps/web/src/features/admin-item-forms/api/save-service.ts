import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from '@/lib/catalogue-cache';

export interface SaveServiceVariables {
  /** Absent: create. */
  id?: string;
  body: ServiceInput;
}

/** SPEC §7: POST /api/services | PUT /api/services/{id}/full, JSON. */
export function saveService({ id, body }: SaveServiceVariables): Promise<Service> {
  return id === undefined
    ? api.post<Service>('/api/services', body)
    : api.put<Service>(`/api/services/${encodeURIComponent(id)}/full`, body);
}

export function useSaveService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveService,
    onSuccess: () => invalidateCatalogue(queryClient),
  });
}
