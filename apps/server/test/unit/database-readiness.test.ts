import { describe, expect, it } from 'vitest';
import { DatabaseReadiness } from '../../src/modules/health/database-readiness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('database readiness', () => {
  it('answers many calls from one ping, and pings at most twice a second', async () => {
    let pings = 0;
    const readiness = new DatabaseReadiness(
      async () => {
        pings++;
      },
      () => undefined,
    );
    try {
      const started = performance.now();
      while (performance.now() - started < 1200) {
        expect(await readiness.ready()).toBe(true);
        await sleep(5);
      }
      expect(pings).toBeGreaterThanOrEqual(2);
      expect(pings).toBeLessThanOrEqual(4);
    } finally {
      readiness.stop();
    }
  });

  it('is not ready once a ping goes unanswered for a second, and says so without waiting for it', async () => {
    let answer: () => void = () => undefined;
    let hang = false;
    const changes: boolean[] = [];
    const readiness = new DatabaseReadiness(
      () => (hang ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve()),
      (ready) => changes.push(ready),
    );
    try {
      expect(await readiness.ready()).toBe(true);
      hang = true;
      await sleep(DatabaseReadiness.STALE_MS + 2 * DatabaseReadiness.INTERVAL_MS);
      const asked = performance.now();
      expect(await readiness.ready()).toBe(false);
      expect(performance.now() - asked).toBeLessThan(50);

      hang = false;
      answer();
      await expect.poll(() => readiness.ready(), { timeout: 3000 }).toBe(true);
    } finally {
      readiness.stop();
    }
  });

  it('reports a failing database on the first call, and each change once', async () => {
    let failing = true;
    const changes: boolean[] = [];
    const readiness = new DatabaseReadiness(
      async () => {
        if (failing) throw new Error('connection refused');
      },
      (ready) => changes.push(ready),
    );
    try {
      expect(await readiness.ready()).toBe(false);
      await sleep(3 * DatabaseReadiness.INTERVAL_MS);
      expect(changes).toEqual([false]);
      failing = false;
      await expect.poll(() => readiness.ready(), { timeout: 3000 }).toBe(true);
      expect(changes).toEqual([false, true]);
    } finally {
      readiness.stop();
    }
  });
});
