import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ClientShares, QueueWait } from '../../src/plugins/load-shedding';
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

describe('how long a request let in now would wait', () => {
  it('is those in flight over the rate they were answered in the sample', () => {
    const queue = new QueueWait(16, 0);
    for (let i = 0; i < 90; i += 1) queue.letIn();
    // 60 answered in 100 ms: 30 still in flight wait 30 ÷ 0.6 per ms.
    for (let i = 0; i < 60; i += 1) queue.answeredOne();
    expect(queue.endSample(100)).toBe(50);
    // The next sample counts only its own answers: 10 in 100 ms for the 20 left.
    for (let i = 0; i < 10; i += 1) queue.answeredOne();
    expect(queue.endSample(200)).toBe(200);
  });

  it('is endless while many wait and none is answered, and nothing for a trickle', () => {
    const queue = new QueueWait(16, 0);
    for (let i = 0; i < 15; i += 1) queue.letIn();
    // A slow export and a few pages of a quiet hour: no queue, however slow.
    expect(queue.endSample(100)).toBe(0);
    queue.letIn();
    expect(queue.endSample(200)).toBe(Number.POSITIVE_INFINITY);
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
      maxQueueWaitMs: 100,
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

describe('a queue of requests let in, while the event loop is on time', () => {
  let t: ConfiguredApp;
  let origin: string;
  let held = 0;
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const from = (client: string, url: string) => fetch(origin + url, { headers: { 'x-forwarded-for': client } });

  beforeAll(async () => {
    t = await createConfiguredApp(
      {
        TRUST_PROXY: 'true',
        // The loop's lateness is not a signal here: only the queue is.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_MAX_QUEUE_WAIT_MS: '100',
        OVERLOAD_SAMPLE_INTERVAL_MS: '10',
        OVERLOAD_MIN_IN_FLIGHT: '16',
      },
      undefined,
      (app) => {
        // Pages that wait on something else (the database, the thread pool), not on the loop.
        app.get('/test/held', async () => {
          held += 1;
          await released;
          return { ok: true };
        });
      },
    );
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  /** The status of `client`'s next request once it differs from `status`, asked every 20 ms for up to 5 s. */
  async function statusOnceNot(client: string, status: number): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await from(client, '/api/services');
      await answer.arrayBuffer();
      if (answer.status !== status || attempt === 250) return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('refuses the client holding them and lets a visitor in, until they are answered', async () => {
    // Once 16 of them are held, the next sample sees the queue, so on a slow machine the last few
    // may already be refused: wait until each is either held or answered.
    let answeredEarly = 0;
    const heavy = Array.from({ length: 20 }, () =>
      from('198.51.100.7', '/test/held').then((answer) => {
        answeredEarly += 1;
        return answer;
      }),
    );
    for (let i = 0; i < 250 && held + answeredEarly < 20; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(held + answeredEarly).toBe(20);
    expect(held).toBeGreaterThanOrEqual(16);

    const refused = await statusOnceNot('198.51.100.7', 200);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect((await from('203.0.113.5', '/api/services')).status).toBe(200);

    release();
    const statuses = (await Promise.all(heavy)).map((answer) => answer.status);
    // Every held request is answered; any refused before it was held got the busy answer.
    expect(statuses.filter((status) => status === 200)).toHaveLength(held);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    expect((await statusOnceNot('198.51.100.7', 503)).status).toBe(200);
  });
});
