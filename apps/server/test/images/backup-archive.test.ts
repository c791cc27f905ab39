import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup, type BackupResult } from '../../src/modules/backup/create-backup';
import { restoreBackup } from '../../src/modules/backup/restore-backup';
import { createMachine, pngFile } from '../helpers/items';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Backups are ordinary .tar.gz files: GNU tar (Debian's `tar`) reads them, and restore reads what
// GNU tar writes from the same files. Restore's defences hold whoever made the archive.

const run = promisify(execFile);
const KEY = 'archive-test-signing-key-0123456789abcdef';

let t: TestApp;
let work: string;
let backup: BackupResult;
/** The backup unpacked by GNU tar. */
let unpacked: string;
/** Its entries in archive order. */
let entries: string[];
let n = 0;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const gnuTar = async (...args: string[]) => (await run('tar', args)).stdout;
const leftovers = async () => (await fs.readdir(work)).filter((name) => name.includes('.restore-'));

beforeAll(async () => {
  t = await createTestApp({ database: 'sqlite', images: 'local' });
  const token = await t.login();
  await createMachine(t, token, { name: 'Archived lathe' }, [await pngFile('a.png', '#0f766e')]);
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-backup-archive-'));
  backup = await createBackup({
    dataDir: t.config.dataDir,
    images: t.ctx.images,
    databaseUrl: undefined,
    outFile: path.join(work, 'backup.tar.gz'),
    signingKey: KEY,
  });
  entries = ['manifest.json', 'manifest.json.hmac-sha256', ...backup.manifest.files.map((file) => file.path)];
  unpacked = path.join(work, 'unpacked');
  await fs.mkdir(unpacked);
  await gnuTar('-xzf', backup.archive, '-C', unpacked);
});

afterAll(async () => {
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('a backup archive', () => {
  it('is listed by GNU tar: the manifest and its signature first, then the database and every image, all plain files', async () => {
    expect(backup.manifest.files.filter((file) => file.path.startsWith('uploads/')).length).toBeGreaterThanOrEqual(3);
    expect((await gnuTar('-tzf', backup.archive)).trim().split('\n')).toEqual(entries);
    const long = (await gnuTar('-tvzf', backup.archive)).trim().split('\n');
    expect(long).toHaveLength(entries.length);
    for (const line of long) expect(line).toMatch(/^-rw/);
  });

  it('unpacked by GNU tar, holds exactly the bytes its manifest lists', async () => {
    for (const file of backup.manifest.files) {
      const data = await fs.readFile(path.join(unpacked, file.path));
      expect([data.length, sha256(data)], file.path).toEqual([file.size, file.sha256]);
    }
  });

  for (const format of ['gnu', 'posix', 'ustar']) {
    it(`made again by GNU tar from the same files (--format=${format}) restores, signature and all`, async () => {
      const archive = path.join(work, `gnu-${format}.tar.gz`);
      await gnuTar(`--format=${format}`, '-czf', archive, '-C', unpacked, ...entries);
      const dataDir = path.join(work, `restored-${format}`);
      const result = await restoreBackup({ archive, dataDir, databaseUrl: undefined, signingKey: KEY });
      expect(result.signatureVerified).toBe(true);
      expect(result.manifest).toEqual(backup.manifest);
      // (The database is checked by restore itself, and then loses its sign-ins.)
      for (const file of backup.manifest.files.filter((entry) => entry.path.startsWith('uploads/'))) {
        expect(sha256(await fs.readFile(path.join(dataDir, file.path))), file.path).toBe(file.sha256);
      }
    });
  }
});

describe('restore refuses a crafted archive and leaves nothing behind', () => {
  /** A copy of the unpacked backup to change, in a folder of its own. */
  async function copyOfBackup(): Promise<string> {
    const dir = path.join(work, `crafted-${++n}`, 'files');
    await fs.cp(unpacked, dir, { recursive: true });
    return dir;
  }

  async function expectRefused(archive: string, message: RegExp): Promise<void> {
    const dataDir = path.join(work, `target-${++n}`);
    await expect(restoreBackup({ archive, dataDir, databaseUrl: undefined })).rejects.toThrow(message);
    await expect(fs.access(dataDir)).rejects.toThrow();
    expect(await leftovers()).toEqual([]);
  }

  const image = () => backup.manifest.files.find((file) => file.path.startsWith('uploads/'))!.path;

  it('an entry that climbs out of the restore folder', async () => {
    const dir = await copyOfBackup();
    // Beside the files, where the archive's `../escaped.txt` is read from; restoring it would
    // put it beside the restore folder, in `work`.
    await fs.writeFile(path.join(dir, '..', 'escaped.txt'), 'outside');
    const archive = path.join(work, 'climbing.tar.gz');
    // node-tar keeps the `..` only when told to: as a hostile archive would have it.
    await createTar({ cwd: dir, file: archive, gzip: true, preservePaths: true }, [
      'manifest.json',
      '../escaped.txt',
      ...backup.manifest.files.map((file) => file.path),
    ]);
    expect((await gnuTar('-tzf', archive)).split('\n')).toContain('../escaped.txt');
    await expectRefused(archive, /does not list: \.\.\/escaped\.txt/);
    await expect(fs.access(path.join(work, 'escaped.txt'))).rejects.toThrow();
  });

  it('a manifest that names a path outside the folder', async () => {
    const dir = await copyOfBackup();
    const manifest = JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupResult['manifest'];
    manifest.files.push({ path: '../escaped.txt', size: 7, sha256: sha256(Buffer.from('outside')) });
    await fs.writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    const archive = path.join(work, 'manifest-outside.tar.gz');
    await gnuTar('-czf', archive, '-C', dir, 'manifest.json', ...backup.manifest.files.map((file) => file.path));
    await expectRefused(archive, /manifest is invalid: files\.\d+\.path: unexpected path/);
  });

  it('a link in place of an image', async () => {
    const dir = await copyOfBackup();
    await fs.rm(path.join(dir, image()));
    await fs.symlink('/etc/passwd', path.join(dir, image()));
    const archive = path.join(work, 'symlink.tar.gz');
    await gnuTar('-czf', archive, '-C', dir, ...entries);
    await expectRefused(archive, new RegExp(`${image()} is not a regular file`));
  });

  it('an image of another size than the manifest says, or the same image twice', async () => {
    const dir = await copyOfBackup();
    await fs.appendFile(path.join(dir, image()), 'x');
    const longer = path.join(work, 'longer.tar.gz');
    await gnuTar('-czf', longer, '-C', dir, ...entries);
    await expectRefused(longer, new RegExp(`Size mismatch for ${image()}`));

    // GNU tar stores a name given twice as a hard link the second time: refused as not a plain file.
    const linked = path.join(work, 'linked.tar.gz');
    await gnuTar('-czf', linked, '-C', unpacked, ...entries, image());
    await expectRefused(linked, new RegExp(`${image()} is not a regular file`));
    const twice = path.join(work, 'twice.tar.gz');
    await createTar({ cwd: unpacked, file: twice, gzip: true }, [...entries, image()]);
    await expectRefused(twice, new RegExp(`holds ${image()} twice`));
  });

  it('an archive cut short', async () => {
    const whole = await fs.readFile(backup.archive);
    const cut = path.join(work, 'cut.tar.gz');
    await fs.writeFile(cut, whole.subarray(0, Math.floor(whole.length * 0.8)));
    await expectRefused(cut, /^Not a valid backup archive: /);
    // A whole gzip stream of half a tar.
    const tar = zlib.gunzipSync(whole);
    const half = path.join(work, 'half.tar.gz');
    await fs.writeFile(half, zlib.gzipSync(tar.subarray(0, Math.floor(tar.length / 2))));
    await expectRefused(half, /^Not a valid backup archive: |lacks files/);
  });
});
