import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { createBackup, type BackupResult } from '../../src/modules/backup/create-backup';
import {
  POSTGRES_ARCHIVE_WITHOUT_DATABASE_URL_MESSAGE,
  RestoreDatabaseNotEmptyError,
  restoreBackup,
  SQLITE_ARCHIVE_WITH_DATABASE_URL_MESSAGE,
} from '../../src/modules/backup/restore-backup';
import { createMachine, createPart, pngFile } from '../helpers/items';
import type { Machine, MachineCategory } from '@capstan/shared';
import {
  bearer,
  createPostgresDatabase,
  createTestApp,
  onPostgres,
  type TestApp,
  withDatabase,
} from '../helpers/test-app';

// Backups of a several-server deployment: `npm run backup` with DATABASE_URL dumps PostgreSQL with pg_dump into
// the same signed, hashed archive as the SQLite path. Needs a server: the server project includes
// *.pg-test.ts files only when TEST_DATABASE_URL is set (vitest.config.ts), rather than skipping them.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);
const KEY = 'a postgres backup signing key of 32+ chars';

let t: TestApp;
let token: string;
let work: string;
let machine: { id: string; images: string[] };
let backup: BackupResult;
const dropLater: (() => Promise<void>)[] = [];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function freshDatabase(): Promise<string> {
  const created = await createPostgresDatabase();
  dropLater.push(created.drop);
  return created.url;
}

/** Every row of the tables a backup must carry, in a stable order, straight from the database. */
async function rowsOf(database: DatabaseHandle) {
  const { db } = database;
  return {
    items: await db.selectFrom('items').selectAll().orderBy('id').execute(),
    specifications: await db
      .selectFrom('item_specifications')
      .selectAll()
      .orderBy('item_id')
      .orderBy('position')
      .execute(),
    images: await db.selectFrom('images').selectAll().orderBy('id').execute(),
    // The catalogue model (decision 031): codes and typed rows ride on items and specifications above.
    machineCategories: await db.selectFrom('machine_categories').selectAll().orderBy('slug').execute(),
    fits: await db.selectFrom('item_fits').selectAll().orderBy('part_id').orderBy('machine_id').execute(),
    inquiries: await db.selectFrom('inquiries').selectAll().orderBy('id').execute(),
    users: await db.selectFrom('users').selectAll().orderBy('id').execute(),
    audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
  };
}

async function fileHashes(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const name of (await fs.readdir(dir)).sort()) {
    const stat = await fs.stat(path.join(dir, name));
    if (stat.isFile()) hashes[name] = sha256(await fs.readFile(path.join(dir, name)));
  }
  return hashes;
}

describe('backup and restore on PostgreSQL', () => {
  beforeAll(async () => {
    if (!onPostgres) throw new Error('backup-postgres.pg-test.ts needs TEST_DATABASE_URL');
    t = await createTestApp({ images: 'local' });
    token = await t.login();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-pg-backup-'));
    const category = await t.app.inject({
      method: 'POST',
      url: '/api/machine-categories',
      headers: bearer(token),
      payload: { name: 'Bar feeders' },
    });
    expect(category.statusCode).toBe(201);
    machine = await createMachine(
      t,
      token,
      {
        name: 'Dumped lathe',
        code: 'NP-38',
        category: 'bar-feeders',
        specifications: JSON.stringify([
          { key: 'Bar capacity', number: 38, unit: 'mm' },
          { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
        ]),
      },
      [await pngFile('a.png', '#0f766e'), await pngFile('b.png', '#b91c1c')],
    );
    await createPart(t, token, { name: 'Dumped collet', code: 'NP38-COL-25', fits: JSON.stringify([machine.id]) }, [
      await pngFile('c.png', '#ca8a04'),
    ]);
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      remoteAddress: '10.61.0.1',
      payload: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi.kumar@example.in',
        phone: '+91 98765 43210',
        message: 'Backup drill inquiry on PostgreSQL',
      },
    });
    expect(inquiry.statusCode).toBe(201);
    backup = await createBackup({
      dataDir: t.config.dataDir,
      images: t.ctx.images,
      databaseUrl: t.config.databaseUrl,
      outFile: path.join(work, 'capstan-pg.tar.gz'),
      signingKey: KEY,
    });
  });
  afterAll(async () => {
    await t.close();
    for (const drop of dropLater) await drop();
    await fs.rm(work, { recursive: true, force: true });
  });

  it('writes a pg_dump and every image into the archive, with their hashes and the counts', async () => {
    const { manifest } = backup;
    expect(manifest.engine).toBe('postgres');
    expect(manifest.postgres?.serverMajor).toBeGreaterThanOrEqual(12);
    expect(manifest.postgres?.pgDumpMajor).toBeGreaterThanOrEqual(manifest.postgres?.serverMajor ?? 99);
    const paths = manifest.files.map((file) => file.path);
    expect(paths).toContain('postgres.dump');
    expect(paths).not.toContain('app.db');
    for (const url of machine.images) expect(paths).toContain(`uploads/${path.basename(url)}`);
    expect(manifest.counts.items).toEqual({ machine: 1, spare: 1, service: 0 });
    expect(manifest.counts.inquiries).toBe(1);
    expect(manifest.counts.images).toBe(3);
    expect((await fs.stat(backup.archive)).mode & 0o777).toBe(0o600);
  });

  it('restores into a fresh database and an empty DATA_DIR: the same rows, the same image bytes', async () => {
    const databaseUrl = await freshDatabase();
    const dataDir = path.join(work, 'restored');
    const result = await restoreBackup({ archive: backup.archive, dataDir, databaseUrl, signingKey: KEY });
    expect(result.signatureVerified).toBe(true);

    const source = await rowsOf(t.database);
    const restored = await withDatabase({ dataDir: work, databaseUrl }, rowsOf);
    expect(restored).toEqual(source);
    expect(restored.items.length).toBe(2);
    expect(
      await withDatabase({ dataDir: work, databaseUrl }, ({ db }) => db.selectFrom('sessions').selectAll().execute()),
    ).toEqual([]);

    const sourceFiles = await fileHashes(t.config.uploadsDir);
    expect(Object.keys(sourceFiles).length).toBeGreaterThanOrEqual(3);
    expect(await fileHashes(path.join(dataDir, 'uploads'))).toEqual(sourceFiles);
    // The dump went into the database; DATA_DIR holds the images only.
    expect(await fs.readdir(dataDir)).toEqual(['uploads']);

    // A server on the restored pair serves the item and its image.
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(work, 'no-web'),
    });
    const database = createDatabase(config);
    const app = await buildApp({ config, database });
    try {
      const item = await app.inject({ method: 'GET', url: `/api/products/${machine.id}` });
      expect(item.json<{ images: string[] }>().images).toEqual(machine.images);
      expect(item.json<Machine>()).toMatchObject({
        code: 'NP-38',
        category: 'bar-feeders',
        specifications: { 'Bar capacity': '38 mm', 'Spindle speed': '2,000 rpm (max)' },
        partsThatFit: [{ name: 'Dumped collet', code: 'NP38-COL-25' }],
      });
      const categories = await app.inject({ method: 'GET', url: '/api/machine-categories' });
      expect(categories.json<MachineCategory[]>()).toContainEqual({
        slug: 'bar-feeders',
        name: 'Bar feeders',
        machineCount: 1,
      });
      const image = await app.inject({ method: 'GET', url: machine.images[0] as string });
      expect(image.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('refuses a database that already has tables, and changes nothing', async () => {
    const dataDir = path.join(work, 'not-into-a-full-database');
    await expect(
      restoreBackup({ archive: backup.archive, dataDir, databaseUrl: t.config.databaseUrl }),
    ).rejects.toBeInstanceOf(RestoreDatabaseNotEmptyError);
    await expect(fs.access(dataDir)).rejects.toThrow();
    expect((await rowsOf(t.database)).items.length).toBe(2);
  });

  it('refuses an archive whose manifest was signed with another key before touching the database', async () => {
    const databaseUrl = await freshDatabase();
    await expect(
      restoreBackup({
        archive: backup.archive,
        dataDir: path.join(work, 'wrong-key'),
        databaseUrl,
        signingKey: 'another key that is also 32+ characters long',
      }),
    ).rejects.toThrow(/not signed with BACKUP_SIGNING_KEY/);
    const tables = await withDatabase({ dataDir: work, databaseUrl }, ({ db }) => db.introspection.getTables());
    expect(tables).toEqual([]);
  });

  it('says which setting is missing when the archive and DATABASE_URL do not match', async () => {
    await expect(
      restoreBackup({ archive: backup.archive, dataDir: path.join(work, 'no-url'), databaseUrl: undefined }),
    ).rejects.toThrow(POSTGRES_ARCHIVE_WITHOUT_DATABASE_URL_MESSAGE);
    await expect(fs.access(path.join(work, 'no-url'))).rejects.toThrow();

    const sqlite = await createTestApp({ database: 'sqlite', images: 'local' });
    try {
      const archive = await createBackup({
        dataDir: sqlite.config.dataDir,
        images: sqlite.ctx.images,
        databaseUrl: undefined,
        outFile: path.join(work, 'sqlite.tar.gz'),
      });
      await expect(
        restoreBackup({
          archive: archive.archive,
          dataDir: path.join(work, 'sqlite-into-pg'),
          databaseUrl: await freshDatabase(),
        }),
      ).rejects.toThrow(SQLITE_ARCHIVE_WITH_DATABASE_URL_MESSAGE);
    } finally {
      await sqlite.close();
    }
  });

  it('refuses a pg_dump older than the server, saying what to install', async () => {
    const fake = path.join(work, 'old-pg_dump');
    await fs.writeFile(fake, '#!/bin/sh\necho "pg_dump (PostgreSQL) 9.6.24"\n', { mode: 0o755 });
    await expect(
      createBackup({
        dataDir: t.config.dataDir,
        images: t.ctx.images,
        databaseUrl: t.config.databaseUrl,
        outFile: path.join(work, 'old.tar.gz'),
        postgresTools: { pg_dump: fake },
      }),
    ).rejects.toThrow(/pg_dump is version 9, older than the PostgreSQL server \(\d+\).*postgresql-client/);
    await expect(fs.access(path.join(work, 'old.tar.gz'))).rejects.toThrow();
  });

  it('npm run backup and npm run restore do the same with DATABASE_URL set', async () => {
    const out = path.join(work, 'cli', 'capstan.tar.gz');
    const script = (name: string) => path.join(repoRoot, 'scripts', name);
    const env = (dataDir: string, databaseUrl: string | undefined) => ({
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
    });
    const made = await run(process.execPath, ['--import', 'tsx', script('backup.ts'), '--out', out], {
      cwd: repoRoot,
      env: env(t.config.dataDir, t.config.databaseUrl),
    });
    expect(made.stdout).toContain(`Backup written to ${out}`);
    expect(made.stdout).toMatch(/PostgreSQL \d+ dumped by pg_dump \d+/);

    const databaseUrl = await freshDatabase();
    const target = path.join(work, 'cli-restored');
    const restored = await run(process.execPath, ['--import', 'tsx', script('restore.ts'), out], {
      cwd: repoRoot,
      env: env(target, databaseUrl),
    });
    expect(restored.stdout).toContain('pg_restore ok, counts match the manifest');
    expect((await withDatabase({ dataDir: work, databaseUrl }, rowsOf)).items).toEqual(
      (await rowsOf(t.database)).items,
    );

    const again = run(process.execPath, ['--import', 'tsx', script('restore.ts'), out], {
      cwd: repoRoot,
      env: env(path.join(work, 'cli-again'), databaseUrl),
    });
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('already has') });
  });
});
