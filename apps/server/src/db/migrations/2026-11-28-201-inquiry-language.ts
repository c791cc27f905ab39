import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * The language of the page an inquiry was sent from ('ta', 'hi'), so the buyer is answered in it
 * (issue 38). Null is English, as for `users.locale`: older rows need no update, and a release
 * that does not know the column ignores it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('inquiries').dropColumn('locale').execute();
}
