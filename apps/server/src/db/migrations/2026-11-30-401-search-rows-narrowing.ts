import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * What puts an item in a machine category's list, a machine's parts list or a range filter's list,
 * kept beside its search row and in the row before each revision (decision 067): a cached page of
 * such a list on PostgreSQL then outlives edits to items that stay out of it, or stay before or
 * after it, as a page of the whole list does.
 * - `catalogue_search.fits_ids`: the machines a spare part fits, a JSON array of ids in id order
 *   ('[]' for other kinds).
 * - `catalogue_search_before.category`, `.fits_ids`, `.spec_rows`: the item's category, fits and
 *   numeric specification rows (a JSON array of [slug, number, unit] in the item's order) as they
 *   were before the revision.
 * Null in rows written by an older release, which knows none of these: read as "not known", so an
 * edit of such an item drops the narrowed pages as before. Expand only: nothing is backfilled, an
 * item's row gains them at its next edit. Empty on SQLite, as the other search tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_search').addColumn('fits_ids', 'text').execute();
  await db.schema.alterTable('catalogue_search_before').addColumn('category', 'text').execute();
  await db.schema.alterTable('catalogue_search_before').addColumn('fits_ids', 'text').execute();
  await db.schema.alterTable('catalogue_search_before').addColumn('spec_rows', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalogue_search_before').dropColumn('spec_rows').execute();
  await db.schema.alterTable('catalogue_search_before').dropColumn('fits_ids').execute();
  await db.schema.alterTable('catalogue_search_before').dropColumn('category').execute();
  await db.schema.alterTable('catalogue_search').dropColumn('fits_ids').execute();
}
