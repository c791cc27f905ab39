import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import type { Database } from '../../src/db/schema';
import { createPostgresDatabase } from '../helpers/test-app';

interface Scene {
  database: DatabaseHandle;
  /** What the pool reported as connections the server ended. */
  lost: Error[];
  /** Ends that backend from another session, as a restart or a failover would. */
  terminate: (pid: number) => Promise<void>;
}

async function onNewDatabase(test: (scene: Scene) => Promise<void>): Promise<void> {
  const target = await createPostgresDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-pool-'));
  const lost: Error[] = [];
  const database = createDatabase({ dataDir, databaseUrl: target.url }, (error) => lost.push(error));
  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: target.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    await admin.end();
  };
  try {
    await test({ database, lost, terminate });
  } finally {
    await database.destroy();
    await target.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const backendPid = async (db: Kysely<Database>) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

describe('a PostgreSQL connection the server ends', () => {
  it('while idle: is reported, does not end the process, and the next query opens a new one', () =>
    onNewDatabase(async ({ database, lost, terminate }) => {
      const pid = await backendPid(database.db);
      await terminate(pid);
      await expect.poll(() => lost.length, { timeout: 10_000 }).toBe(1);
      expect(lost[0]!.message).toMatch(/terminating connection/);
      expect(await backendPid(database.db)).not.toBe(pid);
    }));

  it('while in use between two statements: is reported too, and the pool discards it', () =>
    onNewDatabase(async ({ database, lost, terminate }) => {
      let pid = 0;
      let heard = false;
      // As a transaction or a held lock does: the connection is checked out, no statement running.
      const held = database.db.connection().execute(async (connection) => {
        pid = await backendPid(connection);
        await terminate(pid);
        // Told twice while checked out: the server's message, then the socket's end (pg-pool ends
        // an idle client at the first, so the idle case above hears one).
        await expect
          .poll(() => lost.map((error) => error.message), { timeout: 10_000 })
          .toEqual([expect.stringMatching(/terminating connection/), 'Connection terminated unexpectedly']);
        heard = true;
        await sql`select 1`.execute(connection);
      });
      // The next statement on it fails at once (503 to the client), not the wait above.
      await expect(held).rejects.toThrow(/not queryable|terminat/i);
      expect(heard).toBe(true);
      expect(await backendPid(database.db)).not.toBe(pid);
    }));
});
