import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { verifyPassword } from '../../src/modules/auth/password';
import { passwordPolicyProblem } from '../../src/modules/auth/password-policy';
import {
  createStaffAccount,
  disableStaffAccount,
  resetStaffPassword,
  StaffAccountError,
} from '../../src/modules/auth/staff-accounts';
import { findUserByEmail } from '../../src/modules/auth/users.repository';
import { adminSiteSettings, saveCompany } from '../../src/modules/site/site-settings.service';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const GOOD_PASSWORD = 'tinned mango lathe 42';
const NEW_PASSWORD = 'brass gearbox under monsoon';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function postLogin(email: string, password: string, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
}

async function refusal(work: Promise<unknown>): Promise<StaffAccountError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StaffAccountError);
  return error as StaffAccountError;
}

describe('password policy', () => {
  it('refuses short, common and own-email passwords, case-insensitively', async () => {
    expect(await passwordPolicyProblem('short1!', 'a@b.co')).toMatch(/at least 12/);
    for (const common of ['password1234', '123456789012', 'QWERTYUIOP12', 'Password@123', 'iloveyou1234']) {
      expect(await passwordPolicyProblem(common, 'a@b.co'), common).toMatch(/too common/);
    }
    expect(await passwordPolicyProblem('Ramesh.Kumar@example.com', 'ramesh.kumar@example.com')).toMatch(/email/);
    expect(await passwordPolicyProblem('RAMESHKUMAR1', 'rameshkumar1@example.com')).toMatch(/email/);
    expect(await passwordPolicyProblem(GOOD_PASSWORD, 'ramesh@example.com')).toBeNull();
  });

  it('refuses a word with a year or digits: the business’s own words, a keyboard run, the person’s name', async () => {
    for (const guessable of [
      'Capstan2026!',
      'Coimbatore2026',
      'KovaiPrecision1',
      'Precision2026!',
      'Lathe2026!!!',
      'Admin@12345678',
      'Qwerty@123456',
      'abcd1234abcd',
    ]) {
      expect(await passwordPolicyProblem(guessable, 'a@b.co'), guessable).toMatch(/too common or too easy to guess/);
    }
    expect(await passwordPolicyProblem('Ramesh@Kumar1', 'ramesh.kumar@example.com')).toMatch(/too easy to guess/);
    // The company's name as staff set it under Site counts too, whatever it is.
    expect(await passwordPolicyProblem('Sundaram#2026', 'a@b.co')).toBeNull();
    expect(await passwordPolicyProblem('Sundaram#2026', 'a@b.co', 'Sundaram Tools')).toMatch(/too easy to guess/);
  });

  it('accepts passphrases and random passwords of any shape', async () => {
    for (const strong of [
      GOOD_PASSWORD,
      NEW_PASSWORD,
      'Kaveri river 1998',
      'Priya#Chennai88',
      'x7Kp2mQ9vL4n',
      'lathe chuck under the neem tree',
    ]) {
      expect(await passwordPolicyProblem(strong, 'ramesh@example.com'), strong).toBeNull();
    }
  });
});

describe('staff account functions', () => {
  it('creates an account that can sign in, with a generated password shown once', async () => {
    const created = await createStaffAccount(t.ctx.db, { email: ' New.Staff@Example.com ' });
    expect(created.email).toBe('new.staff@example.com');
    expect(created.generatedPassword).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const row = await findUserByEmail(t.ctx.db, 'new.staff@example.com');
    expect(row?.password_hash).not.toContain(created.generatedPassword);
    const response = await postLogin('new.staff@example.com', created.generatedPassword ?? '', '10.1.0.1');
    expect(response.statusCode).toBe(200);
  });

  it('refuses duplicates, weak passwords, invalid and unknown emails without changing anything', async () => {
    await createStaffAccount(t.ctx.db, { email: 'dup@example.com', password: GOOD_PASSWORD });
    const before = await findUserByEmail(t.ctx.db, 'dup@example.com');
    expect(
      (await refusal(createStaffAccount(t.ctx.db, { email: 'DUP@example.com', password: NEW_PASSWORD }))).code,
    ).toBe('duplicate-email');
    expect((await findUserByEmail(t.ctx.db, 'dup@example.com'))?.password_hash).toBe(before?.password_hash);
    expect(
      (await refusal(createStaffAccount(t.ctx.db, { email: 'weak@example.com', password: 'password1234' }))).code,
    ).toBe('weak-password');
    expect(await findUserByEmail(t.ctx.db, 'weak@example.com')).toBeUndefined();
    expect((await refusal(createStaffAccount(t.ctx.db, { email: 'not-an-email' }))).code).toBe('invalid-email');
    expect((await refusal(resetStaffPassword(t.ctx.db, { email: 'ghost@example.com' }))).code).toBe('unknown-email');
    expect((await refusal(disableStaffAccount(t.ctx.db, { email: 'ghost@example.com' }))).code).toBe('unknown-email');
    expect((await refusal(resetStaffPassword(t.ctx.db, { email: 'dup@example.com', password: 'dup' }))).code).toBe(
      'weak-password',
    );
  });

  it('counts the company name staff set under Site as a guessable word', async () => {
    await createStaffAccount(t.ctx.db, { email: 'renamed@example.com', password: GOOD_PASSWORD });
    const { company } = await adminSiteSettings(t.ctx.db);
    await saveCompany(t.ctx, { ...company, name: 'Sundaram Tools' });
    try {
      expect(
        (await refusal(resetStaffPassword(t.ctx.db, { email: 'renamed@example.com', password: 'Sundaram#2026' }))).code,
      ).toBe('weak-password');
    } finally {
      const { company: renamed } = await adminSiteSettings(t.ctx.db);
      await saveCompany(t.ctx, { ...renamed, name: company.name });
    }
    // The same password is fine for a company of another name.
    await resetStaffPassword(t.ctx.db, { email: 'renamed@example.com', password: 'Sundaram#2026' });
  });

  it('reset-password sets the new password and ends every session of that user', async () => {
    await createStaffAccount(t.ctx.db, { email: 'reset@example.com', password: GOOD_PASSWORD });
    const token = (await postLogin('reset@example.com', GOOD_PASSWORD, '10.1.0.2')).json<{ token: string }>().token;
    await resetStaffPassword(t.ctx.db, { email: 'reset@example.com', password: NEW_PASSWORD });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const user = await findUserByEmail(t.ctx.db, 'reset@example.com');
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user?.id ?? '')
      .execute();
    expect(sessions).toHaveLength(0);
    expect(user?.password_changed_at).toEqual(expect.any(String));
    expect((await postLogin('reset@example.com', GOOD_PASSWORD, '10.1.0.3')).statusCode).toBe(401);
    expect((await postLogin('reset@example.com', NEW_PASSWORD, '10.1.0.3')).statusCode).toBe(200);
  });

  it('disable ends sessions and makes login answer exactly as for a wrong password', async () => {
    await createStaffAccount(t.ctx.db, { email: 'leaver@example.com', password: GOOD_PASSWORD });
    const token = (await postLogin('leaver@example.com', GOOD_PASSWORD, '10.1.0.4')).json<{ token: string }>().token;
    await disableStaffAccount(t.ctx.db, { email: 'leaver@example.com' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    const disabled = await postLogin('leaver@example.com', GOOD_PASSWORD, '10.1.0.5');
    const wrong = await postLogin('leaver@example.com', 'not the password at all', '10.1.0.6');
    expect(disabled.statusCode).toBe(401);
    expect(disabled.body).toBe(wrong.body);
  });
});

describe('npm run admin', () => {
  it('creates an account in DATA_DIR and exits 0, then 73 for the same email', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-admin-cli-'));
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
      const created = run('create', '--email', 'cli@example.com', '--password', GOOD_PASSWORD);
      expect(created.stderr).toBe('');
      expect(created.status).toBe(0);
      expect(created.stdout).toContain('Created staff account cli@example.com');
      const again = run('create', '--email', 'cli@example.com');
      expect(again.status).toBe(73);
      expect(again.stderr).toContain('already exists');
      expect(run('bogus').status).toBe(64);

      const database = createDatabase(loadConfig({ DATA_DIR: dataDir }));
      try {
        const row = await findUserByEmail(database.db, 'cli@example.com');
        expect(row).toBeDefined();
        expect(await verifyPassword(GOOD_PASSWORD, row?.password_hash ?? '')).toBe(true);
      } finally {
        await database.destroy();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
