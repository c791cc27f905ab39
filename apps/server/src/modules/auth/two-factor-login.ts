import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { LoginResponse, TwoFactorChallengeResponse } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { beginThrottledAttempt } from './attempt-throttle';
import { hashRecoveryCode } from './recovery-codes';
import { hashToken, startSession } from './session-token';
import { matchTotp } from './totp';
import type { TotpSecretBox } from './totp-secret-box';
import {
  claimTotpStep,
  deleteLoginChallenge,
  findLoginChallenge,
  insertLoginChallenge,
  useRecoveryCode,
} from './two-factor.repository';
import { findUserById } from './users.repository';

/** Long enough to open an authenticator app, short enough that a stolen challenge soon expires. */
export const LOGIN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const INVALID_CODE_MESSAGE = 'Invalid or expired code. Please sign in again if this keeps happening.';

export async function issueLoginChallenge(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<TwoFactorChallengeResponse> {
  const challenge = randomBytes(32).toString('base64url');
  await insertLoginChallenge(db, {
    tokenHash: hashToken(challenge),
    userId,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MS).toISOString(),
  });
  return { twoFactorRequired: true, challenge, message: 'Enter the code from your authenticator app' };
}

/**
 * The second sign-in step: a current TOTP code (never one already used) or an unused recovery
 * code, against a live challenge. Failures count against both the client and the account, so
 * neither changing address nor signing in again with the password buys more guesses.
 */
export async function completeTwoFactorLogin(
  db: Kysely<Database>,
  secrets: TotpSecretBox,
  input: { challenge: string; code?: string; recoveryCode?: string },
  clientKey: string,
  now = new Date(),
): Promise<LoginResponse> {
  const byClient = await beginThrottledAttempt(db, clientKey, now);
  const challengeHash = hashToken(input.challenge);
  const challenge = await findLoginChallenge(db, challengeHash, now.toISOString());
  if (!challenge) throw new HttpError(401, INVALID_CODE_MESSAGE);
  const byAccount = await beginThrottledAttempt(db, `totp:${challenge.userId}`, now);

  const user = await findUserById(db, challenge.userId);
  if (!user || user.disabled_at || !user.totp_enabled_at || !user.totp_secret) {
    throw new HttpError(401, INVALID_CODE_MESSAGE);
  }
  let accepted = false;
  if (input.code !== undefined) {
    const step = matchTotp(secrets.open(user.totp_secret), input.code, now.getTime(), user.totp_last_step);
    accepted = step !== null && (await claimTotpStep(db, user.id, step));
  } else if (input.recoveryCode !== undefined) {
    accepted = await useRecoveryCode(db, user.id, hashRecoveryCode(input.recoveryCode), now.toISOString());
  }
  const actor = { userId: user.id, email: user.email };
  if (!accepted || !(await deleteLoginChallenge(db, challengeHash))) {
    await recordAudit(db, { action: 'auth.sign_in_failed', actor }, now);
    throw new HttpError(401, INVALID_CODE_MESSAGE);
  }
  // A right code proves nothing about other guesses from the same address: only this one is forgotten.
  await byClient.withdraw();
  await byAccount.succeeded();
  const session = await startSession(db, user, now);
  await recordAudit(db, { action: 'auth.sign_in', actor }, now);
  return session;
}
