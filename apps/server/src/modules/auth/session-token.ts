import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type LoginResponse, SESSION_ABSOLUTE_TTL_MS } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { insertSession } from './sessions.repository';
import { markSignedIn, type UserRow } from './users.repository';

/**
 * Issuing a session, shared by both sign-in steps (password in auth.service, code in
 * two-factor-login) so that neither of those has to import the other.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new session for a user who has proven who they are. */
export async function startSession(
  db: Kysely<Database>,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  now: Date,
): Promise<LoginResponse> {
  // 256 random bits; only its hash is stored, so a database leak yields no usable token.
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS).toISOString();
  await insertSession(db, { tokenHash: hashToken(token), userId: user.id, now: now.toISOString(), expiresAt });
  await markSignedIn(db, user.id, now.toISOString());
  return {
    token,
    user: { id: user.id, email: user.email, username: user.username },
    message: 'Login successful',
    expiresAt,
  };
}
