import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Each item's price order in a narrow table of its own (decision 086): a price list rewrites these
 * rows, not the wide search rows, whose new versions no longer fit on their pages and so put every
 * trigram of the item into the indexes again. `prices_at` is the catalogue revision the table is
 * at: an older release catches up the search rows alone, and this release then copies their prices
 * across. Expand only: `catalogue_search.price_order` stays, and an older release reads it as before.
 * Empty on SQLite, as the other search tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_search_prices')
    .addColumn('item_id', 'text', (c) => c.primaryKey())
    .addColumn('price_order', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('catalogue_search_state').addColumn('prices_at', 'integer').execute();
  await sql`insert into catalogue_search_prices (item_id, price_order)
    select item_id, price_order from catalogue_search`.execute(db);
  await sql`update catalogue_search_state set prices_at = revision`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_search_state').dropColumn('prices_at').execute();
  await db.schema.dropTable('catalogue_search_prices').execute();
}
