import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AdminItem } from '../lib/product-types';

/**
 * An admin list: the endpoint's whole array (SPEC §7 'GET a configurable endpoint'). The
 * second key part keeps it apart from the public catalogue's entry for the same URL, which
 * has its own timeout and error text; invalidating `[endpoint]` still reaches both.
 */
export const adminListQuery = <T extends AdminItem>(endpoint: string) =>
  queryOptions({
    queryKey: [endpoint, 'admin-list'],
    queryFn: async ({ signal }) => {
      const list = await api.get<T[]>(endpoint, { signal });
      // SPEC §7: 'the response is an array'; anything else is a broken server, not an empty list.
      if (!Array.isArray(list)) throw new Error(`Expected a list from ${endpoint}`);
      return list;
    },
  });

export function useAdminList<T extends AdminItem>(endpoint: string) {
  return useQuery(adminListQuery<T>(endpoint));
}
