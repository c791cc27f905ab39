import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quotation } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { QUOTATIONS_URL } from './get-quotations';

export const quotationUrl = (id: string) => `${QUOTATIONS_URL}/${encodeURIComponent(id)}`;

export const quotationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [QUOTATIONS_URL, 'one', id],
    queryFn: ({ signal }) => api.get<Quotation>(quotationUrl(id), { signal }),
    // The editor starts from the stored quotation: a buyer may have viewed or answered it since.
    staleTime: 0,
  });

export function useQuotation(id: string) {
  return useQuery(quotationQueryOptions(id));
}
