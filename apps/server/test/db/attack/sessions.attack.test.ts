import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS } from '@capstan/shared';
import { hashToken } from '../../../src/modules/auth/session-token';
import { bearer, createTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const write = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'S', description: 'D' },
    headers: bearer(token),
  });

async function sessionRow(token: string) {
  return t.ctx.db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
}

/** Only Date is faked: the server's own timers and I/O keep running. */
function startClock(at = Date.UTC(2026, 10, 21, 8, 0, 0)): (ms: number) => void {
  let now = at;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return (ms) => {
    now += ms;
    vi.setSystemTime(now);
  };
}

describe('session lifetime', () => {
  it('states the limits the README gives: 2 h idle, 12 h absolute', () => {
    expect(SESSION_IDLE_TTL_MS).toBe(2 * HOUR);
    expect(SESSION_ABSOLUTE_TTL_MS).toBe(12 * HOUR);
  });

  it('logout ends the session at once: the very next request is 401, for reads and writes', async () => {
    const token = await t.login();
    expect((await me(token)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: expect.any(String) });
    expect((await write(token)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
    // Logging out twice is not a way to learn anything either.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('logging out one session leaves the others alone', async () => {
    const first = await t.login();
    const second = await t.login();
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  it('ends after 2 h without a request, and activity keeps it alive until then', async () => {
    const advance = startClock();
    const token = await t.login();
    advance(2 * HOUR - MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    // Activity moved the idle window.
    advance(2 * HOUR - MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    advance(2 * HOUR + 1000);
    expect((await me(token)).statusCode).toBe(401);
    expect((await write(token)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('ends 12 h after sign-in however active it is', async () => {
    const advance = startClock();
    const token = await t.login();
    for (let elapsed = 0; elapsed + 90 * MINUTE < 12 * HOUR; elapsed += 90 * MINUTE) {
      advance(90 * MINUTE);
      expect((await me(token)).statusCode, `after ${elapsed + 90 * MINUTE} ms`).toBe(200);
    }
    // 10.5 h so far; 1 h 29 min more is still inside 12 h.
    advance(89 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    advance(MINUTE + 1000);
    expect((await me(token)).statusCode).toBe(401);
    expect((await write(token)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeUndefined();
  });

  it('an expired session stays dead when the clock steps back', async () => {
    const advance = startClock();
    const token = await t.login();
    advance(12 * HOUR + 1000);
    expect((await me(token)).statusCode).toBe(401);
    // The row is gone, so a server whose clock steps back does not accept it again.
    advance(-12 * HOUR);
    expect((await me(token)).statusCode).toBe(401);
  });
});
