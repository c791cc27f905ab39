import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Failures for a client since `since`, oldest first (only their times). */
export async function recentFailures(db: Kysely<Database>, clientKey: string, since: string): Promise<string[]> {
  const rows = await db
    .selectFrom('login_failures')
    .select('failed_at')
    .where('client_key', '=', clientKey)
    .where('failed_at', '>', since)
    .orderBy('failed_at')
    .execute();
  return rows.map((row) => row.failed_at);
}

/**
 * Records one failure (or an attempt not yet known to succeed) and returns its id. `account` is
 * the account the attempt was against, when the key itself is not one (an address).
 */
export async function recordFailure(
  db: Kysely<Database>,
  clientKey: string,
  now: string,
  since: string,
  account: string | null = null,
): Promise<string> {
  // Old rows are pruned here so the table stays the size of one window.
  await db.deleteFrom('login_failures').where('failed_at', '<=', since).execute();
  const id = randomUUID();
  await db.insertInto('login_failures').values({ id, client_key: clientKey, failed_at: now, account }).execute();
  return id;
}

export async function removeFailure(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

/** Clears a key's failures; with `account`, only those against that account. */
export async function clearFailures(db: Kysely<Database>, clientKey: string, account?: string): Promise<void> {
  let query = db.deleteFrom('login_failures').where('client_key', '=', clientKey);
  if (account !== undefined) query = query.where('account', '=', account);
  await query.execute();
}

/** When the account's sign-in lock ends, if it is locked at `now`. */
export async function findSignInLock(db: Kysely<Database>, account: string, now: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sign_in_locks')
    .select('locked_until')
    .where('account', '=', account)
    .where('locked_until', '>', now)
    .executeTakeFirst();
  return row?.locked_until;
}

/**
 * Locks an account until `until` unless a lock is already in force. Returns true when this call
 * placed the lock (so it is announced once, however many requests race to place it).
 */
export async function placeSignInLock(
  db: Kysely<Database>,
  account: string,
  now: string,
  until: string,
): Promise<boolean> {
  await db.deleteFrom('sign_in_locks').where('locked_until', '<=', now).execute();
  const result = await db
    .insertInto('sign_in_locks')
    .values({ account, locked_at: now, locked_until: until })
    .onConflict((conflict) => conflict.column('account').doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** Lifts an account's lock and forgets its failures (an operator reset its password). */
export async function clearSignInLock(db: Kysely<Database>, account: string): Promise<void> {
  await db.deleteFrom('sign_in_locks').where('account', '=', account).execute();
  await db.deleteFrom('login_failures').where('client_key', '=', `account:${account}`).execute();
}
