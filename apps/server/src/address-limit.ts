import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { HttpError } from './http-error';
import { countRequest, readRequestCount, sweepRateLimits } from './modules/rate-limits/rate-limits.repository';

/** How often a process clears windows that have ended: often enough to keep the table small. */
export const RATE_LIMIT_SWEEP_INTERVAL_MS = 60 * 1000;

export interface AddressLimitOptions {
  /**
   * Names the allowance in the shared count (decision 027): every process counts a client's
   * requests under this name, and limits with different names never use up each other's.
   */
  name: string;
  max: number;
  windowMs: number;
  /** What the visitor is told, given how many whole minutes are left until they may send again. */
  message: (minutes: number) => string | Promise<string>;
}

/** A per-address allowance that only what a form accepts uses up (see `acceptedOnlyLimit`). */
export interface AcceptedOnlyLimit {
  /** A hook (onRequest or preHandler): 429 once the address has used up its allowance. Counts nothing. */
  refuseWhenSpent: (request: FastifyRequest) => Promise<void>;
  /**
   * Stores a submission through `store`, which calls `spend` inside the transaction that stores
   * it: past the allowance (several sent at once from one address) `spend` throws, the
   * transaction rolls back, so neither the submission nor its count is kept, and the visitor gets
   * the 429. (The words are looked up after the rollback: on SQLite the one connection is the
   * transaction's until then.)
   */
  charge: <T>(
    request: FastifyRequest,
    store: (spend: (trx: Kysely<Database>) => Promise<void>) => Promise<T>,
  ) => Promise<T>;
}

/** Thrown inside a storing transaction when the allowance is used up; `charge` turns it into the 429. */
class AllowanceSpent extends Error {
  constructor(
    readonly resetAt: string,
    readonly now: number,
  ) {
    super('The allowance is used up');
  }
}

/**
 * A per-address allowance for a public form (decision 027: counted in the database, so every
 * process shares it; a client by the address @fastify/rate-limit's `normalizeIP` gives, an IPv6
 * one by its /64). Only what the form accepts and stores uses it up (decision 049): a visitor who
 * corrects a missing field three times is not then told they sent too many. Over it, a 429 with
 * `Retry-After` and a message in plain words. Share one between the JSON route and the plain
 * HTML form of a form, so switching between them does not double it.
 */
export function acceptedOnlyLimit(db: Kysely<Database>, options: AddressLimitOptions): AcceptedOnlyLimit {
  // Per process, and only a schedule: skipping or repeating a sweep changes no count.
  let sweptAt = 0;
  const keyOf = (request: FastifyRequest) => `${options.name} ${normalizeIP(request.ip)}`;
  const refuse = async (resetAt: string, now: number): Promise<never> => {
    const seconds = Math.max(1, Math.ceil(Math.min(options.windowMs, Date.parse(resetAt) - now) / 1000));
    throw new HttpError(429, await options.message(Math.ceil(seconds / 60)), { 'retry-after': String(seconds) });
  };
  return {
    refuseWhenSpent: async (request) => {
      const now = Date.now();
      const used = await readRequestCount(db, keyOf(request), new Date(now).toISOString());
      if (used && used.count >= options.max) await refuse(used.resetAt, now);
    },
    charge: async (request, store) => {
      const spend = async (trx: Kysely<Database>) => {
        const now = Date.now();
        const used = await countRequest(
          trx,
          keyOf(request),
          new Date(now).toISOString(),
          new Date(now + options.windowMs).toISOString(),
        );
        if (used.count > options.max) throw new AllowanceSpent(used.resetAt, now);
        if (now - sweptAt >= RATE_LIMIT_SWEEP_INTERVAL_MS) {
          sweptAt = now;
          await sweepRateLimits(trx, new Date(now).toISOString());
        }
      };
      try {
        return await store(spend);
      } catch (error) {
        if (error instanceof AllowanceSpent) return refuse(error.resetAt, error.now);
        throw error;
      }
    },
  };
}
