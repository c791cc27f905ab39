import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Machine } from '@capstan/shared';
import { api, ApiError } from '@/lib/api-client';

/** One machine of the comparison; null when it is no longer in the catalogue (or was never a machine). */
export const comparedMachineQuery = (id: string) =>
  queryOptions({
    queryKey: ['compare-machine', id],
    queryFn: async ({ signal }): Promise<Machine | null> => {
      try {
        return await api.get<Machine>(`/api/products/${encodeURIComponent(id)}`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The machines of `ids`, each its own (cached) call, in the order of `ids`. */
export function useComparedMachines(ids: readonly string[]) {
  return useQueries({ queries: ids.map((id) => comparedMachineQuery(id)) });
}
