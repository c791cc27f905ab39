import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuotationSummary } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** The URL is the query key, so a quotation's save or send invalidates it without importing this feature. */
export const QUOTATION_SUMMARY_URL = '/api/quotations/summary';

export const quotationSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [QUOTATION_SUMMARY_URL],
    queryFn: ({ signal }) => api.get<QuotationSummary>(QUOTATION_SUMMARY_URL, { signal }),
  });

export function useQuotationSummary(enabled: boolean) {
  return useQuery({ ...quotationSummaryQueryOptions(), enabled });
}
