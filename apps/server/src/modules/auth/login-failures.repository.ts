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

/** Records one failure (or an attempt not yet known to succeed) and returns its id. */
export async function recordFailure(
  db: Kysely<Database>,
  clientKey: string,
  now: string,
  since: string,
): Promise<string> {
  // Old rows are pruned here so the table stays the size of one window.
  await db.deleteFrom('login_failures').where('failed_at', '<=', since).execute();
  const id = randomUUID();
  await db.insertInto('login_failures').values({ id, client_key: clientKey, failed_at: now }).execute();
  return id;
}

export async function removeFailure(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', id).execute();
}

export async function clearFailures(db: Kysely<Database>, clientKey: string): Promise<void> {
  await db.deleteFrom('login_failures').where('client_key', '=', clientKey).execute();
}
