import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * A search's first look at the catalogue is an `or` of a code prefix (`code like 'kp-0%'`) and
 * trigram matches (decision 069). PostgreSQL serves an `or` from indexes only when every branch has
 * one; the code had none, so every search read the whole search table. `text_pattern_ops` serves a
 * prefix `like` whatever the database's collation. SQLite answers lists from memory: nothing to do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index if not exists catalogue_search_code_prefix on catalogue_search (code text_pattern_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists catalogue_search_code_prefix`.execute(db);
}
