import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_LOCALE, isLocale, type Locale, type StaffRole } from '@capstan/shared';
import type { Database, UsersTable } from '../../db/schema';

export type UserRow = UsersTable;

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The first staff account still allowed to sign in (start-up says which account exists). */
export async function findOldestActiveUser(db: Kysely<Database>): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('disabled_at', 'is', null)
    .orderBy('created_at')
    .orderBy('email')
    .limit(1)
    .executeTakeFirst();
}

type NewUser = { email: string; username: string; passwordHash: string; role: StaffRole };

function newUserRow(user: NewUser): UserRow {
  return {
    id: randomUUID(),
    email: user.email.toLowerCase(),
    username: user.username,
    password_hash: user.passwordHash,
    created_at: new Date().toISOString(),
    disabled_at: null,
    password_changed_at: null,
    totp_secret: null,
    totp_enabled_at: null,
    totp_last_step: null,
    role: user.role,
    last_sign_in_at: null,
    locale: null,
  };
}

export async function insertUser(db: Kysely<Database>, user: NewUser): Promise<UserRow> {
  const row = newUserRow(user);
  await db.insertInto('users').values(row).execute();
  return row;
}

/**
 * Inserts the user unless the email is already taken, also by a process inserting it at the same
 * moment (the unique email decides, not a look-up before): undefined when it was taken.
 */
export async function insertUserUnlessEmailTaken(db: Kysely<Database>, user: NewUser): Promise<UserRow | undefined> {
  const row = newUserRow(user);
  const result = await db
    .insertInto('users')
    .values(row)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? row : undefined;
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  userId: string,
  passwordHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: now })
    .where('id', '=', userId)
    .execute();
}

export async function markUserDisabled(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ disabled_at: now }).where('id', '=', userId).execute();
}

export async function markSignedIn(db: Kysely<Database>, userId: string, now: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute();
}

/** The back office's language a staff member chose; English until they choose. */
export async function findUserLocale(db: Kysely<Database>, userId: string): Promise<Locale> {
  const row = await db.selectFrom('users').select('locale').where('id', '=', userId).executeTakeFirst();
  return isLocale(row?.locale) ? row.locale : DEFAULT_LOCALE;
}

export async function setUserLocale(db: Kysely<Database>, userId: string, locale: Locale): Promise<void> {
  await db
    .updateTable('users')
    .set({ locale: locale === DEFAULT_LOCALE ? null : locale })
    .where('id', '=', userId)
    .execute();
}
