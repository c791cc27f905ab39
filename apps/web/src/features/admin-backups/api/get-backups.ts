import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupsOverview } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const BACKUPS_URL = '/api/admin/backups';

/** While a backup runs the screen asks again this often, to show it finish; then it stops asking. */
export const RUNNING_REFRESH_MS = 2_000;

export function hasRunningBackup(overview: BackupsOverview | undefined): boolean {
  return overview?.runs.some((run) => run.status === 'running') ?? false;
}

export function getBackups(signal?: AbortSignal): Promise<BackupsOverview> {
  return api.get<BackupsOverview>(BACKUPS_URL, signal ? { signal } : {});
}

export const backupsQueryOptions = queryOptions({
  queryKey: [BACKUPS_URL],
  queryFn: ({ signal }) => getBackups(signal),
  refetchInterval: (query) => (hasRunningBackup(query.state.data) ? RUNNING_REFRESH_MS : false),
});

export function useBackups() {
  return useQuery(backupsQueryOptions);
}
