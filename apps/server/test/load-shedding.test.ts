import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { OVERLOAD_MESSAGE } from '../src/plugins/load-shedding';
import { createConfiguredApp, type ConfiguredApp } from './helpers/configured-app';

let t: ConfiguredApp;

beforeAll(async () => {
  // Low thresholds and a short sample so a test can saturate the loop; the mechanism is the production one.
  t = await createConfiguredApp({
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50',
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.9',
    OVERLOAD_SAMPLE_INTERVAL_MS: '200',
    OVERLOAD_RETRY_AFTER_SECONDS: '7',
  });
});
afterAll(async () => t.close());

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Keeps the event loop busy, as a CPU-bound burst of requests would. */
function spin(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // busy on purpose
  }
}

async function until(condition: () => boolean, attempts: number, between: () => void | Promise<void>) {
  for (let i = 0; i < attempts && !condition(); i += 1) await between();
  return condition();
}

describe('load shedding', () => {
  it('has production defaults', () => {
    const { overload } = loadConfig({});
    expect(overload).toEqual({
      maxEventLoopDelayMs: 200,
      maxEventLoopUtilization: 0.98,
      sampleIntervalMs: 1000,
      retryAfterSeconds: 5,
    });
    expect(() => loadConfig({ OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '2' })).toThrow(/OVERLOAD_MAX_EVENT_LOOP/);
  });

  it('answers 503 with Retry-After and a JSON message while the event loop is saturated, then recovers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);

    const saturated = await until(
      () => t.app.isUnderPressure(),
      20,
      async () => {
        spin(400);
        await sleep(20);
      },
    );
    expect(saturated).toBe(true);

    const [shed, health] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/services' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.headers['x-request-id']).toBeTruthy();
    expect(shed.json()).toEqual({ message: OVERLOAD_MESSAGE });
    // Never shed: a busy server must not be restarted for being busy.
    expect(health.statusCode).toBe(200);

    const recovered = await until(
      () => !t.app.isUnderPressure(),
      100,
      () => sleep(50),
    );
    expect(recovered).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/services' })).statusCode).toBe(200);
  });
});
