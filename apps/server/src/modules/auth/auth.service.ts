import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AuthUser,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_MAX_FAILURES,
  type LoginResponse,
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_IDLE_TTL_MS,
} from '@capstan/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { clearFailures, recentFailures, recordFailure, removeFailure } from './login-failures.repository';
import { dummyPasswordHash, verifyPassword } from './password';
import { deleteSession, findSession, insertSession, touchSession } from './sessions.repository';
import { findUserByEmail } from './users.repository';

// Same answer for an unknown email and a wrong password: nobody learns which emails exist.
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
const TOUCH_INTERVAL_MS = 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AuthenticatedSession {
  user: AuthUser;
  tokenHash: string;
}

export async function login(
  db: Kysely<Database>,
  input: { email: string; password: string },
  clientKey: string,
  now = new Date(),
): Promise<LoginResponse> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS).toISOString();
  // The attempt counts as a failure before it is checked: simultaneous guesses then see each
  // other, where check-then-record would let any number through during the slow hash.
  const attempt = await recordFailure(db, clientKey, now.toISOString(), windowStart);
  const failures = await recentFailures(db, clientKey, windowStart);
  if (failures.length > LOGIN_MAX_FAILURES) {
    // A refused attempt does not lengthen the lockout.
    await removeFailure(db, attempt);
    const oldest = new Date(failures[failures.length - 1 - LOGIN_MAX_FAILURES] ?? now.toISOString());
    // Concurrent attempts can be stamped a few ms after `now`; never ask for more than the window.
    const untilFree = Math.ceil((oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000);
    const retryAfter = Math.min(LOGIN_FAILURE_WINDOW_MS / 1000, Math.max(1, untilFree));
    throw new HttpError(429, 'Too many failed sign-in attempts. Please try again later.', {
      'retry-after': String(retryAfter),
    });
  }

  const user = await findUserByEmail(db, input.email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(input.password, user.password_hash);
  else await verifyPassword(input.password, await dummyPasswordHash());
  if (!user || !passwordOk || user.disabled_at) {
    throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  }

  await clearFailures(db, clientKey);
  // 256 random bits; only its hash is stored, so a database leak yields no usable token.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS).toISOString();
  await insertSession(db, { tokenHash: hashToken(token), userId: user.id, now: now.toISOString(), expiresAt });
  return {
    token,
    user: { id: user.id, email: user.email, username: user.username },
    message: 'Login successful',
    expiresAt,
  };
}

/** The session behind a bearer token, or null if it is unknown, expired, idle too long or revoked. */
export async function authenticate(
  db: Kysely<Database>,
  token: string,
  now = new Date(),
): Promise<AuthenticatedSession | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const session = await findSession(db, tokenHash);
  if (!session) return null;
  const nowMs = now.getTime();
  const lastSeen = Date.parse(session.lastSeenAt);
  if (Date.parse(session.expiresAt) <= nowMs || lastSeen + SESSION_IDLE_TTL_MS <= nowMs) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (nowMs - lastSeen > TOUCH_INTERVAL_MS) await touchSession(db, tokenHash, now.toISOString());
  return { user: { id: session.userId, email: session.email, username: session.username }, tokenHash };
}

export async function logout(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash);
}
