import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OVERLOAD_MESSAGE, OVERLOAD_PAGE } from '../src/plugins/load-shedding';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('what a refused request is answered while shedding load', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '50',
        OVERLOAD_SUSTAINED_MS: '0',
        OVERLOAD_MIN_IN_FLIGHT: '1',
        // The test says when the loop is late; the server's own samples do not come during it.
        OVERLOAD_SAMPLE_INTERVAL_MS: '60000',
        OVERLOAD_RETRY_AFTER_SECONDS: '7',
      },
    });
    // Shedding refuses requests that came over the network only.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const guard = t.app.loadGuard!;
    // One heavy client in flight, and a loop that stays late: the guard sheds.
    for (let i = 0; i < 4; i += 1) guard.admit('127.0.0.1');
    guard.recordDelay(1000, 1);
    guard.recordDelay(1000, 2);
    expect(guard.isShedding).toBe(true);
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers a browser asking for a page with a small HTML page, 503 and Retry-After', async () => {
    for (const path of ['/', '/products', '/product/00000000-0000-4000-8000-000000000000']) {
      const response = await fetch(`${base}${path}`, {
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(response.status, path).toBe(503);
      expect(response.headers.get('retry-after')).toBe('7');
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      const body = await response.text();
      expect(body).toBe(OVERLOAD_PAGE);
      expect(body).toMatch(/^<!doctype html>/);
      expect(body).toContain(OVERLOAD_MESSAGE);
      expect(body.length).toBeLessThan(1024);
    }
  });

  it('answers the API with its JSON error, whatever it accepts', async () => {
    for (const accept of ['application/json', 'text/html']) {
      const response = await fetch(`${base}/api/products`, { headers: { accept } });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('7');
      expect(await response.json()).toEqual({ message: OVERLOAD_MESSAGE });
    }
  });

  it('answers JSON to a client that does not ask for HTML', async () => {
    const response = await fetch(`${base}/products`, { headers: { accept: 'application/json' } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: OVERLOAD_MESSAGE });
  });
});
