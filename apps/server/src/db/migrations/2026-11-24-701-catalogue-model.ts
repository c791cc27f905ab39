import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The catalogue model (decision 031):
 * - item codes (model code, part number, service code), unique per kind ignoring case through
 *   `code_key` (the lower-cased code): an index on an expression is written differently on the
 *   two databases, a plain column is not. NULLs repeat freely in a unique index on both.
 * - typed specifications: a number and a unit beside the text.
 * - machine categories as rows, machines holding a slug; the three the maker sells are seeded.
 * - which machines a spare part fits.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('code', 'text').execute();
  await db.schema.alterTable('items').addColumn('code_key', 'text').execute();
  await db.schema.createIndex('items_kind_code_key_idx').on('items').columns(['kind', 'code_key']).unique().execute();

  await db.schema.alterTable('item_specifications').addColumn('spec_number', 'double precision').execute();
  await db.schema.alterTable('item_specifications').addColumn('spec_unit', 'text').execute();

  await db.schema
    .createTable('machine_categories')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('machine_categories')
    .values([
      { slug: 'capstan-lathe', name: 'Capstan lathe', position: 0, created_at: now },
      { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', position: 1, created_at: now },
      { slug: 'turret-lathe', name: 'Turret lathe', position: 2, created_at: now },
    ])
    .execute();

  await db.schema
    .createTable('item_fits')
    .addColumn('part_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('machine_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('item_fits_pk', ['part_id', 'machine_id'])
    .execute();
  await db.schema.createIndex('item_fits_machine_id_idx').on('item_fits').column('machine_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('item_fits').execute();
  await db.schema.dropTable('machine_categories').execute();
  await db.schema.alterTable('item_specifications').dropColumn('spec_unit').execute();
  await db.schema.alterTable('item_specifications').dropColumn('spec_number').execute();
  await db.schema.dropIndex('items_kind_code_key_idx').execute();
  await db.schema.alterTable('items').dropColumn('code_key').execute();
  await db.schema.alterTable('items').dropColumn('code').execute();
}
