import { queryOptions, useQuery } from '@tanstack/react-query';
import { TRANSLATION_GAPS_URL, type TranslationGaps } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * What the catalogue still lacks in Tamil and Hindi (decision 072). Keyed by its URL, which
 * `invalidateCatalogue` matches: every catalogue write (an item form's save, a delete) refreshes it
 * as it does the lists.
 */
export const translationGapsQuery = queryOptions({
  queryKey: [TRANSLATION_GAPS_URL],
  queryFn: ({ signal }) => api.get<TranslationGaps>(TRANSLATION_GAPS_URL, { signal }),
});

/** Only staff who may edit the catalogue are asked (and allowed: catalogue.write). */
export function useTranslationGaps({ enabled }: { enabled: boolean }) {
  return useQuery({ ...translationGapsQuery, enabled });
}
