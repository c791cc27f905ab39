import { QueryState } from '@/components/query-state';
import { useBackups } from '../api/get-backups';
import { BackupRuns } from './backup-runs';
import { useAdminT } from '@/lib/i18n/admin';
import { ScheduleForm } from './schedule-form';

/** Site → Backups (owner only): the daily schedule, every run, a backup by hand and the archives. */
export function BackupsScreen() {
  const { t } = useAdminT();
  const backups = useBackups();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminBackups.title')}</h1>
        <p className="text-muted-foreground">{t('adminBackups.description')}</p>
      </div>
      <QueryState query={backups} errorText={t('adminBackups.loadProblem')}>
        {(data) => (
          <>
            <p className="-mt-4 text-sm break-words">
              {t('adminBackups.destination', { destination: data.destination })}
            </p>
            <ScheduleForm schedule={data.schedule} />
            <BackupRuns runs={data.runs} />
          </>
        )}
      </QueryState>
    </div>
  );
}
