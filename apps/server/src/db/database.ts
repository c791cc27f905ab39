import fs from 'node:fs';
import path from 'node:path';
import { SqliteDatabase } from './sqlite-driver';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_POOL_SETTINGS, type PoolSettings } from '../config';
import { withAnswersRecorded } from './database-answers';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite database file (locks between processes live beside it); undefined on PostgreSQL. */
  sqliteFile?: string;
  destroy: () => Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  databasePool?: PoolSettings;
}

export function createDatabase(
  { dataDir, databaseUrl, databasePool = DEFAULT_POOL_SETTINGS }: DatabaseOptions,
  /** Told when PostgreSQL drops an idle connection (a restart, a failover, a terminated backend). */
  onConnectionLost: (error: Error) => void = () => undefined,
): DatabaseHandle {
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: databasePool.max,
      connectionTimeoutMillis: databasePool.connectTimeoutMs,
      // Server-side, so the connection stays usable after a cancelled statement.
      statement_timeout: databasePool.statementTimeoutMs,
      // A database host that vanished (no reset sent) is noticed by TCP, not after hours.
      keepAlive: true,
      // JIT pays off on long reports. The list statements past its cost threshold run in 50-250 ms,
      // and compiling them added about 45 ms to each (decision 088).
      options: '-c jit=off',
    });
    // A connection the server ends (a restart, a failover, a terminated backend) emits 'error' on
    // its client, idle or in use between two statements (a transaction, a held lock); unheard, that
    // would end the process. The pool drops an idle one at once; one in use fails its next
    // statement (503 to the client) and is discarded on release.
    pool.on('connect', (client) => client.on('error', onConnectionLost));
    // pg-pool tells an idle client's error again on the pool: already heard above.
    pool.on('error', () => undefined);
    const db = withAnswersRecorded(
      (answers) => new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [answers] }),
    );
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }

  fs.mkdirSync(dataDir, { recursive: true });
  const sqliteFile = path.join(dataDir, 'app.db');
  const file = new SqliteDatabase(sqliteFile);
  // Durability first: a quote request or an edit that was acknowledged must survive a crash.
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = withAnswersRecorded(
    (answers) => new Kysely<Database>({ dialect: new SqliteDialect({ database: file }), plugins: [answers] }),
  );
  return { db, dialect: 'sqlite', sqliteFile, destroy: () => db.destroy() };
}
