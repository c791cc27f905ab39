import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database, ItemKind } from '../../db/schema';
import type { BackupCounts } from './manifest';

/** Kysely's own bookkeeping table: which migrations have run. */
interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
}

type SnapshotDatabase = Database & MigrationTables;

/** A database file that is not the live one: a fresh snapshot or a restored copy. */
export interface SnapshotHandle {
  db: Kysely<SnapshotDatabase>;
  file: SqliteDatabase.Database;
  close: () => Promise<void>;
}

export function openSnapshot(path: string, options: { readonly: boolean }): SnapshotHandle {
  const file = new SqliteDatabase(path, { readonly: options.readonly, fileMustExist: true });
  const db = new Kysely<SnapshotDatabase>({ dialect: new SqliteDialect({ database: file }) });
  // Kysely closes the underlying connection when destroyed.
  return { db, file, close: () => db.destroy() };
}

async function countRows(db: Kysely<SnapshotDatabase>, table: 'inquiries' | 'users' | 'images'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countRecords(db: Kysely<SnapshotDatabase>): Promise<BackupCounts> {
  const byKind = await db
    .selectFrom('items')
    .select((eb) => ['kind', eb.fn.countAll().as('n')] as const)
    .groupBy('kind')
    .execute();
  const items: Record<ItemKind, number> = { machine: 0, spare: 0, service: 0 };
  for (const row of byKind) items[row.kind] = Number(row.n);
  return {
    items,
    inquiries: await countRows(db, 'inquiries'),
    users: await countRows(db, 'users'),
    images: await countRows(db, 'images'),
  };
}

/** The last migration applied: migration names sort in the order they run. */
export async function latestMigration(db: Kysely<SnapshotDatabase>): Promise<string> {
  const row = await db
    .selectFrom('kysely_migration')
    .select('name')
    .orderBy('name', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw new Error('The database has no migrations applied');
  return row.name;
}

/** SQLite's own consistency check of every page and index; returns its complaints, empty when sound. */
export function integrityProblems(file: SqliteDatabase.Database): string[] {
  const rows = file.pragma('integrity_check') as { integrity_check: string }[];
  return rows.map((r) => r.integrity_check).filter((message) => message !== 'ok');
}

export async function imageIds(db: Kysely<SnapshotDatabase>): Promise<string[]> {
  const rows = await db.selectFrom('images').select('id').execute();
  return rows.map((r) => r.id);
}

/**
 * Ends every session and pending two-factor sign-in in a database copy: a restored server must not
 * honour tokens that were signed out (or stolen) after the backup was taken.
 */
export async function dropSignIns(db: Kysely<SnapshotDatabase>): Promise<void> {
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('login_challenges').execute();
}
