import type { Kysely } from 'kysely';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { clearFailures, recentFailures, recordFailure, removeFailure } from './login-failures.repository';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';

/**
 * Counts an attempt as a failure before it is checked (simultaneous guesses then see each other,
 * where check-then-record would let any number through during the slow hash), and refuses with
 * 429 once the key has used up its failures in the window. Call `succeeded` when it turns out right.
 */
export async function beginThrottledAttempt(
  db: Kysely<Database>,
  clientKey: string,
  now: Date,
  message = TOO_MANY_ATTEMPTS_MESSAGE,
): Promise<{ succeeded: () => Promise<void> }> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const attempt = await recordFailure(db, clientKey, now.toISOString(), windowStart);
  const failures = await recentFailures(db, clientKey, windowStart);
  if (failures.length > LOGIN_MAX_FAILURES) {
    // A refused attempt does not lengthen the lockout.
    await removeFailure(db, attempt);
    const oldest = new Date(failures[failures.length - 1 - LOGIN_MAX_FAILURES] ?? now.toISOString());
    // Concurrent attempts can be stamped a few ms after `now`; never ask for more than the window.
    const untilFree = Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000);
    const retryAfter = Math.min(LOGIN_FAILURE_WINDOW_MS / 1000, Math.max(1, untilFree));
    throw new HttpError(429, message, { 'retry-after': String(retryAfter) });
  }
  return { succeeded: () => clearFailures(db, clientKey) };
}
