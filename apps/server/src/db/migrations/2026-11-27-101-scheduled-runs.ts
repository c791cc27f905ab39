import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * One row per occurrence of a scheduled job (a day's follow-up digest…): its key is the claim, so
 * exactly one process of a cluster runs each occurrence; a lease lets another take over from a
 * process that died running it (decision 066).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('job', 'text', (column) => column.notNull())
    .addColumn('occurrence', 'text', (column) => column.notNull())
    .addColumn('claimed_by', 'text', (column) => column.notNull())
    .addColumn('lease_until', 'text', (column) => column.notNull())
    .addColumn('started_at', 'text', (column) => column.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('outcome', 'text')
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('scheduled_runs_pk', ['job', 'occurrence'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').execute();
}
