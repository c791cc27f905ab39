import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@capstan/shared';
import { api, type ListPage } from '@/lib/api-client';
import { listPageUrl, listPath, type AdminItem } from '../lib/product-types';

export interface AdminListRequest {
  /** The collection, e.g. '/api/products'. */
  endpoint: string;
  query: Pick<ListQuery, 'q' | 'offset' | 'limit'>;
  /** Extra filters, e.g. `{ category: 'machine' }`. */
  filters?: Readonly<Record<string, string>>;
}

/** A page and where it starts, so a page kept on screen while the next loads is still labelled right. */
export interface AdminListPage<T> extends ListPage<T> {
  offset: number;
}

/**
 * One page of an admin list (SPEC §7 'GET a configurable endpoint ... response is an array'),
 * with the number of matching items from `X-Total-Count` (decision 010). The key's first part
 * is the page's URL, so invalidating by URL prefix reaches it; the second keeps it apart from
 * the public catalogue's entry for the same URL, which has its own timeout and error text.
 */
export const adminListQuery = <T extends AdminItem>({ endpoint, query, filters }: AdminListRequest) => {
  const url = listPageUrl(endpoint, query, filters);
  return queryOptions({
    queryKey: [url, 'admin-list'],
    queryFn: async ({ signal }): Promise<AdminListPage<T>> => ({
      ...(await api.list<T>(url, { signal })),
      offset: query.offset,
    }),
    // The previous page stays on screen while the next loads, but only within one list: rows of
    // another list would show under the wrong type until the new ones arrived.
    placeholderData: (previous, previousQuery) => {
      const [previousUrl] = previousQuery?.queryKey ?? [];
      return previousUrl !== undefined && listPath(previousUrl) === endpoint ? previous : undefined;
    },
  });
};

export function useAdminList<T extends AdminItem>(request: AdminListRequest) {
  return useQuery(adminListQuery<T>(request));
}
