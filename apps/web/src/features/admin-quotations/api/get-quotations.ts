import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quotation, QuotationListQuery } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * The URL is the first part of every quotation key, so a save or a send invalidates the lists, the
 * one quotation and an inquiry's quotations together by that prefix.
 */
export const QUOTATIONS_URL = '/api/quotations';

/** The query string the server's quotationListQuerySchema reads; empty parts are left out. */
export function quotationQueryString(query: QuotationListQuery): string {
  const params = new URLSearchParams();
  if (query.inquiryId) params.set('inquiryId', query.inquiryId);
  if (query.status) params.set('status', query.status);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export const quotationsQueryOptions = (query: QuotationListQuery = {}) =>
  queryOptions({
    queryKey: [QUOTATIONS_URL, 'list', query],
    queryFn: ({ signal }) => api.get<Quotation[]>(`${QUOTATIONS_URL}${quotationQueryString(query)}`, { signal }),
  });

/** Newest first, as the server answers them. */
export function useQuotations(query: QuotationListQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...quotationsQueryOptions(query), enabled });
}
