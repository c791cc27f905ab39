import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ITEM_TERMS_URL, type ItemTerms, type ItemTermsDefaults, type ItemTermsDefaultsInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { invalidateCatalogue } from '@/lib/catalogue-cache';
import type { Translator } from '@/lib/i18n';

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

/**
 * Availability and warranty in one sentence (`Made to order: 4-6 weeks. 24-month warranty.`, the
 * words of the shared formatItemTerms) in the translator's language: the chat's replies and the
 * Delivery and warranty screen's preview say them so. Its words are the `chatWindow` namespace's.
 */
export function termsSentence(
  { availability: status, leadTimeWeeks, warrantyMonths }: ItemTerms,
  t: Translator['t'],
): string {
  let availability: string;
  if (status === 'in_stock') availability = t('chatWindow.inStock');
  else if (leadTimeWeeks === null) availability = t('chatWindow.madeToOrder');
  else {
    const { min, max } = leadTimeWeeks;
    const leadTime =
      min === max ? t('chatWindow.leadTimeWeeks', { weeks: min }) : t('chatWindow.leadTimeRange', { min, max });
    availability = t('chatWindow.madeToOrderIn', { leadTime });
  }
  const warranty =
    warrantyMonths > 0 ? t('chatWindow.warranty', { months: warrantyMonths }) : t('chatWindow.noWarranty');
  return t('chatWindow.terms', { availability, warranty });
}
