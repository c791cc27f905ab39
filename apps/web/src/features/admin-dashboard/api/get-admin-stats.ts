import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@capstan/shared';
import { api } from '@/lib/api-client';

/**
 * The URL is the query key (lib/query-client convention), so anything that changes the
 * figures (an inquiry's status, say) can invalidate it without importing this feature.
 */
export const ADMIN_STATS_URL = '/api/admin/stats';

export function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return api.get<AdminStats>(ADMIN_STATS_URL, signal ? { signal } : {});
}

export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: [ADMIN_STATS_URL],
    queryFn: ({ signal }) => getAdminStats(signal),
  });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
