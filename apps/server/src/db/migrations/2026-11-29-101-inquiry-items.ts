import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The lines of a buyer's quote list sent with an inquiry (issue 39), in the list's order. Each keeps
 * the item as it was when sent (kind, code, English name): the catalogue may rename or delete the
 * item later, so `item_id` is plain text, not a foreign key, and deleting an item keeps its lines.
 * An inquiry's lines go with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inquiry_items')
    .addColumn('inquiry_id', 'text', (c) => c.notNull().references('inquiries.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('code', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('inquiry_items_pk', ['inquiry_id', 'position'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('inquiry_items').execute();
}
