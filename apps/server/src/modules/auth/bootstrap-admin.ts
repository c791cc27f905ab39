import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { generatePassword, hashPassword } from './password';
import { countUsers, findUserByEmail, insertUser } from './users.repository';

export interface BootstrapResult {
  email: string;
  /** Set only when the password was generated here; it is shown once and never stored in clear. */
  generatedPassword?: string;
}

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD. With no password given and no
 * staff yet, a random one is generated for the caller to print once. There is never a
 * default password, and an existing account is never changed.
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
  await insertUser(db, { email, username, passwordHash: await hashPassword(password) });
  return options.password ? { email } : { email, generatedPassword: password };
}
