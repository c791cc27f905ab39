import { SqliteDatabase } from './sqlite-driver';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database';

/**
 * Work that only one server process sharing a database may do at a time (decision 029):
 * the first start (migrations, the first admin, the demo rows) and drawing the demo pictures.
 */
export type InstanceLockName = 'first-start' | 'demo-pictures';

// PostgreSQL advisory lock keys: one number per lock, chosen once; any bigint no other lock uses.
// (Kysely's migrator takes its own advisory lock inside, under a key of its own.)
const ADVISORY_KEYS: Record<InstanceLockName, string> = {
  'first-start': '7401180001',
  'demo-pictures': '7401180002',
};

const LOCK_RETRY_MS = 50;

type LockHandle = Pick<DatabaseHandle, 'db' | 'dialect' | 'sqliteFile'>;

/**
 * On PostgreSQL a session advisory lock on a connection held for the work; on SQLite an exclusive
 * transaction on a lock file beside the database (an OS file lock, which SQLite already relies on).
 * Either is released by the database or the OS when the process dies, so a crash never leaves a
 * lock behind. Returns undefined without running `work` when `wait` is false and the lock is taken.
 */
async function underLock<T>(
  handle: LockHandle,
  name: InstanceLockName,
  wait: boolean,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (handle.dialect === 'postgres') {
    const key = ADVISORY_KEYS[name];
    // The work itself runs on other pool connections; this one only holds the lock.
    return handle.db.connection().execute(async (conn) => {
      // Polled, as on SQLite: a waiting pg_advisory_lock is one statement, which the pool's
      // statement timeout would cancel while another process migrates a large database.
      for (;;) {
        const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}::bigint) as locked`.execute(
          conn,
        );
        if (rows[0]?.locked) break;
        if (!wait) return { ran: false };
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
      try {
        return { ran: true, value: await work() };
      } finally {
        await sql`select pg_advisory_unlock(${key}::bigint)`.execute(conn);
      }
    });
  }

  if (!handle.sqliteFile) throw new Error('An instance lock on SQLite needs the database file');
  // A separate file: an exclusive transaction on the database itself would lock out the work too.
  const lock = new SqliteDatabase(`${handle.sqliteFile}.${name}.lock`, { timeout: 0 });
  try {
    // Polled rather than waited for with busy_timeout, which would block this process's event loop.
    for (;;) {
      try {
        lock.exec('begin exclusive');
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        if (!wait) return { ran: false };
        await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
      }
    }
    try {
      return { ran: true, value: await work() };
    } finally {
      lock.exec('rollback');
    }
  } finally {
    lock.close();
  }
}

/** Runs `work` once no other process sharing the database runs work under the same lock. */
export async function withInstanceLock<T>(
  handle: LockHandle,
  name: InstanceLockName,
  work: () => Promise<T>,
): Promise<T> {
  const result = await underLock(handle, name, true, work);
  if (!result.ran) throw new Error(`The ${name} lock was not taken`);
  return result.value;
}

/** Runs `work` only if no other process holds the lock now; returns whether it ran. */
export async function ifInstanceLockFree(
  handle: LockHandle,
  name: InstanceLockName,
  work: () => Promise<void>,
): Promise<boolean> {
  return (await underLock(handle, name, false, work)).ran;
}
