import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Staff roles (decision 024). Every account that exists today could do everything, so it becomes
 * an owner: the default fills existing rows on both databases. `users.disabled_at` exists since 001
 * and already ends sign-in and sessions. `last_sign_in_at` is for the Staff screen (sessions end on
 * sign-out, so they cannot tell it). SQLite adds one column per ALTER TABLE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner'))
    .execute();
  await db.schema.alterTable('users').addColumn('last_sign_in_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_sign_in_at').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
