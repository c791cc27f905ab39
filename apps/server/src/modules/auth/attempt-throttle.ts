import type { Kysely } from 'kysely';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import {
  clearFailures,
  findSignInLock,
  placeSignInLock,
  recentFailures,
  recordFailure,
  removeFailure,
} from './login-failures.repository';
import { findUserByEmail } from './users.repository';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many failed sign-in attempts. Please try again later.';

/** How long an account stays locked once it has used up its failures. */
export const SIGN_IN_LOCK_MS = LOGIN_FAILURE_WINDOW_MS;

export interface ThrottledAttempt {
  /** It was right: clears the key's failures (with `account`, only those against that account). */
  succeeded: () => Promise<void>;
  /** Forget this attempt only, without clearing earlier failures of the key. */
  withdraw: () => Promise<void>;
}

const retryAfterHeader = (seconds: number) => ({
  'retry-after': String(Math.min(LOGIN_FAILURE_WINDOW_MS / 1000, Math.max(1, Math.ceil(seconds)))),
});

/**
 * Counts an attempt as a failure before it is checked (simultaneous guesses then see each other,
 * where check-then-record would let any number through during the slow hash), and refuses with
 * 429 once the key has used up its failures in the window. Call `succeeded` when it turns out right.
 * `account` tags the failure with the account it was against, so that a success clears only the
 * failures it proves wrong-headed: those of the same key against the same account.
 */
export async function beginThrottledAttempt(
  db: Kysely<Database>,
  clientKey: string,
  now: Date,
  options: { message?: string; account?: string } = {},
): Promise<ThrottledAttempt> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  const attempt = await recordFailure(db, clientKey, now.toISOString(), windowStart, options.account ?? null);
  const failures = await recentFailures(db, clientKey, windowStart);
  if (failures.length > LOGIN_MAX_FAILURES) {
    // A refused attempt does not lengthen the lockout.
    await removeFailure(db, attempt);
    const oldest = new Date(failures[failures.length - 1 - LOGIN_MAX_FAILURES] ?? now.toISOString());
    // Concurrent attempts can be stamped a few ms after `now`; never ask for more than the window.
    const untilFree = (oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000;
    throw new HttpError(429, options.message ?? TOO_MANY_ATTEMPTS_MESSAGE, retryAfterHeader(untilFree));
  }
  return {
    succeeded: () => clearFailures(db, clientKey, options.account),
    withdraw: () => removeFailure(db, attempt),
  };
}

export interface AccountAttempt {
  /** The password was wrong: locks the account once it has used up its failures. */
  failed: () => Promise<void>;
  /** The password was right: the account's failures are forgiven. */
  succeeded: () => Promise<void>;
  withdraw: () => Promise<void>;
}

const accountKey = (email: string) => `account:${email}`;

/**
 * The per-account side of password sign-in: whatever address guesses come from, an account
 * (an email, whether or not such an account exists, so a lock reveals nothing) gets
 * LOGIN_MAX_FAILURES wrong passwords in the window, then sign-in to it is refused for
 * SIGN_IN_LOCK_MS. The lock is a database row, so every server process sees it, and its owner
 * finds it in the audit trail.
 */
export async function beginAccountAttempt(db: Kysely<Database>, email: string, now: Date): Promise<AccountAttempt> {
  const lockedUntil = await findSignInLock(db, email, now.toISOString());
  if (lockedUntil) {
    throw new HttpError(
      429,
      TOO_MANY_ATTEMPTS_MESSAGE,
      retryAfterHeader((Date.parse(lockedUntil) - now.getTime()) / 1000),
    );
  }
  const attempt = await beginThrottledAttempt(db, accountKey(email), now);
  return {
    failed: async () => {
      const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
      // Counted again after the check: simultaneous failures all see the one that fills the count.
      const failures = await recentFailures(db, accountKey(email), windowStart);
      if (failures.length < LOGIN_MAX_FAILURES) return;
      const until = new Date(now.getTime() + SIGN_IN_LOCK_MS).toISOString();
      if (!(await placeSignInLock(db, email, now.toISOString(), until))) return;
      const user = await findUserByEmail(db, email);
      await recordAudit(
        db,
        {
          action: 'auth.sign_in_locked',
          actor: { userId: null, email },
          target: user ? { type: 'user', id: user.id, label: user.email } : null,
        },
        now,
      );
    },
    succeeded: attempt.succeeded,
    withdraw: attempt.withdraw,
  };
}
