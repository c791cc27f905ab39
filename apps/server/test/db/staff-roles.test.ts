import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type MeResponse,
  ROLE_PERMISSIONS,
  type StaffInviteResponse,
  type StaffListResponse,
  type StaffMember,
  type StaffUpdateResponse,
} from '@capstan/shared';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrations } from '../../src/db/migrate';
import { findUserByEmail } from '../../src/modules/auth/users.repository';
import { FORBIDDEN_MESSAGE } from '../../src/plugins/authentication';
import { LAST_OWNER_MESSAGE } from '../../src/modules/staff/staff.service';
import { pngFile, sendForm } from '../helpers/items';
import { signInAs, STAFF_PASSWORD, wholeState } from '../helpers/staff';
import { tempFiles } from '../helpers/storage';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let t: TestApp;
let ownerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerToken = await t.login();
});
afterAll(async () => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const staffList = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: bearer(ownerToken) })
  ).json<StaffListResponse>().staff;
const invite = (payload: unknown, token = ownerToken) =>
  t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: bearer(token), payload: payload as object });
const update = (id: string, payload: unknown, token = ownerToken) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/staff/${id}`, headers: bearer(token), payload: payload as object });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
async function auditActions(targetId: string): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select('action')
    .where('target_id', '=', targetId)
    .orderBy('at')
    .execute();
  return rows.map((row) => row.action);
}

describe('the roles migration', () => {
  it('makes every account that existed before it an owner', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-roles-'));
    const database = createDatabase(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations);
      const before = names[names.indexOf('2026-11-24-401-staff-roles') - 1] ?? '';
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      await database.db
        .insertInto('users')
        .values({
          id: '11111111-1111-4111-8111-111111111111',
          email: 'old@example.com',
          username: 'old',
          password_hash: 'x',
          created_at: new Date().toISOString(),
        } as never)
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const row = await findUserByEmail(database.db, 'old@example.com');
      expect(row?.role).toBe('owner');
      expect(row?.last_sign_in_at).toBeNull();
    } finally {
      await database.destroy();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/auth/me', () => {
  it('answers the role and what it may do, for every role', async () => {
    const owner = (await me(ownerToken)).json<MeResponse>();
    expect(owner.role).toBe('owner');
    expect(owner.permissions).toEqual([...ROLE_PERMISSIONS.owner]);
    expect(owner.user.email).toBe(ADMIN_EMAIL);
    for (const role of ['editor', 'sales'] as const) {
      const { token } = await signInAs(t, role);
      const body = (await me(token)).json<MeResponse>();
      expect(body.role).toBe(role);
      expect(body.permissions).toEqual([...ROLE_PERMISSIONS[role]]);
    }
  });
});

describe('refusals happen before the body is read', () => {
  it('a sales upload is refused with 403 and no file is streamed to disk', async () => {
    const { token } = await signInAs(t, 'sales');
    const before = await wholeState(t);
    const response = await sendForm(t, token, 'POST', '/api/products', { name: 'Should not exist' }, [await pngFile()]);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: FORBIDDEN_MESSAGE });
    expect(tempFiles(t)).toEqual([]);
    expect(await wholeState(t)).toEqual(before);
  });
});

describe('Staff API', () => {
  it('invites a colleague with a one-time generated password that signs in with the chosen role', async () => {
    const response = await invite({ email: ' Priya.Sales@Example.com ', role: 'sales' });
    expect(response.statusCode).toBe(201);
    const body = response.json<StaffInviteResponse>();
    expect(body.staff).toMatchObject({
      email: 'priya.sales@example.com',
      role: 'sales',
      disabled: false,
      twoFactor: false,
    });
    expect(body.staff.lastSignInAt).toBeNull();
    expect(body.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(body.message).toContain('shown only this once');

    const row = await findUserByEmail(t.ctx.db, 'priya.sales@example.com');
    expect(row?.password_hash).not.toContain(body.password);
    const login = await signIn('priya.sales@example.com', body.password);
    expect(login.statusCode).toBe(200);
    const token = login.json<{ token: string }>().token;
    expect((await me(token)).json<MeResponse>().role).toBe('sales');

    const listed = (await staffList()).find((s) => s.id === body.staff.id);
    expect(listed?.lastSignInAt).not.toBeNull();
    expect(await auditActions(body.staff.id)).toEqual(['user.create']);
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', body.staff.id)
      .executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe(ADMIN_EMAIL);
    expect(JSON.parse(entry.changes ?? '{}')).toEqual({ role: { before: null, after: 'sales' } });
  });

  it('refuses a duplicate, a bad email and an unknown role, changing nothing', async () => {
    await invite({ email: 'dup.staff@example.com', role: 'editor' });
    const before = await wholeState(t);
    const duplicate = await invite({ email: 'DUP.staff@example.com', role: 'sales' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<{ message: string }>().message).toContain('already exists');
    const badEmail = await invite({ email: 'not-an-email', role: 'sales' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json<{ message: string }>().message).toContain('Enter a valid email address');
    const badRole = await invite({ email: 'x@example.com', role: 'admin' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json<{ message: string }>().message).toContain('Choose a role');
    const extra = await invite({ email: 'y@example.com', role: 'sales', password: 'mine' });
    expect(extra.statusCode).toBe(400);
    expect(await wholeState(t)).toEqual(before);
  });

  it('changes a role, effective at the colleague’s next request, and audits it', async () => {
    const { email, token } = await signInAs(t, 'editor');
    const id = (await findUserByEmail(t.ctx.db, email))?.id ?? '';
    const catalogueWrite = () =>
      t.app.inject({ method: 'PUT', url: '/api/featured/order', headers: bearer(token), payload: { ids: [] } });
    expect((await catalogueWrite()).statusCode).not.toBe(403);
    const changed = await update(id, { role: 'sales' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<StaffUpdateResponse>().staff.role).toBe('sales');
    expect((await catalogueWrite()).statusCode).toBe(403);
    expect((await me(token)).json<MeResponse>().role).toBe('sales');
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'user.update')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.changes ?? '{}')).toEqual({ role: { before: 'editor', after: 'sales' } });
  });

  it('disabling ends the sessions and refuses sign-in; enabling lets the colleague back in', async () => {
    const { email, token } = await signInAs(t, 'sales');
    const id = (await findUserByEmail(t.ctx.db, email))?.id ?? '';
    const disabled = await update(id, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<StaffUpdateResponse>().staff.disabled).toBe(true);
    expect((await me(token)).statusCode).toBe(401);
    expect((await signIn(email, STAFF_PASSWORD)).statusCode).toBe(401);
    expect((await update(id, { disabled: false })).statusCode).toBe(200);
    expect((await signIn(email, STAFF_PASSWORD)).statusCode).toBe(200);
    expect(await auditActions(id)).toEqual(['user.create', 'user.disable', 'user.update']);
  });

  it('never demotes or disables the last active owner', async () => {
    const ownerId = (await me(ownerToken)).json<MeResponse>().user.id;
    const owners = (await staffList()).filter((s) => s.role === 'owner' && !s.disabled);
    expect(owners.map((s) => s.id)).toEqual([ownerId]);
    const before = await wholeState(t);
    for (const change of [{ role: 'editor' }, { role: 'sales' }, { disabled: true }]) {
      const refused = await update(ownerId, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json()).toEqual({ message: LAST_OWNER_MESSAGE });
    }
    expect(await wholeState(t)).toEqual(before);

    // With a second owner, the first may step down; then the second is the last one.
    const second = (await invite({ email: 'second.owner@example.com', role: 'owner' })).json<StaffInviteResponse>();
    expect((await update(ownerId, { role: 'editor' })).statusCode).toBe(200);
    const secondToken = (await signIn('second.owner@example.com', second.password)).json<{ token: string }>().token;
    expect((await update(second.staff.id, { disabled: true }, secondToken)).statusCode).toBe(409);
    expect((await update(ownerId, { role: 'owner' }, secondToken)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown colleague and 400 for an empty change', async () => {
    const unknown = await update('0e2a7a4e-0000-4000-8000-000000000000', { role: 'sales' });
    expect(unknown.statusCode).toBe(404);
    const ownerId = (await me(ownerToken)).json<MeResponse>().user.id;
    expect((await update(ownerId, {})).statusCode).toBe(400);
  });

  it('resets two-factor: off, sessions ended, audited', async () => {
    const { email, token } = await signInAs(t, 'editor');
    const id = (await findUserByEmail(t.ctx.db, email))?.id ?? '';
    await t.ctx.db
      .updateTable('users')
      .set({ totp_secret: 'sealed', totp_enabled_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    expect((await staffList()).find((s) => s.id === id)?.twoFactor).toBe(true);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/admin/staff/${id}/reset-two-factor`,
      headers: bearer(ownerToken),
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ staff: StaffMember }>().staff.twoFactor).toBe(false);
    expect((await me(token)).statusCode).toBe(401);
    const row = await findUserByEmail(t.ctx.db, email);
    expect(row?.totp_secret).toBeNull();
    const entry = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_id', '=', id)
      .where('action', '=', 'user.update')
      .executeTakeFirstOrThrow();
    expect(entry.actor_email).toBe(ADMIN_EMAIL);
  });
});

describe('npm run admin -- create --role', () => {
  it('creates each role, defaults to owner and refuses an unknown role', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-admin-role-'));
    try {
      const run = (...args: string[]) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
          cwd: repoRoot,
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
          encoding: 'utf8',
        });
      const sales = run('create', '--email', 'cli.sales@example.com', '--role', 'sales');
      expect(sales.stderr).toBe('');
      expect(sales.status).toBe(0);
      expect(sales.stdout).toContain('Created staff account cli.sales@example.com (sales)');
      expect(run('create', '--email', 'cli.owner@example.com').stdout).toContain('(owner)');
      const bad = run('create', '--email', 'cli.bad@example.com', '--role', 'admin');
      expect(bad.status).toBe(64);
      expect(bad.stderr).toContain('--role must be one of: owner, editor, sales');
      expect(run('disable', '--email', 'cli.sales@example.com', '--role', 'sales').status).toBe(64);

      const database = createDatabase(loadConfig({ DATA_DIR: dataDir }));
      try {
        expect((await findUserByEmail(database.db, 'cli.sales@example.com'))?.role).toBe('sales');
        expect((await findUserByEmail(database.db, 'cli.owner@example.com'))?.role).toBe('owner');
        expect(await findUserByEmail(database.db, 'cli.bad@example.com')).toBeUndefined();
      } finally {
        await database.destroy();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
