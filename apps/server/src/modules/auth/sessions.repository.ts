import type { Kysely } from 'kysely';
import type { StaffRole } from '@capstan/shared';
import type { Database } from '../../db/schema';

export interface SessionWithUser {
  tokenHash: string;
  userId: string;
  email: string;
  username: string;
  role: StaffRole;
  lastSeenAt: string;
  expiresAt: string;
}

export async function insertSession(
  db: Kysely<Database>,
  session: { tokenHash: string; userId: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      user_id: session.userId,
      created_at: session.now,
      last_seen_at: session.now,
      expires_at: session.expiresAt,
    })
    .execute();
}

export async function findSession(db: Kysely<Database>, tokenHash: string): Promise<SessionWithUser | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.token_hash',
      'sessions.user_id',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'users.email',
      'users.username',
      'users.disabled_at',
      'users.role',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.disabled_at) return undefined;
  return {
    tokenHash: row.token_hash,
    userId: row.user_id,
    email: row.email,
    username: row.username,
    role: row.role,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}

export async function touchSession(db: Kysely<Database>, tokenHash: string, now: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: string, idleCutoff: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .execute();
}

/** Ends every session of a user, or every one but `keepTokenHash` (the session making the change). */
export async function deleteUserSessions(db: Kysely<Database>, userId: string, keepTokenHash?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}
