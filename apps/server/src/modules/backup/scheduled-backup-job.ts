import { indianClock, indianToday } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { ScheduledJob } from '../scheduler/scheduler';
import { readBackupSchedule } from './backup-runs.repository';
import { BACKUP_RUN_STALE_MS, runScheduledBackup } from './scheduled-backups.service';

/**
 * The owner's daily backup (decision 068): due each Indian day once its time has come, if turned
 * on; claimed by one process of the cluster like every scheduled job (decision 066). A failed run
 * is recorded and emailed by the service, and fails the job's run too.
 */
export function scheduledBackupJob(ctx: Pick<AppContext, 'db' | 'dialect' | 'config' | 'images'>): ScheduledJob {
  return {
    name: 'backup',
    // Longer than any backup: another process must not start the same day's while one runs.
    leaseMs: BACKUP_RUN_STALE_MS,
    async dueOccurrence(now) {
      const schedule = await readBackupSchedule(ctx.db);
      if (!schedule.enabled) return null;
      const timeInIndia = indianClock(now).toISOString().slice(11, 16);
      return timeInIndia >= schedule.time ? indianToday(now) : null;
    },
    async run() {
      const run = await runScheduledBackup(ctx);
      if (run.status === 'failed') throw new Error(run.error ?? 'The backup failed');
      return `${run.fileName ?? ''}, ${run.sizeBytes ?? 0} bytes`;
    },
  };
}
