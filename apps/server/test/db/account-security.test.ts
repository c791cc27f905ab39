import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, TotpEnableResponse, TotpSetupResponse, TwoFactorChallengeResponse } from '@capstan/shared';
import { turnOffTotp } from '../../src/modules/auth/account.service';
import { hashToken } from '../../src/modules/auth/session-token';
import { createStaffAccount, resetStaffTwoFactor } from '../../src/modules/auth/staff-accounts';
import { totpAt } from '../../src/modules/auth/totp';
import { totpSecretBox } from '../../src/modules/auth/totp-secret-box';
import { completeTwoFactorLogin } from '../../src/modules/auth/two-factor-login';
import { findUserByEmail } from '../../src/modules/auth/users.repository';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// Each sign-in costs one scrypt: tests share accounts and keep logins few.
const PASSWORD = 'tinned mango lathe 42';
const NEW_PASSWORD = 'brass gearbox under monsoon';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function post(url: string, payload: unknown, options: { token?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

async function signIn(email: string, password: string, ip: string): Promise<string> {
  const response = await post('/api/auth/login', { email, password }, { ip });
  expect(response.statusCode).toBe(200);
  return response.json<LoginResponse>().token;
}

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('POST /api/auth/password', () => {
  it('refuses weak passwords and a wrong current password without changing anything', async () => {
    await createStaffAccount(t.ctx.db, { email: 'priya@example.com', password: PASSWORD });
    const token = await signIn('priya@example.com', PASSWORD, '10.2.0.1');
    const before = (await findUserByEmail(t.ctx.db, 'priya@example.com'))?.password_hash;

    const short = await post('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'short' }, { token });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toMatch(/at least 12/);
    const common = await post(
      '/api/auth/password',
      { currentPassword: PASSWORD, newPassword: 'Qwertyuiop123' },
      { token },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual({ message: expect.stringMatching(/too common/) });
    const own = await post(
      '/api/auth/password',
      { currentPassword: PASSWORD, newPassword: 'PRIYA@example.com' },
      { token },
    );
    expect(own.json()).toEqual({ message: 'Password must not be your email address' });
    const wrong = await post(
      '/api/auth/password',
      { currentPassword: 'not my password', newPassword: NEW_PASSWORD },
      { token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'Current password is incorrect' });
    expect((await findUserByEmail(t.ctx.db, 'priya@example.com'))?.password_hash).toBe(before);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const response = await post('/api/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('changes the password and ends the other sessions, keeping the current one', async () => {
    await createStaffAccount(t.ctx.db, { email: 'arun@example.com', password: PASSWORD });
    const current = await signIn('arun@example.com', PASSWORD, '10.2.0.2');
    const other = await signIn('arun@example.com', PASSWORD, '10.2.0.3');
    const response = await post(
      '/api/auth/password',
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
      { token: current },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed' });

    const user = await findUserByEmail(t.ctx.db, 'arun@example.com');
    const sessions = await t.ctx.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', user?.id ?? '')
      .execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([hashToken(current)]);
    expect((await me(other)).statusCode).toBe(401);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'user.password_change')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor_id: user?.id, target_id: user?.id, changes: null })]);
    expect((await me(current)).statusCode).toBe(200);
    expect(
      (await post('/api/auth/login', { email: 'arun@example.com', password: PASSWORD }, { ip: '10.2.0.4' })).statusCode,
    ).toBe(401);
  });

  it('throttles wrong current passwords per account like sign-in failures', async () => {
    await createStaffAccount(t.ctx.db, { email: 'guess@example.com', password: PASSWORD });
    const token = await signIn('guess@example.com', PASSWORD, '10.2.0.5');
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        '/api/auth/password',
        { currentPassword: `wrong ${i}`, newPassword: NEW_PASSWORD },
        { token },
      );
      expect(wrong.statusCode).toBe(400);
    }
    const sixth = await post('/api/auth/password', { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, { token });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
    const hash = (await findUserByEmail(t.ctx.db, 'guess@example.com'))?.password_hash ?? '';
    const { verifyPassword } = await import('../../src/modules/auth/password');
    expect(await verifyPassword(PASSWORD, hash)).toBe(true);
  });
});

describe('two-factor sign-in', () => {
  const email = 'twofa@example.com';
  let token: string;
  let secret: string;
  let recoveryCodes: string[];

  /** The first code the server has not seen yet (the step after the last one used). */
  async function nextCode(): Promise<string> {
    const user = await findUserByEmail(t.ctx.db, email);
    const step = Math.max((user?.totp_last_step ?? 0) + 1, Math.floor(Date.now() / 30_000));
    return totpAt(secret, step * 30_000);
  }

  async function challenge(ip: string): Promise<string> {
    const response = await post('/api/auth/login', { email, password: PASSWORD }, { ip });
    expect(response.statusCode).toBe(200);
    const body = response.json<TwoFactorChallengeResponse>();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), message: expect.any(String) });
    expect(body).not.toHaveProperty('token');
    return body.challenge;
  }

  beforeAll(async () => {
    await createStaffAccount(t.ctx.db, { email, password: PASSWORD });
    token = await signIn(email, PASSWORD, '10.3.0.1');
  });

  it('enrols: setup gives a secret, URL and QR code; a wrong code is refused; the right one returns 10 codes', async () => {
    const setup = await post('/api/auth/totp/setup', {}, { token });
    expect(setup.statusCode).toBe(200);
    const body = setup.json<TotpSetupResponse>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]{32}&/);
    expect(body.otpauthUrl).toContain('twofa%40example.com');
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    secret = body.secret;

    const notYet = await findUserByEmail(t.ctx.db, email);
    expect(notYet?.totp_enabled_at).toBeNull();
    const wrong = await post(
      '/api/auth/totp/enable',
      { password: PASSWORD, code: '000000' === (await nextCode()) ? '111111' : '000000' },
      { token },
    );
    expect(wrong.statusCode).toBe(400);

    // A session alone (a stolen one) cannot turn it on: the password is asked for too.
    const withoutPassword = await post('/api/auth/totp/enable', { code: await nextCode() }, { token });
    expect(withoutPassword.statusCode).toBe(400);
    expect(withoutPassword.json<{ issues: { path: string[] }[] }>().issues[0]?.path).toEqual(['password']);
    const wrongPassword = await post(
      '/api/auth/totp/enable',
      { password: 'not the password', code: await nextCode() },
      { token },
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual({ message: 'Password is incorrect' });
    expect((await findUserByEmail(t.ctx.db, email))?.totp_enabled_at).toBeNull();

    // Sessions opened with the password alone end once the second step is in force.
    const elsewhere = await signIn(email, PASSWORD, '10.3.0.9');
    expect((await me(elsewhere)).statusCode).toBe(200);

    const enabled = await post('/api/auth/totp/enable', { password: PASSWORD, code: await nextCode() }, { token });
    expect(enabled.statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
    recoveryCodes = enabled.json<TotpEnableResponse>().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.ctx.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('login with the right password answers a challenge, not a session; the code then signs in', async () => {
    const sessionsBefore = await t.ctx.db.selectFrom('sessions').select('token_hash').execute();
    const challengeToken = await challenge('10.3.0.2');
    expect(await t.ctx.db.selectFrom('sessions').select('token_hash').execute()).toHaveLength(sessionsBefore.length);

    const code = await nextCode();
    const ok = await post('/api/auth/login/totp', { challenge: challengeToken, code }, { ip: '10.3.0.2' });
    expect(ok.statusCode).toBe(200);
    const session = ok.json<LoginResponse>();
    expect((await me(session.token)).statusCode).toBe(200);
    const signIns = await t.ctx.db
      .selectFrom('audit_log')
      .select(['actor_email', 'ip'])
      .where('action', '=', 'auth.sign_in')
      .where('actor_email', '=', email)
      .execute();
    expect(signIns).toContainEqual({ actor_email: email, ip: '10.3.0.2' });

    // The same code again (replay), and the used challenge again, are refused.
    const replay = await post(
      '/api/auth/login/totp',
      { challenge: await challenge('10.3.0.3'), code },
      { ip: '10.3.0.3' },
    );
    expect(replay.statusCode).toBe(401);
    const reused = await post(
      '/api/auth/login/totp',
      { challenge: challengeToken, code: await nextCode() },
      { ip: '10.3.0.3' },
    );
    expect(reused.statusCode).toBe(401);
  });

  it('a recovery code works once', async () => {
    const [code] = recoveryCodes;
    const first = await post(
      '/api/auth/login/totp',
      { challenge: await challenge('10.3.0.4'), recoveryCode: code?.toUpperCase() },
      { ip: '10.3.0.4' },
    );
    expect(first.statusCode).toBe(200);
    const second = await post(
      '/api/auth/login/totp',
      { challenge: await challenge('10.3.0.5'), recoveryCode: code },
      { ip: '10.3.0.5' },
    );
    expect(second.statusCode).toBe(401);
  });

  it('throttles wrong second-step codes like login failures, and a challenge expires', async () => {
    // Earlier tests' refused replays count against this account too; start from a clean window.
    await t.ctx.db.deleteFrom('login_failures').execute();
    const challengeToken = await challenge('10.3.0.6');
    const good = await nextCode();
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/api/auth/login/totp', { challenge: challengeToken, code: bad }, { ip: '10.3.0.6' });
      expect(wrong.statusCode).toBe(401);
    }
    const sixth = await post('/api/auth/login/totp', { challenge: challengeToken, code: good }, { ip: '10.3.0.6' });
    expect(sixth.statusCode).toBe(429);

    const late = completeTwoFactorLogin(
      t.ctx.db,
      totpSecretBox(undefined),
      { challenge: await challenge('10.3.0.7'), code: await nextCode() },
      'ip:10.3.0.7',
      new Date(Date.now() + 6 * 60 * 1000),
    );
    await expect(late).rejects.toMatchObject({ statusCode: 401 });
  });

  it('disabling needs the password and a code; then login gives a session directly', async () => {
    // The previous test locked this account's second step; its window has "passed".
    await t.ctx.db.deleteFrom('login_failures').execute();
    const wrongPassword = await post('/api/auth/totp/disable', { password: 'nope', code: await nextCode() }, { token });
    expect(wrongPassword.statusCode).toBe(400);
    // Enrolment and sign-in used up the current and next steps: a new code exists only once the
    // clock moves on, so this step runs the service one step later instead of sleeping.
    const user = await findUserByEmail(t.ctx.db, email);
    const later = ((user?.totp_last_step ?? 0) + 1) * 30_000 + 1000;
    await turnOffTotp(
      t.ctx.db,
      totpSecretBox(undefined),
      user?.id ?? '',
      { password: PASSWORD, code: totpAt(secret, later) },
      new Date(later),
    );
    expect((await findUserByEmail(t.ctx.db, email))?.totp_enabled_at).toBeNull();
    expect(await t.ctx.db.selectFrom('recovery_codes').selectAll().execute()).toHaveLength(0);
    await signIn(email, PASSWORD, '10.3.0.8');
  });

  it('reset-two-factor (for a lost authenticator) turns it off and ends sessions', async () => {
    secret = (await post('/api/auth/totp/setup', {}, { token })).json<TotpSetupResponse>().secret;
    const enabled = await post('/api/auth/totp/enable', { password: PASSWORD, code: await nextCode() }, { token });
    expect(enabled.statusCode).toBe(200);
    await resetStaffTwoFactor(t.ctx.db, { email });
    expect((await me(token)).statusCode).toBe(401);
    const user = await findUserByEmail(t.ctx.db, email);
    expect(user?.totp_enabled_at).toBeNull();
    expect(user?.totp_secret).toBeNull();
    expect(await t.ctx.db.selectFrom('recovery_codes').selectAll().execute()).toHaveLength(0);
  });
});
