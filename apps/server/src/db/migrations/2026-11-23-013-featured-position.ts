import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Where staff put a featured item on the landing page (0 first); null: not placed, so it follows
 * the placed ones in the spec's order (machines, spare parts, services, each by name).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').addColumn('featured_position', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('items').dropColumn('featured_position').execute();
}
