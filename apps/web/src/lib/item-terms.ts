import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ITEM_TERMS_URL, type ItemTermsDefaults, type ItemTermsDefaultsInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from '@/lib/catalogue-cache';

/**
 * Each kind's default availability and warranty (decision 051): the item forms say what "default"
 * means, and the Delivery and warranty screen edits them. One query, so they share a cache.
 */
export const itemTermsQuery = queryOptions({
  queryKey: [ITEM_TERMS_URL],
  queryFn: ({ signal }) => api.get<ItemTermsDefaults>(ITEM_TERMS_URL, { signal }),
});

export function useItemTerms() {
  return useQuery(itemTermsQuery);
}

/** Every item that shows a default changes with it: the catalogue's views refetch. */
export function useSaveItemTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ItemTermsDefaultsInput) => api.put<ItemTermsDefaults>(ITEM_TERMS_URL, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(itemTermsQuery.queryKey, saved);
      await invalidateCatalogue(queryClient);
    },
  });
}
