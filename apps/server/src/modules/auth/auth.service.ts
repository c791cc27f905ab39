import type { Kysely } from 'kysely';
import {
  type AuthUser,
  type LoginResponse,
  SESSION_IDLE_TTL_MS,
  type StaffRole,
  type TwoFactorChallengeResponse,
} from '@capstan/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { beginAccountAttempt, beginThrottledAttempt, type ThrottledAttempt } from './attempt-throttle';
import { dummyPasswordHash, verifyPassword } from './password';
import { hashToken, startSession } from './session-token';
import { deleteSession, findSession, touchSession } from './sessions.repository';
import { issueLoginChallenge } from './two-factor-login';
import { findUserByEmail } from './users.repository';

// Same answer for an unknown email and a wrong password: nobody learns which emails exist.
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
const TOUCH_INTERVAL_MS = 60 * 1000;

export interface AuthenticatedSession {
  user: AuthUser;
  /** Read with the session on every request, so a role change applies at the next request. */
  role: StaffRole;
  tokenHash: string;
}

export async function login(
  db: Kysely<Database>,
  input: { email: string; password: string },
  clientKey: string,
  now = new Date(),
): Promise<LoginResponse | TwoFactorChallengeResponse> {
  // Throttled twice: per account (bounds guesses at one password from any number of addresses)
  // and per address (bounds one address guessing across many accounts).
  const byAccount = await beginAccountAttempt(db, input.email, now);
  let byAddress: ThrottledAttempt;
  try {
    byAddress = await beginThrottledAttempt(db, clientKey, now, { account: input.email });
  } catch (error) {
    await byAccount.withdraw();
    throw error;
  }

  const user = await findUserByEmail(db, input.email);
  let passwordOk = false;
  if (user) passwordOk = await verifyPassword(input.password, user.password_hash);
  else await verifyPassword(input.password, await dummyPasswordHash());
  if (!user || !passwordOk || user.disabled_at) {
    // The attempted email only (the schema lower-cases it); never the password.
    await recordAudit(db, { action: 'auth.sign_in_failed', actor: { userId: null, email: input.email } }, now);
    await byAccount.failed();
    throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
  }

  // The right password proves this account's earlier failures were its owner's typos; it proves
  // nothing about guesses from this address at other accounts, which keep counting.
  await byAddress.succeeded();
  await byAccount.succeeded();
  if (user.totp_enabled_at) return issueLoginChallenge(db, user.id, now);
  const session = await startSession(db, user, now);
  await recordAudit(db, { action: 'auth.sign_in', actor: { userId: user.id, email: user.email } }, now);
  return session;
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
  return {
    user: { id: session.userId, email: session.email, username: session.username },
    role: session.role,
    tokenHash,
  };
}

export async function logout(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await deleteSession(db, tokenHash);
}
