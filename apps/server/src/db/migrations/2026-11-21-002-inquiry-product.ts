import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('product', 'text').execute();
  await db.schema.createIndex('inquiries_status_idx').on('inquiries').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('inquiries_status_idx').execute();
  await db.schema.alterTable('inquiries').dropColumn('product').execute();
}
