import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'text')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_key_time_idx')
    .on('login_failures')
    .columns(['client_key', 'failed_at'])
    .execute();

  await db.schema
    .createTable('items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('machine', 'spare', 'service')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('brand', 'text')
    .addColumn('price', 'integer')
    .addColumn('original_price', 'integer')
    .addColumn('rating', 'double precision')
    .addColumn('review_count', 'integer')
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('items_kind_name_idx').on('items').columns(['kind', 'name']).execute();
  await db.schema.createIndex('items_kind_featured_idx').on('items').columns(['kind', 'featured']).execute();

  await db.schema
    .createTable('item_specifications')
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('spec_key', 'text', (c) => c.notNull())
    .addColumn('spec_value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('item_specifications_pk', ['item_id', 'position'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) => c.references('items.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('thumb_width', 'integer', (c) => c.notNull())
    .addColumn('thumb_height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('images_item_id_idx').on('images').columns(['item_id', 'position']).execute();

  await db.schema
    .createTable('inquiries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('service', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .addColumn('client_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inquiries_created_at_idx').on('inquiries').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['inquiries', 'images', 'item_specifications', 'items', 'login_failures', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
