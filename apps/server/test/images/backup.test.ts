import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { SqliteDatabase } from '../../src/db/sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { createBackup, type BackupResult } from '../../src/modules/backup/create-backup';
import { parseManifest } from '../../src/modules/backup/manifest';
import { restoreBackup, RestoreTargetNotEmptyError } from '../../src/modules/backup/restore-backup';
import { createMachine, createPart, pngFile } from '../helpers/items';
import type { Machine, MachineCategory, SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

let t: TestApp;
let token: string;
let work: string;
let seededMachine: { id: string; images: string[] };

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let nextAddress = 1;
const freshAddress = () => `10.60.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

async function postInquiry(n: number): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: freshAddress(),
    payload: {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi.kumar@example.in',
      phone: '+91 98765 43210',
      message: `Backup drill inquiry ${n}`,
    },
  });
  if (response.statusCode !== 201) throw new Error(`inquiry: ${response.statusCode} ${response.body}`);
}

/** Counts straight from a database file, independently of the backup module's own queries. */
function countsIn(dbFile: string) {
  const db = new SqliteDatabase(dbFile, { readonly: true });
  try {
    const count = (query: string) => (db.prepare(query).get() as { n: number }).n;
    return {
      items: {
        machine: count("select count(*) as n from items where kind = 'machine'"),
        spare: count("select count(*) as n from items where kind = 'spare'"),
        service: count("select count(*) as n from items where kind = 'service'"),
      },
      inquiries: count('select count(*) as n from inquiries'),
      users: count('select count(*) as n from users'),
      images: count('select count(*) as n from images'),
      integrity: db.pragma('integrity_check', { simple: true }),
    };
  } finally {
    db.close();
  }
}

async function takeBackup(name: string): Promise<BackupResult> {
  return createBackup({
    dataDir: t.config.dataDir,
    images: t.ctx.images,
    databaseUrl: undefined,
    outFile: path.join(work, name),
  });
}

/** Leftovers of a failed restore would be `.{name}.restore-*` folders next to the target. */
async function restoreLeftovers(): Promise<string[]> {
  return (await fs.readdir(work)).filter((name) => name.includes('.restore-'));
}

beforeAll(async () => {
  // The drill is about the archive and DATA_DIR; a bucket's backup has its own test (image-store.test.ts).
  t = await createTestApp({ database: 'sqlite', images: 'local' });
  token = await t.login();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-backup-'));
  const category = await t.app.inject({
    method: 'POST',
    url: '/api/machine-categories',
    headers: bearer(token),
    payload: { name: 'Bar feeders' },
  });
  if (category.statusCode !== 201) throw new Error(`category: ${category.body}`);
  // The catalogue model too: a code, a category of staff's own, typed specifications and fits.
  seededMachine = await createMachine(
    t,
    token,
    {
      name: 'Seeded lathe',
      code: 'NP-38',
      category: 'bar-feeders',
      specifications: JSON.stringify([
        { key: 'Bar capacity', number: 38, unit: 'mm' },
        { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
      ]),
    },
    [await pngFile('a.png', '#0f766e'), await pngFile('b.png', '#b91c1c')],
  );
  await createPart(t, token, { name: 'Seeded collet', code: 'NP38-COL-25', fits: JSON.stringify([seededMachine.id]) }, [
    await pngFile('c.png', '#ca8a04'),
  ]);
  for (let i = 0; i < 3; i++) await postInquiry(i);
});

afterAll(async () => {
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('backup and restore drill (SQLite)', () => {
  let backup: BackupResult;
  let liveAfter: ReturnType<typeof countsIn>;

  it('takes a consistent backup while the server keeps writing', async () => {
    let stop = false;
    let writes = 0;
    const writer = (async () => {
      for (let n = 100; !stop; n++) {
        await postInquiry(n);
        await createMachine(t, token, { name: `Drill lathe ${n}` }, [await pngFile(`d${n}.png`)]);
        writes++;
      }
    })();

    backup = await takeBackup('drill.tar.gz');
    // One more full round after the backup, so the live data provably moved past it.
    const writesAtEnd = writes;
    while (writes < writesAtEnd + 1) await new Promise((resolve) => setImmediate(resolve));
    stop = true;
    await writer;

    liveAfter = countsIn(path.join(t.config.dataDir, 'app.db'));
    const { counts } = backup.manifest;
    expect(counts.items.machine).toBeGreaterThanOrEqual(1);
    expect(counts.items.spare).toBe(1);
    expect(counts.users).toBe(1);
    expect(counts.inquiries).toBeGreaterThanOrEqual(3);
    expect(liveAfter.inquiries).toBeGreaterThan(counts.inquiries);
    expect(liveAfter.items.machine).toBeGreaterThan(counts.items.machine);
    expect(backup.missingImages).toEqual([]);
    expect(backup.manifest.schemaVersion).toMatch(/^\d{4}-\d{2}-\d{2}-\d{3}-/);
    expect(Date.parse(backup.manifest.createdAt)).not.toBeNaN();

    // Every image row of the snapshot has its files in the archive; the temp folder is not archived.
    const paths = backup.manifest.files.map((f) => f.path);
    expect(paths[0]).toBe('app.db');
    expect(paths.some((p) => p.includes('.tmp'))).toBe(false);
    for (const url of seededMachine.images) expect(paths).toContain(`uploads/${path.basename(url)}`);
    // Nothing is left behind next to the live data or the archive.
    expect((await fs.readdir(t.config.dataDir)).filter((n) => n.startsWith('.backup'))).toEqual([]);
    expect(await fs.readdir(work)).toEqual(['drill.tar.gz']);
  });

  it('restores into an empty DATA_DIR with the counts of the moment of the backup', async () => {
    const target = path.join(work, 'restored');
    const result = await restoreBackup({ archive: backup.archive, dataDir: target, databaseUrl: undefined });
    expect(result.manifest).toEqual(backup.manifest);
    expect(await restoreLeftovers()).toEqual([]);

    const restored = countsIn(path.join(target, 'app.db'));
    expect(restored.integrity).toBe('ok');
    const { integrity: _integrity, ...restoredCounts } = restored;
    expect(restoredCounts).toEqual(backup.manifest.counts);

    const images = backup.manifest.files.filter((f) => f.path.startsWith('uploads/'));
    expect(images.length).toBeGreaterThanOrEqual(3 * backup.manifest.counts.images);
    // Every image the restored database lists has its file, whatever the writer did meanwhile.
    const db = new SqliteDatabase(path.join(target, 'app.db'), { readonly: true });
    const ids = (db.prepare('select id from images').all() as { id: string }[]).map((r) => r.id);
    db.close();
    expect(ids).toHaveLength(backup.manifest.counts.images);
    for (const id of ids) await fs.access(path.join(target, 'uploads', `${id}.webp`));

    for (const file of images) {
      const data = await fs.readFile(path.join(target, file.path));
      expect(sha256(data)).toBe(file.sha256);
      // The same bytes the live server stores.
      expect(data.equals(await fs.readFile(path.join(t.config.dataDir, file.path)))).toBe(true);
    }
  });

  it('a server built on the restored DATA_DIR serves an item and its image', async () => {
    const dataDir = path.join(work, 'restored');
    const config = loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      WEB_DIST_DIR: path.join(work, 'no-web'),
    });
    const database = createDatabase(config);
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database });
    try {
      const item = await app.inject({ method: 'GET', url: `/api/products/${seededMachine.id}` });
      expect(item.statusCode).toBe(200);
      const body = item.json<Machine>();
      expect(body.name).toBe('Seeded lathe');
      expect(body.images).toEqual(seededMachine.images);
      expect(body).toMatchObject({
        code: 'NP-38',
        category: 'bar-feeders',
        specificationList: [
          { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
          { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
        ],
        partsThatFit: [{ name: 'Seeded collet', code: 'NP38-COL-25' }],
      });
      const parts = await app.inject({ method: 'GET', url: `/api/spareparts?machine=${seededMachine.id}` });
      expect(parts.json<SparePart[]>().map((part) => [part.code, part.fits])).toEqual([
        ['NP38-COL-25', [seededMachine.id]],
      ]);
      const categories = await app.inject({ method: 'GET', url: '/api/machine-categories' });
      expect(categories.json<MachineCategory[]>()).toContainEqual({
        slug: 'bar-feeders',
        name: 'Bar feeders',
        machineCount: 1,
      });

      const url = seededMachine.images[0] as string;
      const image = await app.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      const original = await fs.readFile(path.join(t.config.uploadsDir, path.basename(url)));
      expect(image.rawPayload.equals(original)).toBe(true);
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('refuses to restore into a DATA_DIR that is not empty, and changes nothing', async () => {
    const target = path.join(work, 'occupied');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'keep.txt'), 'precious');
    await expect(restoreBackup({ archive: backup.archive, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      RestoreTargetNotEmptyError,
    );
    expect(await fs.readdir(target)).toEqual(['keep.txt']);
    expect(await restoreLeftovers()).toEqual([]);
  });

  it('detects a flipped byte in the compressed archive and leaves nothing behind', async () => {
    const archive = await fs.readFile(backup.archive);
    const corrupt = Buffer.from(archive);
    const at = Math.floor(corrupt.length / 2);
    corrupt[at] = (corrupt[at] ?? 0) ^ 0xff;
    const file = path.join(work, 'flipped.tar.gz');
    await fs.writeFile(file, corrupt);

    const target = path.join(work, 'from-flipped');
    await expect(restoreBackup({ archive: file, dataDir: target, databaseUrl: undefined })).rejects.toThrow();
    await expect(fs.access(target)).rejects.toThrow();
    expect(await restoreLeftovers()).toEqual([]);
  });

  it('detects an image whose bytes differ from the manifest even in a well-formed archive', async () => {
    const tar = zlib.gunzipSync(await fs.readFile(backup.archive));
    const image = backup.manifest.files.find((f) => f.path.startsWith('uploads/'));
    if (!image) throw new Error('no image in the backup');
    // The entry's data starts one 512-byte block after its header, which begins with its name.
    const headerAt = tar.indexOf(Buffer.from(`${image.path}\0`));
    expect(headerAt).toBeGreaterThan(0);
    const dataAt = headerAt + 512 + 20;
    tar[dataAt] = (tar[dataAt] ?? 0) ^ 0x01;
    const file = path.join(work, 'tampered.tar.gz');
    await fs.writeFile(file, zlib.gzipSync(tar));

    const target = path.join(work, 'from-tampered');
    await expect(restoreBackup({ archive: file, dataDir: target, databaseUrl: undefined })).rejects.toThrow(
      `Checksum mismatch for ${image.path}`,
    );
    await expect(fs.access(target)).rejects.toThrow();
    expect(await restoreLeftovers()).toEqual([]);
  });

  it('leaves out and names files in the uploads folder the server never writes', async () => {
    const strays = ['.DS_Store', 'photo from phone.jpg'];
    for (const name of strays) await fs.writeFile(path.join(t.config.uploadsDir, name), 'not ours');
    try {
      const result = await takeBackup('with-strays.tar.gz');
      expect(result.skippedFiles).toEqual(strays);
      const archived = result.manifest.files.map((file) => file.path);
      expect(archived.filter((entry) => strays.some((name) => entry.endsWith(name)))).toEqual([]);
      const target = path.join(work, 'from-strays');
      await restoreBackup({ archive: result.archive, dataDir: target, databaseUrl: undefined });
      for (const name of strays) await expect(fs.access(path.join(target, 'uploads', name))).rejects.toThrow();
    } finally {
      for (const name of strays) await fs.rm(path.join(t.config.uploadsDir, name), { force: true });
    }
  });

  it('says what to install when a PostgreSQL deployment has no pg_dump, and writes nothing', async () => {
    await expect(
      createBackup({
        dataDir: t.config.dataDir,
        images: t.ctx.images,
        databaseUrl: 'postgres://capstan@127.0.0.1/capstan',
        outFile: path.join(work, 'pg.tar.gz'),
        postgresTools: { pg_dump: path.join(work, 'no-such-dir', 'pg_dump') },
      }),
    ).rejects.toThrow(/pg_dump was not found .*postgresql-client/);
    await expect(fs.access(path.join(work, 'pg.tar.gz'))).rejects.toThrow();
  });
});

// Three real processes started through tsx, each a few seconds on a machine whose two cores the
// browser journeys are also using: 8 s alone, 31 s once under that load, past the 30 s default.
describe('npm run backup / restore (the real scripts)', { timeout: 90_000 }, () => {
  const script = (name: string) => path.join(repoRoot, 'scripts', name);
  const env = (dataDir: string) => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' });

  it('backs up a DATA_DIR and restores it end to end', async () => {
    const out = path.join(work, 'cli', 'capstan.tar.gz');
    const backup = await run(process.execPath, ['--import', 'tsx', script('backup.ts'), '--out', out], {
      cwd: repoRoot,
      env: env(t.config.dataDir),
    });
    expect(backup.stdout).toContain(`Backup written to ${out}`);

    const manifestCounts = await (async () => {
      const tar = zlib.gunzipSync(await fs.readFile(out));
      // The manifest is the first entry: its data starts after the first 512-byte header.
      const size = parseInt(tar.subarray(124, 135).toString('ascii'), 8);
      return parseManifest(tar.subarray(512, 512 + size).toString('utf8')).counts;
    })();

    const target = path.join(work, 'cli-restored');
    const restore = await run(process.execPath, ['--import', 'tsx', script('restore.ts'), out], {
      cwd: repoRoot,
      env: env(target),
    });
    expect(restore.stdout).toContain('counts match the manifest');
    const { integrity, ...counts } = countsIn(path.join(target, 'app.db'));
    expect(integrity).toBe('ok');
    expect(counts).toEqual(manifestCounts);

    // A second restore into the now-filled folder fails with exit code 1 and a clear message.
    const again = run(process.execPath, ['--import', 'tsx', script('restore.ts'), out], {
      cwd: repoRoot,
      env: env(target),
    });
    await expect(again).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('is not empty') });
  });

  it('exits 1 with a usage message when --out is missing', async () => {
    await expect(
      run(process.execPath, ['--import', 'tsx', script('backup.ts')], { cwd: repoRoot, env: env(t.config.dataDir) }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('--out FILE') });
  });
});
