import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type Quotation, QUOTATION_LIST_PAGE_SIZE, type QuotationListParams } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * The URL is the first part of every quotation key, so a save or a send invalidates the lists, the
 * one quotation and an inquiry's quotations together by that prefix.
 */
export const QUOTATIONS_URL = '/api/quotations';

/** Rows a page of the Quotations screen shows: the server's own default page. */
export const QUOTATIONS_PAGE_SIZE = QUOTATION_LIST_PAGE_SIZE;

/** What one list call asks for, defaults filled in, so equal queries share one cache entry. */
export interface QuotationsQuery {
  inquiryId?: string;
  status?: QuotationListParams['status'];
  page: number;
  pageSize: number;
}

function quotationsQuery({ inquiryId, status, page, pageSize }: QuotationListParams): QuotationsQuery {
  return {
    ...(inquiryId ? { inquiryId } : {}),
    ...(status ? { status } : {}),
    page: Number(page ?? 1),
    pageSize: Number(pageSize ?? QUOTATIONS_PAGE_SIZE),
  };
}

/** The query string the server's quotationListQuerySchema reads; empty parts and page 1 are left out. */
export function quotationQueryString(query: QuotationsQuery): string {
  const params = new URLSearchParams();
  if (query.inquiryId) params.set('inquiryId', query.inquiryId);
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  params.set('pageSize', String(query.pageSize));
  return `?${params.toString()}`;
}

/** One page of quotations, newest first, with `total`: how many match across all pages. */
export const quotationsQueryOptions = (params: QuotationListParams = {}) => {
  const query = quotationsQuery(params);
  return queryOptions({
    queryKey: [QUOTATIONS_URL, 'list', query],
    queryFn: ({ signal }) => api.list<Quotation>(`${QUOTATIONS_URL}${quotationQueryString(query)}`, { signal }),
    // While the next page or status loads, the rows shown stay instead of flashing empty.
    placeholderData: keepPreviousData,
  });
};

export function useQuotations(params: QuotationListParams = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...quotationsQueryOptions(params), enabled });
}
