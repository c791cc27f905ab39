import type { Kysely } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types */

/**
 * Sign-in failures counted per account as well as per address (decision 016). `login_failures.account`
 * says which account a failure was against, so a good sign-in clears only that account's failures
 * from its address. `sign_in_locks` holds an account locked after too many failures; it lives in the
 * database so every server process sharing it enforces the same lock.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('account', 'text').execute();

  await db.schema
    .createTable('sign_in_locks')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('locked_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_locks').execute();
  await db.schema.alterTable('login_failures').dropColumn('account').execute();
}
