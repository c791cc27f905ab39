import type { Kysely } from 'kysely';
import type { StaffMember, StaffRole } from '@capstan/shared';
import type { DialectName } from '../../db/database';
import type { Database, UsersTable } from '../../db/schema';

type StaffRow = Pick<
  UsersTable,
  'id' | 'email' | 'username' | 'role' | 'totp_enabled_at' | 'last_sign_in_at' | 'disabled_at' | 'created_at'
>;

const STAFF_COLUMNS = [
  'id',
  'email',
  'username',
  'role',
  'totp_enabled_at',
  'last_sign_in_at',
  'disabled_at',
  'created_at',
] as const;

export function toStaffMember(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    username: row.username,
    role: row.role,
    twoFactor: row.totp_enabled_at !== null,
    lastSignInAt: row.last_sign_in_at,
    disabled: row.disabled_at !== null,
    createdAt: row.created_at,
  };
}

export async function listStaffRows(db: Kysely<Database>): Promise<StaffRow[]> {
  return db.selectFrom('users').select(STAFF_COLUMNS).orderBy('created_at').orderBy('email').execute();
}

export async function findStaffRow(db: Kysely<Database>, id: string): Promise<StaffRow | undefined> {
  return db.selectFrom('users').select(STAFF_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The active owners, locked on PostgreSQL until the transaction ends, so that two owners demoting
 * each other at once cannot both pass the "another owner remains" check (SQLite: BEGIN IMMEDIATE).
 */
export async function lockActiveOwnerIds(db: Kysely<Database>, dialect: DialectName): Promise<string[]> {
  let query = db.selectFrom('users').select('id').where('role', '=', 'owner').where('disabled_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export async function updateStaffRow(
  db: Kysely<Database>,
  id: string,
  changes: { role?: StaffRole; disabledAt?: string | null },
): Promise<void> {
  const set: Partial<Pick<UsersTable, 'role' | 'disabled_at'>> = {};
  if (changes.role !== undefined) set.role = changes.role;
  if (changes.disabledAt !== undefined) set.disabled_at = changes.disabledAt;
  await db.updateTable('users').set(set).where('id', '=', id).execute();
}

/**
 * The back-office language of each staff account among `emails` (matched whatever its case), by
 * lower-cased email: the staff emails are written in it. Addresses of no account are left out.
 */
export async function staffLanguagesByEmail(
  db: Kysely<Database>,
  emails: readonly string[],
): Promise<Map<string, string | null>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where((eb) =>
      eb(
        eb.fn('lower', ['email']),
        'in',
        emails.map((email) => email.toLowerCase()),
      ),
    )
    .execute();
  return new Map(rows.map((row) => [row.email.toLowerCase(), row.locale]));
}
