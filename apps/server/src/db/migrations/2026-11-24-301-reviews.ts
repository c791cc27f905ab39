import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Visitors' reviews (decision 023): stored as pending, shown on the landing page once staff approve
 * them. `reviews_revision` is bumped in the transaction of every change that can alter the public
 * list, so each process can tell cheaply whether its cached copy is current (as catalogue_revision).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'text')
    .addColumn('company', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`))
    .addColumn('client_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('reviews_status_created_idx').on('reviews').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('reviews_revision')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.insertInto('reviews_revision').values({ id: 1, revision: 0 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews_revision').execute();
  await db.schema.dropTable('reviews').execute();
}
