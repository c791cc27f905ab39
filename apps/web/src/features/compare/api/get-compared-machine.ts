import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Locale, Machine } from '@capstan/shared';
import { api, ApiError } from '@/lib/api-client';
import { inPageLanguage } from '@/lib/content-language';
import { useT } from '@/lib/i18n';

/** One machine of the comparison; null when it is no longer in the catalogue (or was never a machine). */
export const comparedMachineQuery = (id: string, locale: Locale) =>
  queryOptions({
    queryKey: ['compare-machine', id, locale],
    queryFn: async ({ signal }): Promise<Machine | null> => {
      try {
        return await api.get<Machine>(inPageLanguage(`/api/products/${encodeURIComponent(id)}`, locale), { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The machines of `ids`, each its own (cached) call, in the order of `ids`. */
export function useComparedMachines(ids: readonly string[]) {
  const { locale } = useT();
  return useQueries({ queries: ids.map((id) => comparedMachineQuery(id, locale)) });
}
