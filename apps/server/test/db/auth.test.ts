import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LoginResponse, type MeResponse, ROLE_PERMISSIONS } from '@capstan/shared';
import { bootstrapAdmin } from '../../src/modules/auth/bootstrap-admin';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { rowCount } from '../helpers/storage';

// Every login (right or wrong) costs one scrypt (~0.5 s): this file keeps their number low.
let t: TestApp;
let login: LoginResponse;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const unknownId = '00000000-0000-4000-8000-000000000000';

function postLogin(
  payload: Record<string, unknown>,
  remoteAddress = '127.0.0.1',
  headers: Record<string, string> = {},
) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress, headers });
}

beforeAll(async () => {
  t = await createTestApp();
  const response = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  login = response.json<LoginResponse>();
});
afterAll(async () => t.close());

describe('POST /api/auth/login', () => {
  it('lets the first admin of a plain `npm start` (admin@localhost, no ADMIN_EMAIL) sign in', async () => {
    const created = await bootstrapAdmin(t.ctx.db, { email: undefined, password: 'Quick start password 1' });
    expect(created).toEqual({ email: 'admin@localhost' });
    const response = await postLogin({ email: 'Admin@Localhost', password: 'Quick start password 1' }, '10.0.9.1');
    expect(response.statusCode, response.body).toBe(200);
    // What cannot be an address at all is still refused before any account is looked up.
    const notAnAddress = await postLogin({ email: 'admin', password: 'Quick start password 1' }, '10.0.9.2');
    expect(notAnAddress.statusCode).toBe(400);
    expect(notAnAddress.json<{ message: string }>().message).toContain('Enter a valid email address');
  });

  it('answers a random token, the user, a message and an expiry 12 hours ahead', async () => {
    expect(login.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(login.user).toEqual({ id: expect.any(String), email: ADMIN_EMAIL, username: 'staff' });
    expect(Object.keys(login.user).sort()).toEqual(['email', 'id', 'username']);
    expect(login.message).toEqual(expect.any(String));
    expect(login.message.length).toBeGreaterThan(0);
    const ahead = Date.parse(login.expiresAt) - Date.now();
    expect(ahead).toBeGreaterThan(12 * 60 * 60 * 1000 - 60_000);
    expect(ahead).toBeLessThanOrEqual(12 * 60 * 60 * 1000);
  });

  it('stores only the sha256 of the token, never the token', async () => {
    const rows = await t.ctx.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    const mine = rows.find((row) => row.token_hash === sha256(login.token));
    expect(mine).toBeDefined();
    expect(mine?.user_id).toBe(login.user.id);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(login.token);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('gives a wrong password and an unknown email the same 401 and the same body', async () => {
    const sessionsBefore = await rowCount(t, 'sessions');
    const wrongPassword = await postLogin({ email: ADMIN_EMAIL, password: 'not the password' }, '10.0.0.2');
    const unknownEmail = await postLogin({ email: 'nobody@example.com', password: ADMIN_PASSWORD }, '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.body).toBe(unknownEmail.body);
    expect(wrongPassword.json()).toEqual({ message: expect.any(String) });
    expect(wrongPassword.body).not.toContain('token');
    expect(await rowCount(t, 'sessions')).toBe(sessionsBefore);
  });

  it('refuses a blank or invalid email with 400 and issues, without a session', async () => {
    const sessionsBefore = await rowCount(t, 'sessions');
    for (const email of ['', '   ', 'not-an-email', 'staff@', 42]) {
      const response = await postLogin({ email, password: ADMIN_PASSWORD }, '10.0.0.4');
      expect(response.statusCode, String(email)).toBe(400);
      const body = response.json<{ message: string; issues: { path: string[] }[] }>();
      expect(body.message).toEqual(expect.any(String));
      expect(body.issues.length).toBeGreaterThan(0);
      expect(body.issues[0]?.path).toEqual(['email']);
    }
    const noPassword = await postLogin({ email: ADMIN_EMAIL, password: '' }, '10.0.0.4');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toHaveProperty('issues');
    expect(await rowCount(t, 'sessions')).toBe(sessionsBefore);
  });

  it('refuses an unknown body field such as role with 400', async () => {
    const response = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD, role: 'owner' }, '10.0.0.5');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    expect(response.body).not.toContain('"token"');
  });

  it('sends no-store on the login answer, right or wrong', async () => {
    const fresh = await postLogin({ email: ADMIN_EMAIL, password: 'still wrong' }, '10.0.0.6');
    expect(fresh.statusCode).toBe(401);
    expect(fresh.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/auth/me', () => {
  it('answers the user, role, permissions and back-office language for a valid token, with no-store', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(login.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json<MeResponse>()).toEqual({
      user: login.user,
      role: 'owner',
      permissions: [...ROLE_PERMISSIONS.owner],
      locale: 'en',
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 401 without a token or with a forged one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Authentication required' });
    expect(none.headers['cache-control']).toBe('no-store');

    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(`${login.token.slice(0, -2)}xx`),
    });
    expect(forged.statusCode).toBe(401);
    const hashAsToken = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(sha256(login.token)),
    });
    expect(hashAsToken.statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token: /me and writes answer 401 afterwards, other sessions live on', async () => {
    const second = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.0.0.7');
    expect(second.statusCode).toBe(200);
    const token = second.json<LoginResponse>().token;
    expect(token).not.toBe(login.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: expect.any(String) });
    const rows = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((row) => row.token_hash)).not.toContain(sha256(token));

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${unknownId}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(write.statusCode).toBe(401);
    expect(write.json()).toEqual({ message: 'Authentication required' });
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);

    // Only that session ended: the first token still works (a 404 means it passed auth).
    const stillSignedIn = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${unknownId}`,
      headers: bearer(login.token),
      payload: { featured: true },
    });
    expect(stillSignedIn.statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(401);
  });
});

describe('login throttle', () => {
  const attacker = '10.66.0.1';

  it('after 5 failures from one address the 6th answers 429, even with the right password', async () => {
    // Each guess at another email, so the per-account lock (sign-in-throttle.test.ts) plays no part.
    for (let i = 0; i < 5; i += 1) {
      const response = await postLogin({ email: `guess${i}@example.com`, password: `guess-${i}` }, attacker);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const sessionsBefore = await rowCount(t, 'sessions');
    const sixth = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, attacker);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: expect.any(String) });
    expect(sixth.body).not.toContain('token');
    const retryAfter = sixth.headers['retry-after'];
    expect(retryAfter).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(900);
    expect(await rowCount(t, 'sessions')).toBe(sessionsBefore);
  });

  it('cannot be escaped by changing the body or sending X-Forwarded-For', async () => {
    const otherEmail = await postLogin({ email: 'someone.else@example.com', password: 'x' }, attacker);
    expect(otherEmail.statusCode).toBe(429);
    const forwarded = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, attacker, {
      'x-forwarded-for': '203.0.113.9',
    });
    expect(forwarded.statusCode).toBe(429);
    const forwardedChain = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, attacker, {
      'x-forwarded-for': '198.51.100.1, 203.0.113.10',
      'x-real-ip': '198.51.100.1',
    });
    expect(forwardedChain.statusCode).toBe(429);
  });

  it('holds under parallel guesses: at most 5 of 12 simultaneous attempts are checked', async () => {
    const address = '10.66.0.3';
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postLogin({ email: `parallel${i}@example.com`, password: `parallel-${i}` }, address),
      ),
    );
    const checked = responses.filter((response) => response.statusCode === 401).length;
    const refused = responses.filter((response) => response.statusCode === 429);
    // Simultaneous attempts may be refused a little early, never let through beyond the limit.
    expect(checked).toBeLessThanOrEqual(5);
    expect(refused).toHaveLength(12 - checked);
    for (const response of refused) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(900);
    }
    // Only the checked guesses count as failures; a refused attempt leaves no trace.
    const rows = await t.ctx.db
      .selectFrom('login_failures')
      .select('id')
      .where('client_key', '=', `ip:${address}`)
      .execute();
    expect(rows).toHaveLength(checked);
  });

  it('does not throttle another address', async () => {
    const response = await postLogin({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '10.66.0.2');
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
