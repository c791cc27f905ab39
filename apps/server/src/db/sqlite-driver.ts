import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * The SQLite driver for the Node this process runs on. better-sqlite3 12 is built against Node's
 * own C++ API, which Node 24 changed: a statement freed by the garbage collector aborts the process
 * (`RemoveEnvironmentCleanupHook`). 13 is built on Node-API and is sound on 24, but needs Node 22
 * and crashes on 20. So both are installed: 12 as `better-sqlite3`, 13 as the optional
 * `better-sqlite3-napi`, which npm leaves out (silently) where its engines do not allow it.
 * Their JavaScript API is the same (decision 063).
 */
const require = createRequire(import.meta.url);

function isMissing(error: unknown): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND';
}

function loadDriver(): typeof BetterSqlite3 {
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 22) return require('better-sqlite3') as typeof BetterSqlite3;
  try {
    return require('better-sqlite3-napi') as typeof BetterSqlite3;
  } catch (error) {
    if (!isMissing(error)) throw error;
    if (major >= 24) {
      throw new Error(
        `better-sqlite3-napi, the SQLite driver for Node ${major}, is not installed: ` +
          'run `npm install` with this Node (node_modules installed by Node 20 lack it).',
        { cause: error },
      );
    }
    return require('better-sqlite3') as typeof BetterSqlite3;
  }
}

export const SqliteDatabase = loadDriver();
export type SqliteFile = BetterSqlite3.Database;
