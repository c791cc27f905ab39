import type { Kysely } from 'kysely';
import {
  MY_MACHINE_CHECK_FAILURE_WINDOW_MS,
  MY_MACHINE_CHECK_FAILURES_PER_ADDRESS,
  MY_MACHINE_CODE_REQUEST_WINDOW_MS,
  MY_MACHINE_CODE_REQUESTS_PER_ADDRESS,
  MY_MACHINE_CODE_REQUESTS_PER_SERIAL,
  MY_MACHINE_TOO_MANY_MESSAGE,
} from '@capstan/shared';
import { RATE_LIMIT_SWEEP_INTERVAL_MS } from '../../address-limit';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recentFailures, recordFailure, removeFailure } from '../auth/login-failures.repository';
import { countRequest, sweepRateLimits } from '../rate-limits/rate-limits.repository';

/**
 * The throttles of My machine, kept in the database like sign-in's so every process shares them.
 * Each is keyed on what the caller typed (the serial) or where they are (the address), never on
 * whether a machine was found: a made-up serial is throttled exactly as a real one.
 */

const tooMany = (seconds: number, windowMs: number) =>
  new HttpError(429, MY_MACHINE_TOO_MANY_MESSAGE, {
    'retry-after': String(Math.min(windowMs / 1000, Math.max(1, Math.ceil(seconds)))),
  });

// Per process, and only a schedule: skipping or repeating a sweep changes no count.
let sweptAt = 0;

/**
 * Counts a code request against its address and its serial; 429 once either has had its share of
 * the window. Called inside the request's transaction: a refused request rolls back and so does
 * not count, and PostgreSQL holds the counter rows until the request is done.
 */
export async function countCodeRequest(
  trx: Kysely<Database>,
  request: { serial: string; address: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const resetAt = new Date(now.getTime() + MY_MACHINE_CODE_REQUEST_WINDOW_MS).toISOString();
  const allowances = [
    { key: `my-machine-code address ${request.address}`, max: MY_MACHINE_CODE_REQUESTS_PER_ADDRESS },
    { key: `my-machine-code serial ${request.serial}`, max: MY_MACHINE_CODE_REQUESTS_PER_SERIAL },
  ];
  for (const { key, max } of allowances) {
    const used = await countRequest(trx, key, at, resetAt);
    if (used.count > max) {
      throw tooMany((Date.parse(used.resetAt) - now.getTime()) / 1000, MY_MACHINE_CODE_REQUEST_WINDOW_MS);
    }
  }
  if (now.getTime() - sweptAt >= RATE_LIMIT_SWEEP_INTERVAL_MS) {
    sweptAt = now.getTime();
    await sweepRateLimits(trx, at);
  }
}

export interface CodeCheck {
  /** The code was right: this check is not a failure after all. */
  withdraw: () => Promise<void>;
}

/**
 * A code check from `address`, counted as a failure before the code is compared (simultaneous
 * guesses then see each other, as sign-in's do), and refused with 429 once the address has had
 * MY_MACHINE_CHECK_FAILURES_PER_ADDRESS failures in the window. Sign-in's failure table holds
 * them, under a key of their own.
 */
export async function beginCodeCheck(db: Kysely<Database>, address: string, now: Date): Promise<CodeCheck> {
  const key = `my-machine:${address}`;
  const windowStart = new Date(now.getTime() - MY_MACHINE_CHECK_FAILURE_WINDOW_MS).toISOString();
  const attempt = await recordFailure(db, key, now.toISOString(), windowStart);
  const failures = await recentFailures(db, key, windowStart);
  if (failures.length > MY_MACHINE_CHECK_FAILURES_PER_ADDRESS) {
    // A refused check does not lengthen the wait.
    await removeFailure(db, attempt);
    const oldest = Date.parse(failures[failures.length - 1 - MY_MACHINE_CHECK_FAILURES_PER_ADDRESS] ?? '');
    const freeAt = (Number.isNaN(oldest) ? now.getTime() : oldest) + MY_MACHINE_CHECK_FAILURE_WINDOW_MS;
    throw tooMany((freeAt - now.getTime()) / 1000, MY_MACHINE_CHECK_FAILURE_WINDOW_MS);
  }
  return { withdraw: () => removeFailure(db, attempt) };
}
