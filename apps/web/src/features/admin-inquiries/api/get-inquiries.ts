import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Inquiry, InquiryListQuery } from '@capstan/shared';
import { api, apiFetchText } from '@/lib/api-client';

export const INQUIRIES_URL = '/api/inquiries';
export const INQUIRIES_EXPORT_URL = '/api/inquiries/export';

/** The query string the server's inquiryListQuerySchema reads; empty parts are left out. */
export function inquiryQueryString(query: InquiryListQuery): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to', 'assignee'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.overdue) params.set('overdue', 'true');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function getInquiries(query: InquiryListQuery, signal?: AbortSignal): Promise<Inquiry[]> {
  return api.get<Inquiry[]>(`${INQUIRIES_URL}${inquiryQueryString(query)}`, signal ? { signal } : {});
}

export const inquiriesQueryOptions = (query: InquiryListQuery = {}) =>
  queryOptions({
    queryKey: [INQUIRIES_URL, query],
    queryFn: ({ signal }) => getInquiries(query, signal),
    // While a new search runs, the list shown stays instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useInquiries(query: InquiryListQuery = {}) {
  return useQuery(inquiriesQueryOptions(query));
}

/** The filtered list as the server's CSV (UTF-8 with BOM for Excel), saved by the browser. */
export async function downloadInquiriesCsv(query: InquiryListQuery): Promise<void> {
  const text = await apiFetchText(`${INQUIRIES_EXPORT_URL}${inquiryQueryString(query)}`);
  // Response.text() drops the byte-order mark; Excel needs it to read the file as UTF-8.
  const blob = new Blob([`\uFEFF${text.replace(/^\uFEFF/, '')}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `inquiries-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
