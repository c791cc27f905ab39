import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The contact form's Service options follow the machine categories, which staff may rename or
 * delete: each inquiry keeps the label the buyer chose (decision 057). Null on older rows, whose
 * values were the fixed list's and are labelled from it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('service_label', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('service_label').execute();
}
