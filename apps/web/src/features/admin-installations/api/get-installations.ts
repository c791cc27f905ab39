import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InstallationListResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * The URL is the first part of every installation key, so a save invalidates the lists and the
 * one machine together by that prefix.
 */
export const INSTALLATIONS_URL = '/api/installations';

/** Rows a page of the register shows. */
export const INSTALLATIONS_PAGE_SIZE = 25;

export interface InstallationsQuery {
  q: string;
  page: number;
}

/** The query string the server's installationListQuerySchema reads; empty parts are left out. */
export function installationsQueryString({ q, page }: InstallationsQuery): string {
  const params = new URLSearchParams();
  if (q.trim() !== '') params.set('q', q.trim());
  if (page > 1) params.set('page', String(page));
  params.set('pageSize', String(INSTALLATIONS_PAGE_SIZE));
  return `?${params.toString()}`;
}

export const installationsQueryOptions = (query: InstallationsQuery) =>
  queryOptions({
    queryKey: [INSTALLATIONS_URL, 'list', query],
    queryFn: ({ signal }) =>
      api.get<InstallationListResponse>(`${INSTALLATIONS_URL}${installationsQueryString(query)}`, { signal }),
    // While the next search or page loads, the rows shown stay instead of flashing empty.
    placeholderData: keepPreviousData,
  });

export function useInstallations(query: InstallationsQuery) {
  return useQuery(installationsQueryOptions(query));
}
