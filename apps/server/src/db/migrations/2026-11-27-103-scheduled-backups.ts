import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Scheduled backups (decision 068): the owner's daily time and how many archives to keep (one
 * row, off until an owner turns it on), and every run with what it wrote. Expand only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_schedule')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .addColumn('time_of_day', 'text', (column) => column.notNull())
    .addColumn('keep_count', 'integer', (column) => column.notNull())
    .addColumn('updated_at', 'text')
    .execute();
  await db.insertInto('backup_schedule').values({ id: 1, enabled: 0, time_of_day: '02:00', keep_count: 7 }).execute();
  await db.schema
    .createTable('backup_runs')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('trigger', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('file_name', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('counts', 'text')
    .addColumn('error', 'text')
    .addColumn('removed_at', 'text')
    .execute();
  await db.schema.createIndex('backup_runs_started_at_idx').on('backup_runs').column('started_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
  await db.schema.dropTable('backup_schedule').execute();
}
