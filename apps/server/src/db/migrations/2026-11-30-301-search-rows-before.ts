import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The search fields and order keys an item had before a catalogue revision rewrote its search row
 * (decision 069): a cached search or list page on PostgreSQL asks them whether a changed item was
 * found, or placed, where it would change the answer before the change, instead of remembering
 * every item it found. `kind` is null when the item had no row yet (created
 * by that revision). Kept as long as the revisions' changes are. Empty on SQLite, as the other
 * search tables. Expand only: an older release neither reads nor needs it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('catalogue_search_before')
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('code', 'text')
    .addColumn('name_text', 'text')
    .addColumn('description_text', 'text')
    .addColumn('fits_text', 'text')
    .addColumn('sort_key', 'text')
    .addColumn('price_order', 'double precision')
    .addColumn('featured', 'integer')
    .addPrimaryKeyConstraint('catalogue_search_before_pk', ['item_id', 'revision'])
    .execute();
  await db.schema
    .createIndex('catalogue_search_before_revision')
    .on('catalogue_search_before')
    .column('revision')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalogue_search_before').ifExists().execute();
}
