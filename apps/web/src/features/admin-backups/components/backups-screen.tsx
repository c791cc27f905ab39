import { QueryState } from '@/components/query-state';
import { ADMIN_TITLES } from '@/config/admin-titles';
import { useBackups } from '../api/get-backups';
import { BackupRuns } from './backup-runs';
import { BACKUPS_TEXT as TEXT } from './backups-text';
import { ScheduleForm } from './schedule-form';

/** Site → Backups (owner only): the daily schedule, every run, a backup by hand and the archives. */
export function BackupsScreen() {
  const backups = useBackups();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{ADMIN_TITLES.backups}</h1>
        <p className="text-muted-foreground">{TEXT.description}</p>
      </div>
      <QueryState query={backups} errorText={TEXT.loadProblem}>
        {(data) => (
          <>
            <p className="-mt-4 text-sm break-words">{TEXT.destination(data.destination)}</p>
            <ScheduleForm schedule={data.schedule} />
            <BackupRuns runs={data.runs} />
          </>
        )}
      </QueryState>
    </div>
  );
}
