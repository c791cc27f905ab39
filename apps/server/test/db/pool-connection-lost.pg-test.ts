import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { createPostgresDatabase } from '../helpers/test-app';

describe('a PostgreSQL connection closed while idle', () => {
  it('is reported, does not end the process, and the next query opens a new one', async () => {
    const target = await createPostgresDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-pool-'));
    const lost: Error[] = [];
    const database = createDatabase({ dataDir, databaseUrl: target.url }, (error) => lost.push(error));
    try {
      const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      const pid = before.rows[0]!.pid;

      // As a restart or a failover would: the server ends the pool's idle connection.
      const admin = new pg.Client({ connectionString: target.url });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => lost.length, { timeout: 10_000 }).toBe(1);
      expect(lost[0]!.message).toMatch(/terminating connection/);

      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await database.destroy();
      await target.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('is reported too when the connection was in use between two statements, and the pool discards it', async () => {
    const target = await createPostgresDatabase();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-pool-'));
    const lost: Error[] = [];
    const database = createDatabase({ dataDir, databaseUrl: target.url }, (error) => lost.push(error));
    try {
      let pid = 0;
      // As a transaction or a held lock does: the connection is checked out, no statement running.
      const held = database.db.connection().execute(async (connection) => {
        pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)).rows[0]!.pid;
        const admin = new pg.Client({ connectionString: target.url });
        await admin.connect();
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await admin.end();
        await expect.poll(() => lost.length, { timeout: 10_000 }).toBe(1);
        await sql`select 1`.execute(connection);
      });
      await expect(held).rejects.toThrow();
      expect(lost[0]!.message).toMatch(/terminating connection/);

      const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
      expect(after.rows[0]!.pid).not.toBe(pid);
    } finally {
      await database.destroy();
      await target.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
