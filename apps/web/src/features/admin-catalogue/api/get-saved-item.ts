import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { itemUrl } from '../lib/product-types';

export type SavedItem = Machine | SparePart | Service;

/** One item by id (SPEC §7's GET {endpoint}/{id}); under its collection's key, so writes refresh it. */
export const savedItemQuery = (endpoint: string, id: string) =>
  queryOptions({
    queryKey: [itemUrl(endpoint, id)],
    queryFn: ({ signal }) => api.get<SavedItem>(itemUrl(endpoint, id), { signal }),
  });

export function useSavedItem(endpoint: string, id: string) {
  return useQuery(savedItemQuery(endpoint, id));
}
