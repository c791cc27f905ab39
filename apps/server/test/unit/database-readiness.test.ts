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
      // An answer that waited for the ping would take the rest of the ping's second or never come;
      // half of that leaves room for a busy machine's slow turns of the event loop.
      expect(performance.now() - asked).toBeLessThan(DatabaseReadiness.STALE_MS / 2);

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

  it('stays ready while its ping waits behind statements the database answers, as under a burst', async () => {
    let answered = -Infinity;
    let answer: () => void = () => undefined;
    let queued = false;
    const readiness = new DatabaseReadiness(
      () => (queued ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve()),
      () => undefined,
      () => answered,
    );
    const requests = setInterval(() => (answered = performance.now()), 50);
    try {
      expect(await readiness.ready()).toBe(true);
      queued = true;
      await sleep(DatabaseReadiness.STALE_MS + 2 * DatabaseReadiness.INTERVAL_MS);
      expect(await readiness.ready()).toBe(true);

      // Once nothing is answered either, the database is not answering.
      clearInterval(requests);
      await sleep(DatabaseReadiness.STALE_MS + 100);
      expect(await readiness.ready()).toBe(false);
      queued = false;
      answer();
      await expect.poll(() => readiness.ready(), { timeout: 3000 }).toBe(true);
    } finally {
      clearInterval(requests);
      readiness.stop();
    }
  });

  it('is unready at once when a ping fails after the last answer, before that answer is a second old', async () => {
    let failing = false;
    let answered = performance.now();
    const readiness = new DatabaseReadiness(
      async () => {
        if (failing) throw new Error('connection refused');
      },
      () => undefined,
      () => answered,
    );
    const requests = setInterval(() => (answered = performance.now()), 50);
    try {
      expect(await readiness.ready()).toBe(true);
      // The database goes away: statements stop being answered, and the next ping fails.
      clearInterval(requests);
      answered = performance.now();
      failing = true;
      await expect.poll(() => readiness.ready(), { timeout: 800 }).toBe(false);
    } finally {
      clearInterval(requests);
      readiness.stop();
    }
  });
});
