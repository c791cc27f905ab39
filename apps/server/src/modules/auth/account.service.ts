import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import { type AccountSecurityResponse, type TotpEnableResponse, type TotpSetupResponse } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { beginThrottledAttempt } from './attempt-throttle';
import { hashPassword, verifyPassword } from './password';
import { passwordPolicyProblem } from './password-policy';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import { deleteUserSessions } from './sessions.repository';
import { generateTotpSecret, matchTotp, otpauthUrl } from './totp';
import type { TotpSecretBox } from './totp-secret-box';
import {
  deleteUserLoginChallenges,
  disableTotp,
  enableTotp,
  replaceRecoveryCodes,
  setPendingTotpSecret,
} from './two-factor.repository';
import { findUserById, updatePasswordHash, type UserRow } from './users.repository';
import { currentCompanySettings } from '../site/site-settings.service';

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Current password is incorrect';
export const WRONG_PASSWORD_MESSAGE = 'Password is incorrect';
export const WRONG_CODE_MESSAGE = 'Invalid code. Check the time on your device and try again.';
const TOO_MANY_MESSAGE = 'Too many failed attempts. Please try again later.';

async function requireUser(db: Kysely<Database>, userId: string): Promise<UserRow> {
  const user = await findUserById(db, userId);
  // The session was valid a moment ago; a user deleted since is as good as signed out.
  if (!user || user.disabled_at) throw new HttpError(401, 'Authentication required');
  return user;
}

export async function accountSecurity(db: Kysely<Database>, userId: string): Promise<AccountSecurityResponse> {
  const user = await requireUser(db, userId);
  return { totpEnabled: user.totp_enabled_at !== null, passwordChangedAt: user.password_changed_at };
}

/**
 * Changes the signed-in user's password. Wrong guesses at the current password are throttled per
 * account like sign-in failures (a stolen session must not become a password oracle). On success
 * every other session of the user ends; the one making the change stays.
 */
export async function changePassword(
  db: Kysely<Database>,
  session: { userId: string; tokenHash: string },
  input: { currentPassword: string; newPassword: string },
  now = new Date(),
): Promise<void> {
  const user = await requireUser(db, session.userId);
  const { name: companyName } = await currentCompanySettings(db);
  const problem = await passwordPolicyProblem(input.newPassword, user.email, companyName);
  if (problem) throw new HttpError(400, problem);

  const attempt = await beginThrottledAttempt(db, `password:${user.id}`, now, { message: TOO_MANY_MESSAGE });
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    throw new HttpError(400, WRONG_CURRENT_PASSWORD_MESSAGE);
  }
  await attempt.succeeded();
  if (input.newPassword === input.currentPassword) {
    throw new HttpError(400, 'New password must be different from the current one');
  }
  await updatePasswordHash(db, user.id, await hashPassword(input.newPassword), now.toISOString());
  await deleteUserSessions(db, user.id, session.tokenHash);
  await deleteUserLoginChallenges(db, user.id);
  await recordAudit(
    db,
    {
      action: 'user.password_change',
      actor: { userId: user.id, email: user.email },
      target: { type: 'user', id: user.id, label: user.email },
    },
    now,
  );
}

/** Starts (or restarts) enrolment; two-factor is only in force after a code confirms it. */
export async function setupTotp(
  db: Kysely<Database>,
  secrets: TotpSecretBox,
  userId: string,
): Promise<TotpSetupResponse> {
  const user = await requireUser(db, userId);
  if (user.totp_enabled_at) throw new HttpError(409, 'Two-factor sign-in is already on');
  const secret = generateTotpSecret();
  await setPendingTotpSecret(db, user.id, secrets.seal(secret));
  // The authenticator app lists the account under the company's name as it is today.
  const { name: issuer } = await currentCompanySettings(db);
  const url = otpauthUrl(secret, user.email, issuer);
  const qrSvg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl: url, qrSvg };
}

/**
 * Turns two-factor on. Needs the password as well as a code (as turning it off does), so a stolen
 * session cannot enrol its own authenticator and lock the owner out; once on, every other session
 * of the user ends, since they were opened without the second step.
 */
export async function confirmTotp(
  db: Kysely<Database>,
  secrets: TotpSecretBox,
  session: { userId: string; tokenHash: string },
  input: { password: string; code: string },
  now = new Date(),
): Promise<TotpEnableResponse> {
  const user = await requireUser(db, session.userId);
  if (user.totp_enabled_at) throw new HttpError(409, 'Two-factor sign-in is already on');
  if (!user.totp_secret) throw new HttpError(400, 'Start two-factor setup first');
  const attempt = await beginThrottledAttempt(db, `totp:${user.id}`, now, { message: TOO_MANY_MESSAGE });
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw new HttpError(400, WRONG_PASSWORD_MESSAGE);
  }
  const step = matchTotp(secrets.open(user.totp_secret), input.code, now.getTime(), null);
  if (step === null) throw new HttpError(400, WRONG_CODE_MESSAGE);
  await attempt.succeeded();
  const recoveryCodes = generateRecoveryCodes();
  if (!(await enableTotp(db, user.id, step, now.toISOString()))) {
    throw new HttpError(409, 'Two-factor sign-in is already on');
  }
  await replaceRecoveryCodes(db, user.id, recoveryCodes.map(hashRecoveryCode), now.toISOString());
  await deleteUserSessions(db, user.id, session.tokenHash);
  await deleteUserLoginChallenges(db, user.id);
  return { recoveryCodes, message: 'Two-factor sign-in is on' };
}

/** Needs both the password and a current code, so a borrowed unlocked session cannot turn it off. */
export async function turnOffTotp(
  db: Kysely<Database>,
  secrets: TotpSecretBox,
  userId: string,
  input: { password: string; code: string },
  now = new Date(),
): Promise<void> {
  const user = await requireUser(db, userId);
  if (!user.totp_enabled_at || !user.totp_secret) throw new HttpError(409, 'Two-factor sign-in is not on');
  const attempt = await beginThrottledAttempt(db, `totp:${user.id}`, now, { message: TOO_MANY_MESSAGE });
  if (!(await verifyPassword(input.password, user.password_hash))) {
    throw new HttpError(400, WRONG_PASSWORD_MESSAGE);
  }
  if (matchTotp(secrets.open(user.totp_secret), input.code, now.getTime(), user.totp_last_step) === null) {
    throw new HttpError(400, WRONG_CODE_MESSAGE);
  }
  await attempt.succeeded();
  await disableTotp(db, user.id);
}
