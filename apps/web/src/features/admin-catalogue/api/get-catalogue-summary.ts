import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogueSummary } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** Under '/api/catalogue' so catalogue writes (`invalidateCatalogue`) refresh it. */
export const CATALOGUE_SUMMARY_URL = '/api/catalogue/summary';

/** The list totals and featured counts, without loading any list (decision 010). */
export const catalogueSummaryQuery = queryOptions({
  queryKey: [CATALOGUE_SUMMARY_URL],
  queryFn: ({ signal }) => api.get<CatalogueSummary>(CATALOGUE_SUMMARY_URL, { signal }),
});

export function useCatalogueSummary() {
  return useQuery(catalogueSummaryQuery);
}
