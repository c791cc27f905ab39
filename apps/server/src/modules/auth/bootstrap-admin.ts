import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generatePassword, hashPassword } from './password';
import { countUsers, findOldestActiveUser, findUserByEmail, insertUserUnlessEmailTaken } from './users.repository';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated here; it is shown once and never stored in clear. */
  generatedPassword?: string;
}

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. With no password given and no
 * staff yet, a random one is generated for the caller to print once. There is never a
 * default password, and an existing account is never changed. Several processes starting at once
 * on one database may all get this far: the insert lets exactly one of them create the account, and
 * the others answer null as if it had existed (decision 029).
 */
export async function bootstrapAdmin(
  db: Kysely<Database>,
  options: { email: string | undefined; password: string | undefined },
): Promise<BootstrapResult | null> {
  const email = (options.email ?? 'admin@localhost').toLowerCase();
  if (await findUserByEmail(db, email)) return null;
  if (!options.password && (await countUsers(db)) > 0) return null;

  const password = options.password ?? generatePassword();
  const username = email.split('@')[0] || 'admin';
  // The first account runs the business: it must be able to invite everyone else.
  const created = await insertUserUnlessEmailTaken(db, {
    email,
    username,
    passwordHash: await hashPassword(password),
    role: 'owner',
  });
  if (!created) return null;
  return options.password ? { email } : { email, generatedPassword: password };
}

/**
 * The account an operator can sign in with when none was created at this start: the configured
 * (or default) email if it exists, else the oldest active one. Never a password.
 */
export async function existingAdminEmail(
  db: Kysely<Database>,
  options: { email: string | undefined },
): Promise<string | undefined> {
  const configured = await findUserByEmail(db, options.email ?? 'admin@localhost');
  if (configured && !configured.disabled_at) return configured.email;
  return (await findOldestActiveUser(db))?.email;
}
