import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ITEM_QUERY_ROOT = 'admin-item-form';

export const getMachine = (id: string) => api.get<Machine>(`/api/products/${encodeURIComponent(id)}`);
export const getSparePart = (id: string) => api.get<SparePart>(`/api/spareparts/${encodeURIComponent(id)}`);
export const getService = (id: string) => api.get<Service>(`/api/services/${encodeURIComponent(id)}`);

// An edit form must start from the server's current item, never a cached copy.
const fresh = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' } as const;

export const machineQueryOptions = (id: string) =>
  queryOptions({ queryKey: [ITEM_QUERY_ROOT, 'machine', id], queryFn: () => getMachine(id), ...fresh });
export const sparePartQueryOptions = (id: string) =>
  queryOptions({ queryKey: [ITEM_QUERY_ROOT, 'sparePart', id], queryFn: () => getSparePart(id), ...fresh });
export const serviceQueryOptions = (id: string) =>
  queryOptions({ queryKey: [ITEM_QUERY_ROOT, 'service', id], queryFn: () => getService(id), ...fresh });

export function useMachine(id: string | undefined) {
  return useQuery({ ...machineQueryOptions(id ?? ''), enabled: id !== undefined });
}
export function useSparePart(id: string | undefined) {
  return useQuery({ ...sparePartQueryOptions(id ?? ''), enabled: id !== undefined });
}
export function useService(id: string | undefined) {
  return useQuery({ ...serviceQueryOptions(id ?? ''), enabled: id !== undefined });
}
