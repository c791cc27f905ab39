import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupRun } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { BACKUPS_URL, backupsQueryOptions } from './get-backups';

/** 202 with the new run, still running; 409 when a backup is already running. */
export function startBackup(): Promise<BackupRun> {
  return api.post<BackupRun>(BACKUPS_URL);
}

export function useStartBackup({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startBackup,
    onError,
    onSuccess: (run) =>
      // At the top at once, as running: the list then asks again every 2 s until it has finished.
      queryClient.setQueryData(backupsQueryOptions.queryKey, (current) =>
        current && !current.runs.some((known) => known.id === run.id)
          ? { ...current, runs: [run, ...current.runs] }
          : current,
      ),
    // A refusal (409) means another run is going: asking again shows it.
    onSettled: () => queryClient.invalidateQueries({ queryKey: backupsQueryOptions.queryKey }),
  });
}
