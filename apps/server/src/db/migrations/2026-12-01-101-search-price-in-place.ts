import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * A new price changes a search row in place (decision 084): no index may hold the price, or the
 * update is a new row version with keys in every index, the three trigram ones included. A page
 * by price is then sorted from the rows a list keeps (64 ms at 100,000 parts, cached per
 * revision). The pages are left a quarter empty, so the row's new version fits on its own page.
 * An older release only sorts by price more slowly. SQLite answers lists from memory: nothing to do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index if exists catalogue_search_by_price`.execute(db);
  await sql`alter table catalogue_search set (fillfactor = 75)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`alter table catalogue_search reset (fillfactor)`.execute(db);
  await sql`create index if not exists catalogue_search_by_price on catalogue_search (kind, price_order, sort_key collate "C")`.execute(
    db,
  );
}
