import { useQuery } from '@tanstack/react-query';
import type { InstallationListResponse } from '@capstan/shared';
import { api } from '@/lib/api-client';

const INSTALLATIONS_URL = '/api/installations';

/** Enough to choose from while typing; more means the search needs another digit. */
export const MATCH_LIMIT = 8;

/** The register's own search (serial, customer, phone, model) for matching an unregistered request. */
export function useInstallationSearch(q: string) {
  const url = `${INSTALLATIONS_URL}?${new URLSearchParams({ q, pageSize: String(MATCH_LIMIT) }).toString()}`;
  return useQuery({
    queryKey: [INSTALLATIONS_URL, 'service-match', q],
    queryFn: ({ signal }) => api.get<InstallationListResponse>(url, { signal }),
    enabled: q !== '',
  });
}
