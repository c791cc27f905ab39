import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { databaseAnswers } from '../../src/db/database-answers';

describe('the database’s answers, as the readiness check reads them', () => {
  it('records when any statement of the process was answered, not one that failed', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-answers-'));
    const { db, destroy } = createDatabase({ dataDir, databaseUrl: undefined });
    try {
      const answers = databaseAnswers(db);
      expect(answers?.lastAt).toBe(-Infinity);
      const before = performance.now();
      await sql`select 1`.execute(db);
      const answered = answers?.lastAt ?? -Infinity;
      expect(answered).toBeGreaterThanOrEqual(before);

      await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow();
      expect(answers?.lastAt).toBe(answered);
      // Statements inside a transaction count too.
      await db.transaction().execute(async (trx) => sql`select 2`.execute(trx));
      expect(answers?.lastAt).toBeGreaterThan(answered);
    } finally {
      await destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
