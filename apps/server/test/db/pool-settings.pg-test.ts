import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { createPostgresDatabase } from '../helpers/test-app';

it('opens PostgreSQL connections with the statement timeout and without JIT (decision 088)', async () => {
  const target = await createPostgresDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-pool-'));
  const database = createDatabase({
    dataDir,
    databaseUrl: target.url,
    databasePool: { max: 2, connectTimeoutMs: 5000, statementTimeoutMs: 4321 },
  });
  try {
    const { rows } = await sql<{ jit: string; timeout: string }>`select current_setting('jit') as jit,
      current_setting('statement_timeout') as timeout`.execute(database.db);
    expect(rows[0]).toEqual({ jit: 'off', timeout: '4321ms' });
  } finally {
    await database.destroy();
    await target.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
