import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { SqliteDatabase } from '../../src/db/sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TwoFactorChallengeResponse } from '@capstan/shared';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { createStaffAccount } from '../../src/modules/auth/staff-accounts';
import { totpAt } from '../../src/modules/auth/totp';
import { LocalImageStore } from '../../src/modules/images/local-image-store';
import { createBackup } from '../../src/modules/backup/create-backup';
import { BAD_SIGNATURE_MESSAGE, restoreBackup, UNSIGNED_BACKUP_MESSAGE } from '../../src/modules/backup/restore-backup';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

const KEY = 'k'.repeat(16) + '0123456789abcdef0123456789abcdef';
const OTHER_KEY = 'z'.repeat(48);
const TWO_FACTOR_EMAIL = 'twofa.backup@example.com';
const TWO_FACTOR_PASSWORD = 'brass gearbox under monsoon';

let t: TestApp;
let work: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp({ database: 'sqlite', images: 'local' });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-backup-security-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(work, { recursive: true, force: true });
});

async function backupOf(dataDir: string, signingKey?: string): Promise<string> {
  const outFile = path.join(work, `backup-${++n}.tar.gz`);
  await createBackup({
    dataDir,
    images: new LocalImageStore(path.join(dataDir, 'uploads')),
    databaseUrl: undefined,
    outFile,
    signingKey,
  });
  return outFile;
}

const restoreTo = (archive: string, signingKey?: string) =>
  restoreBackup({ archive, dataDir: path.join(work, `restored-${++n}`), databaseUrl: undefined, signingKey });

const leftovers = async () => (await fs.readdir(work)).filter((name) => name.includes('.restore-'));

describe('backup archive', () => {
  it('is readable by its owner only', async () => {
    const archive = await backupOf(t.config.dataDir);
    expect((await fs.stat(archive)).mode & 0o777).toBe(0o600);
  });
});

describe('restore ends every sign-in', () => {
  it('a token signed out after the backup does not work on the restored server, nor one still live', async () => {
    const signedOut = await t.login();
    const stillLive = await t.login();
    // A pending second step too.
    await createStaffAccount(t.ctx.db, { email: TWO_FACTOR_EMAIL, password: TWO_FACTOR_PASSWORD });
    const twoFactorToken = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: TWO_FACTOR_EMAIL, password: TWO_FACTOR_PASSWORD },
      })
    ).json<{ token: string }>().token;
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: bearer(twoFactorToken) });
    const secret = setup.json<{ secret: string }>().secret;
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer(twoFactorToken),
      payload: { password: TWO_FACTOR_PASSWORD, code: totpAt(secret, Date.now()) },
    });
    expect(enable.statusCode).toBe(200);
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: TWO_FACTOR_EMAIL, password: TWO_FACTOR_PASSWORD },
    });
    expect(challenge.json<TwoFactorChallengeResponse>().twoFactorRequired).toBe(true);
    expect(await t.ctx.db.selectFrom('login_challenges').selectAll().execute()).not.toHaveLength(0);

    const archive = await backupOf(t.config.dataDir);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(signedOut) });
    expect(logout.statusCode).toBe(200);

    const { dataDir } = await restoreTo(archive);
    const file = new SqliteDatabase(path.join(dataDir, 'app.db'), { readonly: true });
    const count = (table: string) => (file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    expect(count('sessions')).toBe(0);
    expect(count('login_challenges')).toBe(0);
    expect(count('users')).toBe(2);
    file.close();

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
      for (const token of [signedOut, stillLive, twoFactorToken]) {
        const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
        expect(me.statusCode).toBe(401);
      }
    } finally {
      await app.close();
      await database.destroy();
    }
  });
});

/** The tar bytes of one entry (header and padded data) starting at `offset`. */
function entryAt(tar: Buffer, offset: number): { name: string; bytes: Buffer } {
  const name = tar
    .subarray(offset, offset + 100)
    .toString('utf8')
    .replace(/\0.*$/s, '');
  const size = parseInt(
    tar
      .subarray(offset + 124, offset + 136)
      .toString('ascii')
      .trim(),
    8,
  );
  return { name, bytes: tar.subarray(offset, offset + 512 + Math.ceil(size / 512) * 512) };
}

describe('signed backups (BACKUP_SIGNING_KEY)', () => {
  let signed: string;
  let tamperedUnsigned: string;

  beforeAll(async () => {
    signed = await backupOf(t.config.dataDir, KEY);
    // An attacker's copy: an account of their own added, every hash and count rewritten to match.
    const copy = path.join(work, 'attacker-data');
    await fs.cp(t.config.dataDir, copy, { recursive: true });
    const db = new SqliteDatabase(path.join(copy, 'app.db'));
    db.prepare(
      "insert into users (id, email, username, password_hash, created_at) values ('00000000-0000-4000-8000-00000000beef', 'intruder@example.com', 'intruder', 'scrypt$x', '2026-01-01T00:00:00.000Z')",
    ).run();
    db.close();
    tamperedUnsigned = await backupOf(copy);
  });

  it('restores an archive signed with the same key', async () => {
    const result = await restoreTo(signed, KEY);
    expect(result.signatureVerified).toBe(true);
  });

  it('refuses an unsigned archive, even a consistent one with an added account, and leaves nothing', async () => {
    const target = path.join(work, 'never');
    await expect(
      restoreBackup({ archive: tamperedUnsigned, dataDir: target, databaseUrl: undefined, signingKey: KEY }),
    ).rejects.toThrow(UNSIGNED_BACKUP_MESSAGE);
    await expect(fs.access(target)).rejects.toThrow();
    expect(await leftovers()).toEqual([]);
  });

  it("refuses an archive signed with another key, or a rewritten manifest carrying the original's signature", async () => {
    await expect(restoreTo(await backupOf(t.config.dataDir, OTHER_KEY), KEY)).rejects.toThrow(BAD_SIGNATURE_MESSAGE);

    // Splice the genuine signature in after the attacker's manifest.
    const genuine = zlib.gunzipSync(await fs.readFile(signed));
    const manifest = entryAt(genuine, 0);
    const signature = entryAt(genuine, manifest.bytes.length);
    expect(signature.name).toBe('manifest.json.hmac-sha256');
    const forged = zlib.gunzipSync(await fs.readFile(tamperedUnsigned));
    const forgedManifest = entryAt(forged, 0);
    const spliced = Buffer.concat([
      forgedManifest.bytes,
      signature.bytes,
      forged.subarray(forgedManifest.bytes.length),
    ]);
    const file = path.join(work, 'spliced.tar.gz');
    await fs.writeFile(file, zlib.gzipSync(spliced));
    await expect(restoreTo(file, KEY)).rejects.toThrow(BAD_SIGNATURE_MESSAGE);
    expect(await leftovers()).toEqual([]);
  });

  it('without the key, checksums alone accept the tampered archive (what the README warns about)', async () => {
    const { dataDir, signatureVerified } = await restoreTo(tamperedUnsigned);
    expect(signatureVerified).toBe(false);
    const file = new SqliteDatabase(path.join(dataDir, 'app.db'), { readonly: true });
    expect(file.prepare("select email from users where email = 'intruder@example.com'").get()).toBeTruthy();
    file.close();
  });

  it('a signed archive still restores where no key is set', async () => {
    expect((await restoreTo(signed)).signatureVerified).toBe(false);
  });

  it('refuses a signing key shorter than 32 characters', () => {
    expect(() => loadConfig({ BACKUP_SIGNING_KEY: 'short' })).toThrow(/BACKUP_SIGNING_KEY must be at least 32/);
  });
});
