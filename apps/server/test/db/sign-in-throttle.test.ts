import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, type LoginResponse } from '@capstan/shared';
import { loadConfig } from '../../src/config';
import { login } from '../../src/modules/auth/auth.service';
import { createStaffAccount, resetStaffPassword } from '../../src/modules/auth/staff-accounts';
import { type ConfiguredApp, createConfiguredApp } from '../helpers/configured-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../helpers/test-app';

// Every sign-in attempt that is checked costs one scrypt (~0.5 s): the scenarios stay short.
const COLLEAGUE_EMAIL = 'colleague@example.com';
const COLLEAGUE_PASSWORD = 'lathe chuck under the neem tree';

function inquiry(message: string) {
  return { firstName: 'Ravi', lastName: 'Kumar', email: 'ravi@example.com', phone: '+91 98765 43210', message };
}

describe('TRUST_PROXY values', () => {
  const parse = (value: string) => loadConfig({ TRUST_PROXY: value, DATA_DIR: '/tmp/x' }).trustProxy;

  it('reads false, true (one hop), a hop count, or a list of proxy addresses and ranges', () => {
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('true')).toBe(1);
    expect(parse('1')).toBe(1);
    expect(parse('2')).toBe(2);
    expect(parse('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses anything else with a clear message', () => {
    for (const bad of ['yes', '10.0.0.0/33', '300.1.1.1', '10.0.0.1,', 'example.com', '99']) {
      expect(() => parse(bad), bad).toThrow(/TRUST_PROXY must be/);
    }
  });
});

describe('client address behind a proxy (TRUST_PROXY=true)', () => {
  let s: ConfiguredApp;
  const proxy = '10.0.0.2';
  const client = '198.51.100.7';
  // What a client writes itself, followed by what the proxy appended: the client's real address.
  const forged = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i}, ${client}` });

  beforeAll(async () => {
    s = await createConfiguredApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => s.close());

  it('throttles sign-in on the address the proxy saw, whatever the client puts in front of it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A different email each time, so only the per-address throttle can stop these.
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: `guess${i}@example.com`, password: 'not the password' },
        remoteAddress: proxy,
        headers: forged(i),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    const audit = await s.database.db.selectFrom('audit_log').select('ip').execute();
    expect(audit.length).toBe(5);
    expect(new Set(audit.map((row) => row.ip))).toEqual(new Set([client]));
  });

  it('limits quote requests per real client: forged entries do not buy more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        payload: inquiry(`Quote ${i}`),
        remoteAddress: proxy,
        headers: forged(i),
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(INQUIRY_RATE_LIMIT);
    expect(statuses.slice(INQUIRY_RATE_LIMIT).every((status) => status === 429)).toBe(true);
    const rows = await s.database.db.selectFrom('inquiries').select('client_ip').execute();
    expect(rows.map((row) => row.client_ip)).toEqual(Array(INQUIRY_RATE_LIMIT).fill(client));
  });

  it('takes the peer itself when no X-Forwarded-For is sent', async () => {
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: inquiry('No header'),
      remoteAddress: '10.0.0.99',
    });
    expect(response.statusCode).toBe(201);
    const row = await s.database.db
      .selectFrom('inquiries')
      .select('client_ip')
      .where('message', '=', 'No header')
      .executeTakeFirstOrThrow();
    expect(row.client_ip).toBe('10.0.0.99');
  });
});

describe('client address with a list of proxies or a hop count', () => {
  async function addressSeen(env: Record<string, string>, peer: string, forwardedFor: string): Promise<string | null> {
    const s = await createConfiguredApp(env);
    try {
      const response = await s.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        payload: inquiry('Where from?'),
        remoteAddress: peer,
        headers: { 'x-forwarded-for': forwardedFor },
      });
      expect(response.statusCode).toBe(201);
      const row = await s.database.db.selectFrom('inquiries').select('client_ip').executeTakeFirstOrThrow();
      return row.client_ip;
    } finally {
      await s.close();
    }
  }

  it('believes only listed proxies, and stops at the first address none of them vouches for', async () => {
    const env = { TRUST_PROXY: '10.0.0.0/8, 192.168.1.1' };
    expect(await addressSeen(env, '10.1.2.3', '203.0.113.5, 198.51.100.9')).toBe('198.51.100.9');
    // Two proxies in a row, both listed: the client is the entry before them.
    expect(await addressSeen(env, '10.1.2.3', '203.0.113.5, 198.51.100.9, 192.168.1.1')).toBe('198.51.100.9');
    // A peer that is not a listed proxy is the client, whatever it claims.
    expect(await addressSeen(env, '192.0.2.50', '203.0.113.5, 198.51.100.9')).toBe('192.0.2.50');
  });

  it('with a hop count, takes the address that many hops in', async () => {
    expect(await addressSeen({ TRUST_PROXY: '2' }, '10.0.0.2', '203.0.113.5, 198.51.100.9, 10.0.0.1')).toBe(
      '198.51.100.9',
    );
  });

  it('with TRUST_PROXY=false ignores the header', async () => {
    expect(await addressSeen({ TRUST_PROXY: 'false' }, '192.0.2.60', '203.0.113.5')).toBe('192.0.2.60');
  });
});

describe('sign-in failures per account and per address', () => {
  // createTestApp: on PostgreSQL too when TEST_DATABASE_URL is set (the lock is a database row).
  let s: TestApp;

  beforeAll(async () => {
    s = await createTestApp();
    await createStaffAccount(s.database.db, { email: COLLEAGUE_EMAIL, password: COLLEAGUE_PASSWORD });
  });
  afterAll(async () => s.close());

  const postLogin = (email: string, password: string, remoteAddress: string) =>
    s.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

  it("a colleague's good sign-in does not clear the address's failures against other accounts", async () => {
    const office = '192.0.2.10';
    const outcomes: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let guess = 0; guess < 4; guess++) {
        outcomes.push((await postLogin(ADMIN_EMAIL, `round-${round}-guess-${guess}`, office)).statusCode);
      }
      const colleague = await postLogin(COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD, office);
      // Once the address is throttled the colleague waits too: failures from it are not theirs to clear.
      expect([200, 429]).toContain(colleague.statusCode);
    }
    expect(outcomes.filter((status) => status === 401)).toHaveLength(5);
    expect(outcomes.slice(5).every((status) => status === 429)).toBe(true);
  });

  it('counts failures at different emails from one address across good sign-ins', async () => {
    const address = '192.0.2.11';
    for (let i = 0; i < 4; i++) expect((await postLogin(`nobody${i}@example.com`, 'x', address)).statusCode).toBe(401);
    expect((await postLogin(COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD, address)).statusCode).toBe(200);
    expect((await postLogin('nobody4@example.com', 'x', address)).statusCode).toBe(401);
    expect((await postLogin('nobody5@example.com', 'x', address)).statusCode).toBe(429);
  });

  it("a good sign-in clears that account's own typos, from this address and others", async () => {
    const home = '192.0.2.12';
    await s.database.db.deleteFrom('sign_in_locks').execute();
    await s.database.db.deleteFrom('login_failures').execute();
    for (let i = 0; i < 3; i++) expect((await postLogin(COLLEAGUE_EMAIL, `typo-${i}`, home)).statusCode).toBe(401);
    expect((await postLogin(COLLEAGUE_EMAIL, 'typo-at-work', '192.0.2.13')).statusCode).toBe(401);
    expect((await postLogin(COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD, home)).statusCode).toBe(200);
    // Had the typos survived, the account (4 failures) and this address (3) would run out below.
    for (let i = 0; i < 4; i++) {
      expect((await postLogin(COLLEAGUE_EMAIL, `typo-again-${i}`, home)).statusCode, `typo ${i}`).toBe(401);
    }
    expect((await postLogin(COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD, home)).statusCode).toBe(200);
  });

  it('locks an account for 15 minutes after 5 failures from any addresses, and says so in the audit trail', async () => {
    await s.database.db.deleteFrom('sign_in_locks').execute();
    await s.database.db.deleteFrom('login_failures').execute();
    for (let i = 0; i < 5; i++) {
      expect((await postLogin(COLLEAGUE_EMAIL, `spray-${i}`, `198.51.100.${20 + i}`)).statusCode).toBe(401);
    }
    const started = Date.now();
    const locked = await postLogin(COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD, '198.51.100.40');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: 'Too many failed sign-in attempts. Please try again later.' });
    expect(locked.body).not.toContain('token');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(880);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Other accounts sign in from the same addresses.
    const admin = await postLogin(ADMIN_EMAIL, ADMIN_PASSWORD, '198.51.100.41');
    expect(admin.statusCode).toBe(200);

    const token = admin.json<LoginResponse>().token;
    const activity = await s.app.inject({
      method: 'GET',
      url: '/api/admin/activity?action=auth.sign_in_locked',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(activity.statusCode).toBe(200);
    const entries = activity
      .json<{
        entries: { action: string; actor: { email: string }; target: { type: string; label: string } | null }[];
      }>()
      .entries.filter((entry) => entry.actor.email === COLLEAGUE_EMAIL);
    // Once, however many refused attempts follow.
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'auth.sign_in_locked',
      actor: { email: COLLEAGUE_EMAIL },
      target: { type: 'user', label: COLLEAGUE_EMAIL },
    });

    // The lock is a database row, so another process on the same database refuses too.
    const lock = await s.database.db.selectFrom('sign_in_locks').selectAll().executeTakeFirstOrThrow();
    expect(lock.account).toBe(COLLEAGUE_EMAIL);
    expect(Date.parse(lock.locked_until) - started).toBeGreaterThan(14.5 * 60 * 1000);

    // Locked whatever the address, until the 15 minutes pass.
    const fourteenMinutes = new Date(Date.now() + 14 * 60 * 1000);
    await expect(
      login(
        s.database.db,
        { email: COLLEAGUE_EMAIL, password: COLLEAGUE_PASSWORD },
        'ip:203.0.113.99',
        fourteenMinutes,
      ),
    ).rejects.toMatchObject({ statusCode: 429 });
    const sixteenMinutes = new Date(Date.now() + 16 * 60 * 1000);
    const later = await login(
      s.database.db,
      { email: COLLEAGUE_EMAIL, password: COLLEAGUE_PASSWORD },
      'ip:203.0.113.99',
      sixteenMinutes,
    );
    expect(later).toHaveProperty('token');
  });

  it('an operator resetting the password lifts the lock at once', async () => {
    await s.database.db.deleteFrom('sign_in_locks').execute();
    await s.database.db.deleteFrom('login_failures').execute();
    for (let i = 0; i < 5; i++) {
      expect((await postLogin(COLLEAGUE_EMAIL, `again-${i}`, `198.51.100.${80 + i}`)).statusCode).toBe(401);
    }
    expect((await postLogin(COLLEAGUE_EMAIL, COLLEAGUE_PASSWORD, '198.51.100.90')).statusCode).toBe(429);
    const reset = await resetStaffPassword(s.database.db, {
      email: COLLEAGUE_EMAIL,
      password: `${COLLEAGUE_PASSWORD}!`,
    });
    expect(reset.email).toBe(COLLEAGUE_EMAIL);
    expect((await postLogin(COLLEAGUE_EMAIL, `${COLLEAGUE_PASSWORD}!`, '198.51.100.90')).statusCode).toBe(200);
  });

  it('locks an email that has no account the same way, so a lock reveals nothing', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await postLogin('ghost@example.com', `x-${i}`, `198.51.100.${60 + i}`)).statusCode).toBe(401);
    }
    expect((await postLogin('ghost@example.com', 'x', '198.51.100.70')).statusCode).toBe(429);
  });
});
