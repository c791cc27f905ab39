import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Truthful product pages (decision 051):
 * - an item's own availability (`in_stock` or `made_to_order` with a lead time in weeks) and
 *   warranty in months; null in each means "the default of its kind", kept in site settings.
 * - a review may name the machine it is about; a product's rating is the average of its approved
 *   reviews. Deleting the machine keeps the review, about no machine.
 * The staff-typed `items.rating` and `items.review_count` stay for the previous release during a
 * rolling upgrade; nothing reads or writes them any more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('availability', 'text').execute();
  await db.schema.alterTable('items').addColumn('lead_time_min_weeks', 'integer').execute();
  await db.schema.alterTable('items').addColumn('lead_time_max_weeks', 'integer').execute();
  await db.schema.alterTable('items').addColumn('warranty_months', 'integer').execute();

  await db.schema
    .alterTable('reviews')
    .addColumn('item_id', 'text', (c) => c.references('items.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('reviews_item_status_idx').on('reviews').columns(['item_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reviews_item_status_idx').execute();
  await db.schema.alterTable('reviews').dropColumn('item_id').execute();
  await db.schema.alterTable('items').dropColumn('warranty_months').execute();
  await db.schema.alterTable('items').dropColumn('lead_time_max_weeks').execute();
  await db.schema.alterTable('items').dropColumn('lead_time_min_weeks').execute();
  await db.schema.alterTable('items').dropColumn('availability').execute();
}
