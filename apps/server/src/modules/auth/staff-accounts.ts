import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { StaffRole } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { currentCompanySettings } from '../site/site-settings.service';
import { clearSignInLock } from './login-failures.repository';
import { generatePassword, hashPassword } from './password';
import { passwordPolicyProblem } from './password-policy';
import { deleteUserSessions } from './sessions.repository';
import { deleteUserLoginChallenges, disableTotp } from './two-factor.repository';
import { findUserByEmail, insertUser, markUserDisabled, updatePasswordHash } from './users.repository';

export type StaffAccountErrorCode = 'invalid-email' | 'unknown-email' | 'duplicate-email' | 'weak-password';

/** A refusal the command line shows as is, with an exit code per kind. */
export class StaffAccountError extends Error {
  constructor(
    readonly code: StaffAccountErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StaffAccountError';
  }
}

export interface StaffPasswordResult {
  email: string;
  /** Set only when the password was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254));

function normaliseEmail(email: string): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new StaffAccountError('invalid-email', `Not a valid email address: ${email}`);
  return parsed.data;
}

/** A generated password is 120 random bits, so it passes the policy without being checked. */
async function choosePassword(
  db: Kysely<Database>,
  password: string | undefined,
  email: string,
): Promise<{ password: string; generated: boolean }> {
  if (password === undefined) return { password: generatePassword(), generated: true };
  const problem = await passwordPolicyProblem(password, email, (await currentCompanySettings(db)).name);
  if (problem) throw new StaffAccountError('weak-password', problem);
  return { password, generated: false };
}

/**
 * Who acted, for the audit trail. Command-line actions have no signed-in actor and no client
 * address: both are recorded as null. The Staff screen passes `{}`: the request's own actor and address.
 */
export interface ActionOrigin {
  actor?: AuditActor | null;
  ip?: string | null;
}
const COMMAND_LINE: ActionOrigin = { actor: null, ip: null };

const userTarget = (id: string, email: string) => ({ type: 'user' as const, id, label: email });

async function requireUser(db: Kysely<Database>, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) throw new StaffAccountError('unknown-email', `No staff account with email ${email}`);
  return user;
}

export async function createStaffAccount(
  db: Kysely<Database>,
  options: { email: string; password?: string; role?: StaffRole },
  origin: ActionOrigin = COMMAND_LINE,
): Promise<StaffPasswordResult & { id: string }> {
  const email = normaliseEmail(options.email);
  const chosen = await choosePassword(db, options.password, email);
  const role = options.role ?? 'owner';
  if (await findUserByEmail(db, email)) {
    throw new StaffAccountError('duplicate-email', `A staff account with email ${email} already exists`);
  }
  const username = email.split('@')[0] || 'staff';
  let userId: string;
  try {
    userId = (await insertUser(db, { email, username, passwordHash: await hashPassword(chosen.password), role })).id;
  } catch (error) {
    // Two creations racing: the unique index decides, and the loser gets the same clear refusal.
    if (await findUserByEmail(db, email)) {
      throw new StaffAccountError('duplicate-email', `A staff account with email ${email} already exists`);
    }
    throw error;
  }
  await recordAudit(db, {
    action: 'user.create',
    ...origin,
    target: userTarget(userId, email),
    changes: { role: { before: null, after: role } },
  });
  return chosen.generated ? { id: userId, email, generatedPassword: chosen.password } : { id: userId, email };
}

/** Sets a new password and ends all of the user's sessions, wherever they are signed in. */
export async function resetStaffPassword(
  db: Kysely<Database>,
  options: { email: string; password?: string },
): Promise<StaffPasswordResult> {
  const email = normaliseEmail(options.email);
  const user = await requireUser(db, email);
  const chosen = await choosePassword(db, options.password, email);
  await updatePasswordHash(db, user.id, await hashPassword(chosen.password), new Date().toISOString());
  await deleteUserSessions(db, user.id);
  await deleteUserLoginChallenges(db, user.id);
  // Guesses at the old password say nothing about the new one: the person can sign in at once.
  await clearSignInLock(db, email);
  await recordAudit(db, { action: 'user.password_change', actor: null, ip: null, target: userTarget(user.id, email) });
  return chosen.generated ? { email, generatedPassword: chosen.password } : { email };
}

/** The account can no longer sign in (login answers as for a wrong password) and its sessions end. */
export async function disableStaffAccount(
  db: Kysely<Database>,
  options: { email: string },
): Promise<{ email: string }> {
  const email = normaliseEmail(options.email);
  const user = await requireUser(db, email);
  // Disabled first, so no sign-in can slip in between the session purge and the flag.
  if (!user.disabled_at) {
    await markUserDisabled(db, user.id, new Date().toISOString());
    await recordAudit(db, { action: 'user.disable', actor: null, ip: null, target: userTarget(user.id, email) });
  }
  await deleteUserSessions(db, user.id);
  await deleteUserLoginChallenges(db, user.id);
  return { email };
}

/**
 * For someone who lost both their authenticator and their recovery codes: two-factor sign-in is
 * turned off (they can enrol again after signing in with the password) and their sessions end.
 */
export async function resetStaffTwoFactor(
  db: Kysely<Database>,
  options: { email: string },
  origin: ActionOrigin = COMMAND_LINE,
): Promise<{ email: string }> {
  const email = normaliseEmail(options.email);
  const user = await requireUser(db, email);
  await disableTotp(db, user.id);
  await deleteUserSessions(db, user.id);
  await deleteUserLoginChallenges(db, user.id);
  await recordAudit(db, {
    action: 'user.update',
    ...origin,
    target: userTarget(user.id, email),
    changes: { twoFactor: { before: user.totp_enabled_at !== null, after: false } },
  });
  return { email };
}
