import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupCounts, BackupRun, BackupSchedule, BackupsOverview, backupScheduleSchema } from '@capstan/shared';
import { indianClock, SITE_STALE_EDIT_MESSAGE } from '@capstan/shared';
import type { z } from 'zod';
import type { AppContext } from '../../app-context';
import type { BackupDestinationConfig } from '../../config';
import { HttpError } from '../../http-error';
import { writeTransaction } from '../../db/write-transaction';
import { recordAudit } from '../audit/audit.service';
import { diffSnapshots } from '../audit/audit-diff';
import { enqueueBackupFailedEmails } from '../mail/backup-failed-email';
import { type BackupDestination, createBackupDestination, type StoredArchive } from './backup-destination';
import {
  activeOwnerEmails,
  countRunningBackups,
  failStaleRuns,
  findBackupRun,
  finishBackupRun,
  insertBackupRun,
  listBackupRuns,
  listKeptArchives,
  lockBackupSchedule,
  markArchiveRemoved,
  readBackupSchedule,
  toBackupRun,
  writeBackupSchedule,
} from './backup-runs.repository';
import { createBackup } from './create-backup';
import type { Manifest } from './manifest';

type BackupContext = Pick<AppContext, 'db' | 'dialect' | 'config' | 'images'>;

/** A run not finished after this long was cut short by its process dying: it is marked failed. */
export const BACKUP_RUN_STALE_MS = 6 * 60 * 60 * 1000;
const LISTED_RUNS = 100;

export const BACKUP_RUNNING_MESSAGE = 'A backup is already running; wait for it to finish.';
export const BACKUP_GONE_MESSAGE = 'This backup is no longer kept.';

// One destination (one S3 client) per configuration, i.e. per process.
const destinations = new WeakMap<BackupDestinationConfig, BackupDestination>();
export function backupDestination(config: BackupDestinationConfig): BackupDestination {
  let destination = destinations.get(config);
  if (!destination) {
    destination = createBackupDestination(config);
    destinations.set(config, destination);
  }
  return destination;
}

// The runs this process has under way, so that closing the app waits for them.
const running = new WeakMap<BackupContext['db'], Set<Promise<BackupRun>>>();
export function backupsUnderWay(db: BackupContext['db']): Promise<unknown> {
  return Promise.allSettled([...(running.get(db) ?? [])]);
}

export async function backupsOverview(ctx: BackupContext): Promise<BackupsOverview> {
  const now = new Date();
  await failStaleRuns(ctx.db, new Date(now.getTime() - BACKUP_RUN_STALE_MS).toISOString(), now.toISOString());
  const [schedule, runs] = await Promise.all([readBackupSchedule(ctx.db), listBackupRuns(ctx.db, LISTED_RUNS)]);
  return {
    schedule,
    destination: backupDestination(ctx.config.backupDestination).description,
    runs: runs.map(toBackupRun),
  };
}

/** Saves the daily schedule; a save over one made since `updatedAt` was read is refused. */
export async function saveBackupSchedule(
  ctx: BackupContext,
  input: z.output<typeof backupScheduleSchema>,
): Promise<BackupSchedule> {
  return writeTransaction(ctx, async (trx) => {
    await lockBackupSchedule(trx, ctx.dialect);
    const before = await readBackupSchedule(trx);
    if (input.updatedAt !== undefined && input.updatedAt !== before.updatedAt) {
      throw new HttpError(409, SITE_STALE_EDIT_MESSAGE);
    }
    const after: BackupSchedule = {
      enabled: input.enabled,
      time: input.time,
      keep: input.keep,
      updatedAt: new Date().toISOString(),
    };
    await writeBackupSchedule(trx, after);
    await recordAudit(trx, {
      action: 'backup.schedule',
      target: null,
      changes: diffSnapshots(
        { enabled: before.enabled ? 'on' : 'off', time: before.time, keep: before.keep },
        { enabled: after.enabled ? 'on' : 'off', time: after.time, keep: after.keep },
      ),
    });
    return after;
  });
}

const countsOf = (manifest: Manifest): BackupCounts => ({
  machines: manifest.counts.items.machine,
  spareParts: manifest.counts.items.spare,
  services: manifest.counts.items.service,
  inquiries: manifest.counts.inquiries,
  users: manifest.counts.users,
  images: manifest.counts.images,
});

/** `capstan-2026-11-27-0200-1a2b3c.tar.gz`: India's date and time, sortable, never reused. */
function archiveName(startedAt: Date): string {
  const india = indianClock(startedAt).toISOString();
  const stamp = `${india.slice(0, 10)}-${india.slice(11, 13)}${india.slice(14, 16)}`;
  return `capstan-${stamp}-${randomBytes(3).toString('hex')}.tar.gz`;
}

/** The daily backup (scheduled-backup-job.ts): recorded, written, and resolved when finished. */
export async function runScheduledBackup(ctx: BackupContext): Promise<BackupRun> {
  const id = randomUUID();
  const startedAt = new Date();
  await insertBackupRun(ctx.db, { id, trigger: 'scheduled', started_at: startedAt.toISOString() });
  return writeBackup(ctx, id, 'scheduled', startedAt);
}

/**
 * Writes the backup of run `id` to the destination, removes the oldest archives beyond the number
 * to keep, and records it. A failure is recorded with its reason and emailed to every owner.
 * Resolves to the finished run either way.
 */
async function writeBackup(
  ctx: BackupContext,
  id: string,
  trigger: BackupRun['trigger'],
  startedAt: Date,
): Promise<BackupRun> {
  const destination = backupDestination(ctx.config.backupDestination);
  const fileName = archiveName(startedAt);
  // Written in DATA_DIR first: createBackup hard-links pictures into a staging folder there.
  const outgoing = path.join(ctx.config.dataDir, '.backup-outgoing', fileName);
  try {
    const { manifest } = await createBackup({
      dataDir: ctx.config.dataDir,
      images: ctx.images,
      databaseUrl: ctx.config.databaseUrl,
      outFile: outgoing,
      signingKey: ctx.config.backupSigningKey,
    });
    const size = (await fs.stat(outgoing)).size;
    await destination.put(fileName, outgoing);
    // Before this run reads as finished, so that no one ever sees more archives kept than chosen.
    await keepNewestBeside(ctx, destination);
    return toBackupRun(
      await finishBackupRun(ctx.db, id, {
        status: 'succeeded',
        finished_at: new Date().toISOString(),
        file_name: fileName,
        size_bytes: size,
        counts: JSON.stringify(countsOf(manifest)),
        error: null,
      }),
    );
  } catch (error) {
    await fs.rm(outgoing, { force: true });
    const reason = error instanceof Error ? error.message : String(error);
    const now = new Date().toISOString();
    return writeTransaction(ctx, async (trx) => {
      const failed = await finishBackupRun(trx, id, {
        status: 'failed',
        finished_at: now,
        file_name: null,
        size_bytes: null,
        counts: null,
        error: reason,
      });
      // Each owner reads it in the language they chose for the back office.
      await enqueueBackupFailedEmails(
        trx,
        {
          recipients: await activeOwnerEmails(trx),
          startedAt,
          trigger,
          error: reason,
          adminUrl: `${ctx.config.publicUrl}/admin/site/backups`,
        },
        now,
      );
      return toBackupRun(failed);
    });
  }
}

/** Removes the kept archives beyond the schedule's number to keep less one: the one just written. */
async function keepNewestBeside(ctx: BackupContext, destination: BackupDestination): Promise<void> {
  const { keep } = await readBackupSchedule(ctx.db);
  for (const archive of (await listKeptArchives(ctx.db)).slice(keep - 1)) {
    await destination.remove(archive.file_name);
    await markArchiveRemoved(ctx.db, archive.id, new Date().toISOString());
  }
}

/**
 * An owner's "Back up now": refused while another runs; answers at once with the run, which goes
 * on in the background (the app's close waits for it).
 */
export async function startBackupNow(ctx: BackupContext): Promise<BackupRun> {
  const id = randomUUID();
  const startedAt = new Date();
  const started = await writeTransaction(ctx, async (trx) => {
    // The schedule's row lock orders two owners pressing at once: one runs, the other is told.
    await lockBackupSchedule(trx, ctx.dialect);
    await failStaleRuns(
      trx,
      new Date(startedAt.getTime() - BACKUP_RUN_STALE_MS).toISOString(),
      startedAt.toISOString(),
    );
    if ((await countRunningBackups(trx)) > 0) throw new HttpError(409, BACKUP_RUNNING_MESSAGE);
    const row = await insertBackupRun(trx, { id, trigger: 'manual', started_at: startedAt.toISOString() });
    await recordAudit(trx, { action: 'backup.run', target: { type: 'backup', id, label: null } });
    return row;
  });
  const work = writeBackup(ctx, id, 'manual', startedAt);
  const underWay = running.get(ctx.db) ?? new Set();
  running.set(ctx.db, underWay);
  underWay.add(work);
  void work.finally(() => underWay.delete(work)).catch(() => undefined);
  return toBackupRun(started);
}

/** A kept archive for download, with its name; recorded in the activity log. */
export async function openBackupArchive(
  ctx: BackupContext,
  id: string,
): Promise<{ fileName: string; archive: StoredArchive }> {
  const row = await findBackupRun(ctx.db, id);
  const run = row && toBackupRun(row);
  if (!run?.downloadable || run.fileName === null) throw new HttpError(404, BACKUP_GONE_MESSAGE);
  const archive = await backupDestination(ctx.config.backupDestination).open(run.fileName);
  if (!archive) throw new HttpError(404, BACKUP_GONE_MESSAGE);
  await recordAudit(ctx.db, { action: 'backup.download', target: { type: 'backup', id, label: run.fileName } });
  return { fileName: run.fileName, archive };
}
