import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ClientShares } from '../../src/plugins/load-shedding';
import { createConfiguredApp, type ConfiguredApp } from '../helpers/configured-app';

/** Counts `count` requests of `client` as arrived (the rule sees each one counted before it decides). */
function arrive(shares: ClientShares, client: string, count: number): void {
  for (let i = 0; i < count; i += 1) shares.started(client);
}

describe('who is refused while the server is under pressure', () => {
  it('refuses the client hammering on many connections, never a visitor with a few requests', () => {
    const shares = new ClientShares(16);
    arrive(shares, '198.51.100.7', 200);
    expect(shares.refuses('198.51.100.7')).toBe(true);
    // A visitor's page and the requests it makes next, each one counted as it arrives.
    for (let i = 1; i <= 6; i += 1) {
      shares.started('203.0.113.5');
      expect(shares.refuses('203.0.113.5')).toBe(false);
    }
    expect(shares.inFlightOf('203.0.113.5')).toBe(6);
    expect(shares.inFlight).toBe(206);
  });

  it('lets the heavy client in again once it is below its share, not before', () => {
    const shares = new ClientShares(16);
    arrive(shares, 'heavy', 40);
    arrive(shares, 'visitor', 2);
    arrive(shares, 'other', 2);
    // 44 in flight from 3 clients: the mean is under 15.
    expect(shares.refuses('heavy')).toBe(true);
    for (let i = 0; i < 30; i += 1) shares.ended('heavy');
    // 14 in flight: a trickle, nobody is refused.
    expect(shares.refuses('heavy')).toBe(false);
    arrive(shares, 'heavy', 8);
    // 22 in flight from 3 clients (mean 7.3): heavy has 18.
    expect(shares.refuses('heavy')).toBe(true);
    expect(shares.refuses('visitor')).toBe(false);
  });

  it('still sheds when every request comes from one address (one client, or a proxy without TRUST_PROXY)', () => {
    const shares = new ClientShares(16);
    arrive(shares, '127.0.0.1', 30);
    expect(shares.refuses('127.0.0.1')).toBe(true);
  });

  it('sheds many equal clients alike', () => {
    const shares = new ClientShares(16);
    for (let i = 0; i < 40; i += 1) arrive(shares, `10.0.0.${i}`, 1);
    expect(shares.refuses('10.0.0.1')).toBe(true);
    expect(shares.refuses('10.0.0.39')).toBe(true);
  });

  it('never refuses a trickle: fewer than the minimum in flight', () => {
    const shares = new ClientShares(16);
    // A link checker at concurrency 4, and the few others of a quiet hour.
    arrive(shares, 'link-checker', 4);
    arrive(shares, 'visitor', 11);
    expect(shares.inFlight).toBe(15);
    expect(shares.refuses('link-checker')).toBe(false);
    expect(shares.refuses('visitor')).toBe(false);
  });

  it('forgets a client once its requests have ended, and ignores an end it never counted', () => {
    const shares = new ClientShares(1);
    arrive(shares, 'a', 2);
    shares.ended('a');
    shares.ended('a');
    shares.ended('a');
    shares.ended('never-seen');
    expect(shares.inFlight).toBe(0);
    expect(shares.inFlightOf('a')).toBe(0);
  });
});

describe('load shedding in the app', () => {
  let t: ConfiguredApp;
  let origin: string;
  /** The most requests of 203.0.113.9 counted in flight while one of its requests was handled. */
  let seen = 0;

  beforeAll(async () => {
    t = await createConfiguredApp({ TRUST_PROXY: 'true' }, undefined, (app) => {
      app.addHook('preHandler', async () => {
        seen = Math.max(seen, app.clientShares?.inFlightOf('203.0.113.9') ?? 0);
      });
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('has production defaults, and refuses settings out of range', () => {
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 100,
      maxEventLoopUtilization: 0,
      minInFlight: 16,
      sampleIntervalMs: 100,
      retryAfterSeconds: 5,
    });
    expect(() => loadConfig({ OVERLOAD_MIN_IN_FLIGHT: '0' })).toThrow(/OVERLOAD_MIN_IN_FLIGHT/);
    expect(() => loadConfig({ OVERLOAD_MAX_LOOP_UTILIZATION: '1.5' })).toThrow(/OVERLOAD_MAX_LOOP_UTILIZATION/);
  });

  it('counts requests in flight per client address (X-Forwarded-For behind a trusted proxy) and forgets them', async () => {
    const shares = t.app.clientShares!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${origin}/api/services`, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
      ),
    );
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(seen).toBeGreaterThanOrEqual(1);
    // Neither a health check nor the server renderer's in-process calls are anybody's share.
    expect((await fetch(`${origin}/api/health`, { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
    // The count drops on the response's 'close', which may follow the last byte by a turn of the loop.
    for (let i = 0; i < 100 && shares.inFlight > 0; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(shares.inFlight).toBe(0);
  });
});
