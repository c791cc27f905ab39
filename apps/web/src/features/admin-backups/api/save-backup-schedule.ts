import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BackupSchedule, BackupScheduleInput } from '@capstan/shared';
import { api } from '@/lib/api-client';
import { BACKUPS_URL, backupsQueryOptions } from './get-backups';

export const BACKUP_SCHEDULE_URL = `${BACKUPS_URL}/schedule`;

/** 409 when someone saved the schedule after `updatedAt`; 400 with per-field `issues` on bad input. */
export function saveBackupSchedule(input: BackupScheduleInput): Promise<BackupSchedule> {
  return api.put<BackupSchedule>(BACKUP_SCHEDULE_URL, input);
}

export function useSaveBackupSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBackupSchedule,
    onSuccess: (schedule) =>
      queryClient.setQueryData(backupsQueryOptions.queryKey, (current) =>
        current ? { ...current, schedule } : current,
      ),
  });
}
