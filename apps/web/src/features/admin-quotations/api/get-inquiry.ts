import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inquiry } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** The inquiry a new quotation is prepared from (its buyer and its quote list's lines). */
export const inquiryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/inquiries', 'one', id],
    queryFn: ({ signal }) => api.get<Inquiry>(`/api/inquiries/${encodeURIComponent(id)}`, { signal }),
  });

export function useInquiry(id: string) {
  return useQuery(inquiryQueryOptions(id));
}
