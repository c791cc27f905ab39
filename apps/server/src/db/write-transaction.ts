import { type Kysely, type Transaction, sql } from 'kysely';
import type { DatabaseHandle } from './database';
import type { Database } from './schema';

export type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A transaction for writes that read first (check then insert). On SQLite it starts with
 * BEGIN IMMEDIATE, so the write lock is taken before the read and two writers can never both
 * pass the same check (a deferred BEGIN would let them, then fail one with SQLITE_BUSY).
 * On PostgreSQL callers lock the rows they read with FOR UPDATE.
 */
export async function writeTransaction<T>(
  handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (handle.dialect === 'postgres') {
    return handle.db.transaction().execute(work);
  }
  return handle.db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const result = await work(conn);
      await sql`commit`.execute(conn);
      return result;
    } catch (error) {
      // SQLite rolls back by itself on some errors (a full disk, an I/O error): then ROLLBACK has
      // nothing to undo and would replace the error that says what happened with its own.
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw error;
    }
  });
}
