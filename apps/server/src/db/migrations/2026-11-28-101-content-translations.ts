import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Tamil and Hindi versions of the catalogue's texts (issue 38, decision 072): JSON text per item
 * (`{"ta":{"name":…},"hi":{…}}`) and per machine category (`{"ta":"…","hi":"…"}`). Null is "none",
 * so the columns are added without touching a row, and a release that does not know them ignores them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('translations', 'text').execute();
  await db.schema.alterTable('machine_categories').addColumn('translations', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('translations').execute();
  await db.schema.alterTable('machine_categories').dropColumn('translations').execute();
}
