import type { Kysely } from 'kysely';
import type { BackupCounts, BackupRun, BackupSchedule } from '@capstan/shared';
import type { BackupRunsTable, Database } from '../../db/schema';

export async function readBackupSchedule(db: Kysely<Database>): Promise<BackupSchedule> {
  const row = await db.selectFrom('backup_schedule').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return {
    enabled: Number(row.enabled) === 1,
    time: row.time_of_day,
    keep: Number(row.keep_count),
    updatedAt: row.updated_at,
  };
}

/** Takes the schedule's row lock on PostgreSQL for a read-then-write (SQLite holds the write lock already). */
export async function lockBackupSchedule(db: Kysely<Database>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  let query = db.selectFrom('backup_schedule').select('id').where('id', '=', 1);
  if (dialect === 'postgres') query = query.forUpdate();
  await query.execute();
}

export async function writeBackupSchedule(db: Kysely<Database>, schedule: BackupSchedule): Promise<void> {
  await db
    .updateTable('backup_schedule')
    .set({
      enabled: schedule.enabled ? 1 : 0,
      time_of_day: schedule.time,
      keep_count: schedule.keep,
      updated_at: schedule.updatedAt,
    })
    .where('id', '=', 1)
    .execute();
}

export function toBackupRun(row: BackupRunsTable): BackupRun {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    fileName: row.file_name,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    counts: row.counts === null ? null : (JSON.parse(row.counts) as BackupCounts),
    error: row.error,
    downloadable: row.status === 'succeeded' && row.removed_at === null && row.file_name !== null,
  };
}

/** Records a run as under way; resolves to the row written. */
export async function insertBackupRun(
  db: Kysely<Database>,
  run: Pick<BackupRunsTable, 'id' | 'trigger' | 'started_at'>,
): Promise<BackupRunsTable> {
  const row: BackupRunsTable = {
    ...run,
    status: 'running',
    finished_at: null,
    file_name: null,
    size_bytes: null,
    counts: null,
    error: null,
    removed_at: null,
  };
  await db.insertInto('backup_runs').values(row).execute();
  return row;
}

export async function finishBackupRun(
  db: Kysely<Database>,
  id: string,
  outcome: Pick<BackupRunsTable, 'status' | 'finished_at' | 'file_name' | 'size_bytes' | 'counts' | 'error'>,
): Promise<BackupRunsTable> {
  return db.updateTable('backup_runs').set(outcome).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function findBackupRun(db: Kysely<Database>, id: string): Promise<BackupRunsTable | undefined> {
  return db.selectFrom('backup_runs').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listBackupRuns(db: Kysely<Database>, limit: number): Promise<BackupRunsTable[]> {
  return db
    .selectFrom('backup_runs')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A run still marked running although it started before `before`: its process died. */
export async function failStaleRuns(db: Kysely<Database>, before: string, now: string): Promise<void> {
  await db
    .updateTable('backup_runs')
    .set({ status: 'failed', finished_at: now, error: 'The backup was interrupted (the server stopped while it ran).' })
    .where('status', '=', 'running')
    .where('started_at', '<', before)
    .execute();
}

export async function countRunningBackups(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('backup_runs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '=', 'running')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Archives still kept, newest first. */
export async function listKeptArchives(db: Kysely<Database>): Promise<{ id: string; file_name: string }[]> {
  const rows = await db
    .selectFrom('backup_runs')
    .select(['id', 'file_name'])
    .where('status', '=', 'succeeded')
    .where('removed_at', 'is', null)
    .where('file_name', 'is not', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.flatMap((row) => (row.file_name === null ? [] : [{ id: row.id, file_name: row.file_name }]));
}

export async function markArchiveRemoved(db: Kysely<Database>, id: string, now: string): Promise<void> {
  await db.updateTable('backup_runs').set({ removed_at: now }).where('id', '=', id).execute();
}

/** Where the failure email goes: every active owner. */
export async function activeOwnerEmails(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}
