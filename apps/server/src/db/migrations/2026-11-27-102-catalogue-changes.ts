import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * What each catalogue revision changed, as JSON (the items it wrote, their kind, the items whose
 * answers show them, or that the site changed), or null when anything may have changed. Each
 * process moves its list indexes and cached answers forward by it instead of dropping and reading
 * everything again (decision 067). Expand only: an older release neither reads nor needs it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('revision', 'integer', (column) => column.primaryKey())
    .addColumn('change', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_changes').execute();
}
