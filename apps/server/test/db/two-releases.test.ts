import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Migration, Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest, migrations } from '../../src/db/migrate';
import { loginOver, ServerProcess } from '../helpers/server-process';
import { createPostgresDatabase } from '../helpers/test-app';

/** A migration of the next release: it only adds (decision 065). */
const NEXT = '2099-01-01-001-next-release-expands';
const nextRelease: Migration = {
  async up(db) {
    await db.schema.alterTable('inquiries').addColumn('next_release_channel', 'text').execute();
    await db.schema
      .createTable('next_release_things')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .execute();
  },
};

/** A database (SQLite in dataDir, or a new PostgreSQL database on the engines pass) migrated by `release`. */
async function migratedBy(release: Record<string, Migration>) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-releases-'));
  const postgres = process.env.TEST_DATABASE_URL ? await createPostgresDatabase() : undefined;
  const database = createDatabase({ dataDir, databaseUrl: postgres?.url });
  const { error } = await new Migrator({
    db: database.db,
    provider: { getMigrations: async () => release },
  }).migrateToLatest();
  expect(error).toBeUndefined();
  return {
    dataDir,
    databaseUrl: postgres?.url,
    database,
    cleanup: async () => {
      await database.destroy().catch(() => undefined);
      await postgres?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe('two releases on one database', () => {
  it('the previous release serves a database the next one migrated: it starts, reads and writes, and says so', async () => {
    const target = await migratedBy({ ...migrations, [NEXT]: nextRelease });
    await target.database.destroy();
    const server = await ServerProcess.start(target.dataDir, { DATABASE_URL: target.databaseUrl ?? '' });
    try {
      expect(server.log).toContain(`migrated by a newer release (${NEXT})`);
      const created = await fetch(`${server.url}/api/inquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.65.0.1' },
        body: JSON.stringify({
          firstName: 'Rolling',
          lastName: 'Deploy',
          email: 'rolling@example.com',
          phone: '+91 98450 12345',
          message: 'Sent to the previous release during an upgrade.',
        }),
      });
      expect(created.status).toBe(201);
      const token = await loginOver(server.url);
      const listed = await fetch(`${server.url}/api/inquiries?q=Rolling`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(listed.status).toBe(200);
      expect(JSON.stringify(await listed.json())).toContain('Sent to the previous release during an upgrade.');
    } finally {
      await server.stop();
      await target.cleanup();
    }
  }, 120_000);

  it('refuses a database migrated by a release that is not newer (it lacks one of this release’s migrations)', async () => {
    const names = Object.keys(migrations);
    const last = names[names.length - 1]!;
    const diverged = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== last));
    const target = await migratedBy({ ...diverged, [NEXT]: nextRelease });
    try {
      await expect(migrateToLatest(target.database.db)).rejects.toThrow(`lacks this release's ${last}`);
    } finally {
      await target.cleanup();
    }
  });
});
