import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { LoadGuard, type LoadGuardSettings, QueueDelayMeter } from '../src/plugins/load-guard';
import { OVERLOAD_MESSAGE } from '../src/plugins/load-shedding';
import { createConfiguredApp, type ConfiguredApp } from './helpers/configured-app';

/*
 * Every timing here is a number handed to the guard, never this machine's speed: the guard has no
 * clock of its own, and the app's own sampler is set to fire only once a minute.
 */

const SETTINGS: LoadGuardSettings = { maxDelayMs: 300, sustainedMs: 1000, minInFlight: 16 };

/** Delay samples every 100 ms from `fromMs` up to and including `toMs`. */
function samples(guard: LoadGuard, delayMs: number, fromMs: number, toMs: number): void {
  for (let at = fromMs; at <= toMs; at += 100) guard.recordDelay(delayMs, at);
}

function admitMany(guard: LoadGuard, client: string, count: number): void {
  for (let i = 0; i < count; i += 1) expect(guard.admit(client)).toBe(true);
}

describe('load guard', () => {
  it('never sheds for a brief event-loop delay spike, however many requests are in flight', () => {
    const guard = new LoadGuard(SETTINGS);
    admitMany(guard, 'crowd', 100);
    samples(guard, 5, 0, 1000);
    // A 2 s garbage collection, then three late samples: 300 ms of lateness, not a sustained queue.
    guard.recordDelay(2000, 1100);
    samples(guard, 400, 1200, 1400);
    samples(guard, 5, 1500, 1600);
    samples(guard, 900, 1700, 2600);
    samples(guard, 5, 2700, 2700);
    expect(guard.isShedding).toBe(false);
    expect(guard.admit('crowd')).toBe(true);
  });

  it('never sheds a trickle, even while the loop stays late (another process has the CPU)', () => {
    const guard = new LoadGuard(SETTINGS);
    // A link checker at concurrency 4, one request after another for a while.
    for (let round = 0; round < 134; round += 1) {
      admitMany(guard, 'link-checker', 4);
      guard.recordDelay(800, round * 100);
      for (let i = 0; i < 4; i += 1) guard.release('link-checker');
    }
    expect(guard.isShedding).toBe(false);
    expect(guard.inFlight).toBe(0);
  });

  it('never says it is shedding while fewer than minInFlight requests are in flight', () => {
    const guard = new LoadGuard(SETTINGS);
    // The server's own background work (or another process) keeps the loop late with nothing in flight.
    samples(guard, 800, 0, 10_000);
    expect(guard.isShedding).toBe(false);
    expect(guard.tracksClients).toBe(false);
    // A late streak counts only from the sample that finds a queue: 15 in flight is a trickle still.
    admitMany(guard, 'crowd', 15);
    samples(guard, 800, 10_100, 11_100);
    expect(guard.isShedding).toBe(false);
    admitMany(guard, 'crowd', 1);
    samples(guard, 800, 11_200, 12_100);
    expect(guard.isShedding).toBe(false);
    guard.recordDelay(800, 12_200);
    expect(guard.isShedding).toBe(true);
    // Once the requests are answered there is no queue left to shed, however late the loop.
    for (let i = 0; i < 16; i += 1) guard.release('crowd');
    guard.recordDelay(800, 12_300);
    expect(guard.isShedding).toBe(false);
  });

  it('sheds once the delay is sustained, and stops once the queue has drained', () => {
    const guard = new LoadGuard(SETTINGS);
    admitMany(guard, 'crowd', 40);
    samples(guard, 350, 0, 900);
    expect(guard.isShedding).toBe(false);
    expect(guard.admit('crowd')).toBe(true);

    guard.recordDelay(350, 1000);
    expect(guard.isShedding).toBe(true);
    expect(guard.admit('crowd')).toBe(false);
    // Refused requests are not counted as in flight.
    expect(guard.inFlight).toBe(41);

    // Below the target but not yet drained (hysteresis): still shedding.
    guard.recordDelay(200, 1100);
    expect(guard.admit('crowd')).toBe(false);
    guard.recordDelay(100, 1200);
    expect(guard.isShedding).toBe(false);
    expect(guard.admit('crowd')).toBe(true);

    // The queue coming back right after is shed at its first late sample, not a second later.
    guard.recordDelay(350, 1300);
    expect(guard.admit('crowd')).toBe(false);
    samples(guard, 5, 1400, 1400);
    // Long after, a single late sample is a spike again.
    guard.recordDelay(350, 60_000);
    expect(guard.isShedding).toBe(false);
  });

  it('refuses the heaviest client first while a light client still gets through', () => {
    const guard = new LoadGuard(SETTINGS);
    admitMany(guard, '198.51.100.7', 200);
    samples(guard, 600, 0, 1000);
    expect(guard.isShedding).toBe(true);

    const heavyTries = Array.from({ length: 12 }, () => guard.admit('198.51.100.7'));
    expect(heavyTries.every((admitted) => !admitted)).toBe(true);
    // A visitor's page and the few requests it makes all go through.
    admitMany(guard, '203.0.113.5', 6);
    expect(guard.inFlightOf('203.0.113.5')).toBe(6);
    expect(guard.inFlightOf('198.51.100.7')).toBe(200);

    // As the heavy client's requests end, it is let in again up to its share, not beyond.
    for (let i = 0; i < 190; i += 1) guard.release('198.51.100.7');
    expect(guard.admit('198.51.100.7')).toBe(false);
    for (let i = 0; i < 6; i += 1) guard.release('198.51.100.7');
    expect(guard.admit('198.51.100.7')).toBe(true);
  });

  it('still sheds when every request comes from one address (one client, or a proxy without TRUST_PROXY)', () => {
    const guard = new LoadGuard(SETTINGS);
    admitMany(guard, '127.0.0.1', 30);
    samples(guard, 600, 0, 1000);
    expect(guard.admit('127.0.0.1')).toBe(false);
  });

  it('shares alike among many equal clients', () => {
    const guard = new LoadGuard(SETTINGS);
    for (let i = 0; i < 40; i += 1) admitMany(guard, `10.0.0.${i}`, 1);
    samples(guard, 600, 0, 1000);
    expect(guard.admit('10.0.0.1')).toBe(false);
    expect(guard.admit('10.0.1.1')).toBe(false);
  });
});

describe('queue delay meter', () => {
  const times = (meter: QueueDelayMeter, quick: number, slow: number[]) => {
    for (let i = 0; i < quick; i += 1) meter.finished(2);
    for (const ms of slow) meter.finished(ms);
  };

  it('takes the later of the loop delay and the 90th percentile of the time in the server of recent requests', () => {
    const meter = new QueueDelayMeter();
    // Cached reads answer at once while pages wait behind each other: the loop is on time, pages are not.
    times(meter, 16, [420, 380, 900, 450]);
    expect(meter.sample(3, 40)).toBe(420);
    // A late loop counts even when the requests that ended were quick.
    times(meter, 20, []);
    expect(meter.sample(700, 40)).toBe(700);
  });

  it('looks at the last three intervals, so one slow page among many answers changes nothing', () => {
    const meter = new QueueDelayMeter();
    times(meter, 19, [2000]);
    expect(meter.sample(0, 10)).toBe(2);
    times(
      meter,
      0,
      Array.from({ length: 20 }, () => 600),
    );
    expect(meter.sample(0, 10)).toBe(600);
    times(meter, 20, []);
    expect(meter.sample(0, 10)).toBe(600);
    // The slow interval is the only one left with slow answers, a third of the window.
    times(meter, 20, []);
    expect(meter.sample(0, 10)).toBe(600);
    times(meter, 20, []);
    expect(meter.sample(0, 10)).toBe(2);
  });

  it('keeps the last figure while requests are in flight but none ended, and forgets it when idle', () => {
    const meter = new QueueDelayMeter();
    times(meter, 0, [500, 600, 700]);
    expect(meter.sample(0, 30)).toBe(700);
    meter.sample(0, 30);
    meter.sample(0, 30);
    expect(meter.sample(0, 30)).toBe(700);
    expect(meter.sample(0, 0)).toBe(0);
  });
});

describe('queue delay meter: the queue as it forms', () => {
  it("estimates the wait of the requests in flight from how fast requests finish (Little's law)", () => {
    const meter = new QueueDelayMeter();
    // 100 answers in 100 ms, each quick: 1 per ms. 40 in flight wait about 40 ms; no queue.
    for (let i = 0; i < 100; i += 1) meter.finished(5);
    expect(meter.sample(0, 40, 100)).toBe(40);
    // The server slows to 10 answers per 100 ms while 400 requests pile up: each finished one was
    // still quick (it was let in before the pile), yet a request arriving now waits seconds.
    let delay = 0;
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 10; i += 1) meter.finished(5);
      delay = meter.sample(0, 400, 100);
    }
    expect(delay).toBeGreaterThan(1000);
  });

  it('keeps a bounded sample of the times at 15,000 answers a second, with the same percentile', () => {
    let seed = 7;
    const meter = new QueueDelayMeter(() => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    });
    // 1,500 answers in 100 ms: 80% quick, 20% slow pages, arriving interleaved.
    for (let i = 0; i < 1500; i += 1) meter.finished(i % 5 === 0 ? 800 : 2);
    expect(meter.sample(0, 50, 100)).toBe(800);
    let delay = 0;
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 1500; i += 1) meter.finished(2);
      delay = meter.sample(0, 50, 100);
    }
    // 50 in flight at 15 answers per ms wait about 3 ms: counted from all answers, not the sample.
    expect(delay).toBeGreaterThan(2);
    expect(delay).toBeLessThan(10);
  });

  it('leaves a fast server with many requests in flight alone', () => {
    const meter = new QueueDelayMeter();
    // c=50 on a cached list: 5,000 answers a second, each 2 ms.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 500; i += 1) meter.finished(2);
      expect(meter.sample(1, 50, 100)).toBeLessThan(20);
    }
  });
});

describe('load guard: per-client counts only while a queue may form', () => {
  it('keeps them from the first late sample, through shedding and the re-entry window, and not after', () => {
    const guard = new LoadGuard(SETTINGS);
    for (let i = 0; i < 20; i += 1) expect(guard.admit(null)).toBe(true);
    expect(guard.tracksClients).toBe(false);
    samples(guard, 5, 0, 500);
    expect(guard.tracksClients).toBe(false);
    guard.recordDelay(400, 600);
    expect(guard.tracksClients).toBe(true);
    samples(guard, 400, 700, 1600);
    expect(guard.isShedding).toBe(true);
    expect(guard.tracksClients).toBe(true);
    guard.recordDelay(10, 1700);
    expect(guard.isShedding).toBe(false);
    // A queue that comes back within 5 × sustainedMs is shed at its first late sample: still counted.
    guard.recordDelay(10, 1700 + 5 * SETTINGS.sustainedMs);
    expect(guard.tracksClients).toBe(true);
    guard.recordDelay(10, 1800 + 5 * SETTINGS.sustainedMs);
    expect(guard.tracksClients).toBe(false);
  });

  it("counts untracked requests in the total but in nobody's share, and releases them", () => {
    const guard = new LoadGuard(SETTINGS);
    for (let i = 0; i < 40; i += 1) expect(guard.admit(null)).toBe(true);
    guard.recordDelay(400, 0);
    admitMany(guard, 'heavy', 10);
    samples(guard, 400, 100, 1000);
    expect(guard.isShedding).toBe(true);
    // 10 counted requests, all the heavy client's: it is at its share and refused...
    expect(guard.admit('heavy')).toBe(false);
    // ...while a visitor with nothing in flight is let in, whatever the 40 uncounted ones were.
    expect(guard.admit('visitor')).toBe(true);
    expect(guard.inFlight).toBe(51);
    for (let i = 0; i < 40; i += 1) guard.release(null);
    expect(guard.inFlight).toBe(11);
    // Releasing more untracked requests than were let in cannot eat into the counted ones.
    guard.release(null);
    expect(guard.inFlight).toBe(11);
    expect(guard.inFlightOf('heavy')).toBe(10);
  });
});

describe('load shedding in the app', () => {
  let t: ConfiguredApp;
  let origin: string;

  beforeAll(async () => {
    t = await createConfiguredApp({
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '300',
      OVERLOAD_SUSTAINED_MS: '1000',
      OVERLOAD_MIN_IN_FLIGHT: '1',
      // The app's own sampler stays out of the way: the test hands the guard its samples.
      OVERLOAD_SAMPLE_INTERVAL_MS: '60000',
      OVERLOAD_RETRY_AFTER_SECONDS: '7',
      TRUST_PROXY: 'true',
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  it('has production defaults', () => {
    expect(loadConfig({}).overload).toEqual({
      maxEventLoopDelayMs: 100,
      sustainedMs: 500,
      minInFlight: 16,
      sampleIntervalMs: 100,
      retryAfterSeconds: 5,
    });
    expect(() => loadConfig({ OVERLOAD_MIN_IN_FLIGHT: '0' })).toThrow(/OVERLOAD_MIN_IN_FLIGHT/);
  });

  it('answers 503 with Retry-After while shedding, never sheds /api/health or in-process calls, then recovers', async () => {
    const guard = t.app.loadGuard!;
    expect((await fetch(`${origin}/api/services`)).status).toBe(200);

    // A queue to shed: a request of another client that is still in flight.
    expect(guard.admit('192.0.2.1')).toBe(true);
    guard.recordDelay(500, 0);
    guard.recordDelay(500, 1000);
    const shed = await fetch(`${origin}/api/services`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('7');
    expect(shed.headers.get('x-request-id')).toBeTruthy();
    expect(await shed.json()).toEqual({ message: OVERLOAD_MESSAGE });

    // Never shed: a busy server must not be restarted for being busy.
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    // The server renderer's API calls belong to a page that was already let in.
    expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);

    guard.recordDelay(10, 1100);
    expect((await fetch(`${origin}/api/services`)).status).toBe(200);
    guard.release('192.0.2.1');
  });

  it('counts requests in flight per client address and forgets them when they end', async () => {
    const guard = t.app.loadGuard!;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${origin}/api/services`, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
      ),
    );
    await Promise.all(answers.map((answer) => answer.arrayBuffer()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    // The count drops on the response's 'close', which may follow the last byte by a turn of the loop.
    for (let i = 0; i < 50 && guard.inFlight > 0; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(guard.inFlight).toBe(0);
  });
});
