import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupRun } from '@capstan/shared';
import { downloadFile } from '@/lib/download-file';
import { BACKUPS_URL, backupsQueryOptions } from './get-backups';

export const backupDownloadPath = (id: string) => `${BACKUPS_URL}/${encodeURIComponent(id)}/download`;

/** The archive through the signed-in session; 404 once it is no longer kept. */
export function downloadBackup(run: BackupRun): Promise<void> {
  return downloadFile(backupDownloadPath(run.id), run.fileName ?? `backup-${run.id}.tar.gz`);
}

export function useDownloadBackup({ onError }: { onError?: (error: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: downloadBackup,
    onError: async (error) => {
      onError?.(error);
      // Most likely removed to keep only the newest: the list then says so.
      await queryClient.invalidateQueries({ queryKey: backupsQueryOptions.queryKey });
    },
  });
}
