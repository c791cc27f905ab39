import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Stores a secret awaiting confirmation; two-factor is not in force until enableTotp. */
export async function setPendingTotpSecret(db: Kysely<Database>, userId: string, secret: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: secret, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .execute();
}

/**
 * Turns two-factor on and records the confirming step as used. Returns false when it was
 * already on (a concurrent confirmation won).
 */
export async function enableTotp(db: Kysely<Database>, userId: string, step: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_enabled_at: now, totp_last_step: step })
    .where('id', '=', userId)
    .where('totp_enabled_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function disableTotp(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_secret: null, totp_enabled_at: null, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

/**
 * Records `step` as the last used one only if it is newer than the stored one, in one statement,
 * so two requests with the same code cannot both pass.
 */
export async function claimTotpStep(db: Kysely<Database>, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function replaceRecoveryCodes(
  db: Kysely<Database>,
  userId: string,
  codeHashes: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(
      codeHashes.map((code_hash) => ({ id: randomUUID(), user_id: userId, code_hash, created_at: now, used_at: null })),
    )
    .execute();
}

/** Marks an unused recovery code as used; false when there is none (wrong, or already used). */
export async function useRecoveryCode(
  db: Kysely<Database>,
  userId: string,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export async function insertLoginChallenge(
  db: Kysely<Database>,
  challenge: { tokenHash: string; userId: string; now: string; expiresAt: string },
): Promise<void> {
  await db.deleteFrom('login_challenges').where('expires_at', '<=', challenge.now).execute();
  await db
    .insertInto('login_challenges')
    .values({
      token_hash: challenge.tokenHash,
      user_id: challenge.userId,
      created_at: challenge.now,
      expires_at: challenge.expiresAt,
    })
    .execute();
}

export async function findLoginChallenge(
  db: Kysely<Database>,
  tokenHash: string,
  now: string,
): Promise<{ userId: string } | undefined> {
  const row = await db
    .selectFrom('login_challenges')
    .select('user_id')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { userId: row.user_id } : undefined;
}

/** Consumes a challenge; false when another request already did. */
export async function deleteLoginChallenge(db: Kysely<Database>, tokenHash: string): Promise<boolean> {
  const result = await db.deleteFrom('login_challenges').where('token_hash', '=', tokenHash).executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** Pending second steps die with the password that opened them (reset, change, disable). */
export async function deleteUserLoginChallenges(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('login_challenges').where('user_id', '=', userId).execute();
}

export async function listStoredTotpSecrets(db: Kysely<Database>): Promise<{ id: string; secret: string }[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'totp_secret'])
    .where('totp_secret', 'is not', null)
    .execute();
  return rows.flatMap((row) => (row.totp_secret === null ? [] : [{ id: row.id, secret: row.totp_secret }]));
}

/** Replaces a stored secret only if it is still `current`; false when it changed meanwhile. */
export async function replaceTotpSecret(
  db: Kysely<Database>,
  userId: string,
  current: string,
  replacement: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ totp_secret: replacement })
    .where('id', '=', userId)
    .where('totp_secret', '=', current)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
