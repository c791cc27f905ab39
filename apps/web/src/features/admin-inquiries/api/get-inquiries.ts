import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Inquiry } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const INQUIRIES_URL = '/api/inquiries';

export function getInquiries(signal?: AbortSignal): Promise<Inquiry[]> {
  return api.get<Inquiry[]>(INQUIRIES_URL, signal ? { signal } : {});
}

export const inquiriesQueryOptions = () =>
  queryOptions({
    queryKey: [INQUIRIES_URL],
    queryFn: ({ signal }) => getInquiries(signal),
  });

export function useInquiries() {
  return useQuery(inquiriesQueryOptions());
}
