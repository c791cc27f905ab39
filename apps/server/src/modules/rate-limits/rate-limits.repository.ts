import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface RateLimitCount {
  /** Requests in the current window, this one included. */
  count: number;
  /** When the window ends (ISO 8601). */
  resetAt: string;
}

/**
 * Counts one request under `key` in a single statement: a new key or one whose window has ended
 * starts a window ending at `resetAt` with a count of 1, otherwise the count goes up by one. The
 * upsert is atomic on both databases (PostgreSQL makes a concurrent one wait for the row; SQLite
 * writes one at a time), so simultaneous requests, from any process, each see a different count.
 */
export async function countRequest(
  db: Kysely<Database>,
  key: string,
  now: string,
  resetAt: string,
): Promise<RateLimitCount> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const ended = eb('rate_limits.reset_at', '<=', now);
        return {
          count: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('rate_limits.count', '+', 1))
            .end(),
          reset_at: eb.case().when(ended).then(resetAt).else(eb.ref('rate_limits.reset_at')).end(),
        };
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetAt: row.reset_at };
}

/** Forgets the windows that ended by `now` (a returning client starts afresh either way). */
export async function sweepRateLimits(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
}

/** The count under `key` in a window still running at `now`, without counting; null when there is none. */
export async function readRequestCount(db: Kysely<Database>, key: string, now: string): Promise<RateLimitCount | null> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  return row ? { count: Number(row.count), resetAt: row.reset_at } : null;
}
