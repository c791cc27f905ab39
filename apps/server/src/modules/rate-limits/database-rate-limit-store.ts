import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { countRequest, sweepRateLimits } from './rate-limits.repository';

/** How often a process clears windows that have ended: often enough to keep the table small. */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * A store for @fastify/rate-limit (its documented `store` option) that counts in the database, so
 * every process on one database shares each client's allowance (decision 027). Windows are fixed
 * and start at a client's first request, as with the plugin's own memory store; a refused request
 * still counts but does not lengthen the window. Keys must name their limit (see address-limit.ts):
 * all limits share the one table.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  // Per process, and only a schedule: skipping or repeating a sweep changes no count.
  let sweptAt = 0;

  async function increment(key: string, timeWindow: number): Promise<{ current: number; ttl: number }> {
    const now = Date.now();
    const result = await countRequest(db, key, new Date(now).toISOString(), new Date(now + timeWindow).toISOString());
    if (now - sweptAt >= RATE_LIMIT_SWEEP_INTERVAL_MS) {
      sweptAt = now;
      await sweepRateLimits(db, new Date(now).toISOString());
    }
    // Another process's clock may run a little ahead: never answer more than the window.
    const ttl = Math.min(timeWindow, Math.max(0, Date.parse(result.resetAt) - now));
    return { current: result.count, ttl };
  }

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      increment(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    // Limits differ only by their keys, so every route's store is the same table.
    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  }
  return DatabaseRateLimitStore;
}
