import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { itemUrl } from '../lib/product-types';

export type SavedItem = Machine | SparePart | Service;

/**
 * Outside the catalogue's key prefixes on purpose: a delete from the list must not refetch (and
 * 404 on) the item it just removed; it sets the entry to null instead (delete-catalogue-item).
 */
export const savedItemKey = (endpoint: string, id: string) => ['saved-item', itemUrl(endpoint, id)] as const;

/** One item by id (SPEC §7's GET {endpoint}/{id}), fetched afresh on every arrival after a save. */
export const savedItemQuery = (endpoint: string, id: string) =>
  queryOptions({
    queryKey: savedItemKey(endpoint, id),
    queryFn: ({ signal }): Promise<SavedItem | null> => api.get<SavedItem>(itemUrl(endpoint, id), { signal }),
    refetchOnMount: 'always',
  });

export function useSavedItem(endpoint: string, id: string) {
  return useQuery(savedItemQuery(endpoint, id));
}
