import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Site settings edited by staff (decision 020): one row per part ('company',
 * 'landing'), each a JSON document validated by its zod schema, with the time of its last save
 * as the version a stale edit is refused against. Rows are seeded on first read, not here, so
 * the defaults live with the schema that checks them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('site_settings')
    .addColumn('part', 'text', (c) => c.primaryKey())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
}
