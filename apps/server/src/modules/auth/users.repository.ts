import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
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

export async function insertUser(
  db: Kysely<Database>,
  user: { email: string; username: string; passwordHash: string },
): Promise<UserRow> {
  const row: UserRow = {
    id: randomUUID(),
    email: user.email.toLowerCase(),
    username: user.username,
    password_hash: user.passwordHash,
    created_at: new Date().toISOString(),
    disabled_at: null,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}
