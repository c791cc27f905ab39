import { SqliteDatabase, type SqliteFile } from '../../db/sqlite-driver';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database, ItemKind } from '../../db/schema';
import type { BackupCounts } from './manifest';

/** Kysely's own bookkeeping table: which migrations have run. */
interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
}

export type SnapshotDatabase = Database & MigrationTables;

/** A database file that is not the live one: a fresh snapshot or a restored copy. */
export interface SnapshotHandle {
  db: Kysely<SnapshotDatabase>;
  file: SqliteFile;
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
export function integrityProblems(file: SqliteFile): string[] {
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

/** A PostgreSQL database being backed up or restored into (one connection is all it needs). */
export function openPostgres(databaseUrl: string): { db: Kysely<SnapshotDatabase>; close: () => Promise<void> } {
  const db = new Kysely<SnapshotDatabase>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
  });
  return { db, close: () => db.destroy() };
}

/** The server's major version (150018 → 15). */
export async function postgresServerMajor(db: Kysely<SnapshotDatabase>): Promise<number> {
  const { rows } = await sql<{ n: string }>`select current_setting('server_version_num') as n`.execute(db);
  return Math.floor(Number(rows[0]?.n ?? 0) / 10000);
}

/** Tables outside PostgreSQL's own schemas: a restore goes only into a database with none. */
export async function postgresTableCount(db: Kysely<SnapshotDatabase>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg_toast%'
  `.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Runs `work` in a read-only repeatable-read transaction whose snapshot is exported: pg_dump given
 * that snapshot dumps exactly the rows `work` counts, whatever is written meanwhile.
 */
export async function withExportedSnapshot<T>(
  db: Kysely<SnapshotDatabase>,
  work: (trx: Kysely<SnapshotDatabase>, snapshot: string) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (conn) => {
    await sql`begin isolation level repeatable read read only`.execute(conn);
    try {
      const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(conn);
      const snapshot = rows[0]?.id;
      if (!snapshot) throw new Error('PostgreSQL did not export a snapshot');
      const result = await work(conn, snapshot);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
