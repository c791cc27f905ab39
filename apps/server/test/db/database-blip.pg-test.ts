import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/db/database-unavailable';
import { PrivatePostgres } from '../helpers/private-postgres';
import { loginOver, ServerProcess } from '../helpers/server-process';

/**
 * A real server process on a PostgreSQL server of the test's own, stopped and started again under
 * it as a restart or failover would (issue 37): the process must outlive it, fail fast with 503
 * while the database is away, and work again within 5 s of its return without losing a write.
 */
let postgres: PrivatePostgres;
let server: ServerProcess;
let dataDir: string;
let token: string;
let sender = 0;
const acked: string[] = [];

async function timed(url: string, init: RequestInit = {}): Promise<{ response: Response; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}${url}`, { ...init, signal: AbortSignal.timeout(30_000) });
  return { response, ms: performance.now() - started };
}

function postInquiry(message: string) {
  sender++;
  return timed('/api/inquiries', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.37.0.${sender}` },
    body: JSON.stringify({
      firstName: 'Blip',
      lastName: 'Test',
      email: 'blip@example.com',
      phone: '+91 98450 12345',
      message,
    }),
  });
}

async function savedMessages(): Promise<string[]> {
  const { response } = await timed('/api/inquiries?q=Sent', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { items?: { message: string }[] } | { message: string }[];
  return (Array.isArray(body) ? body : (body.items ?? [])).map((inquiry) => inquiry.message);
}

beforeAll(async () => {
  postgres = await PrivatePostgres.create();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-blip-'));
  // The defaults under test: connection and statement timeouts of 5 s.
  server = await ServerProcess.start(dataDir, { DATABASE_URL: postgres.url });
  token = await loginOver(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await postgres?.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('a PostgreSQL restart under a running server', () => {
  it('is outlived: 503 fast while the database is away, all working within 5 s of its return, nothing lost', async () => {
    const before = await postInquiry('Sent before the restart.');
    expect(before.response.status).toBe(201);
    acked.push('Sent before the restart.');
    expect((await timed('/api/health')).response.status).toBe(200);
    const pid = server.pid;

    await postgres.stop();

    // Readiness turns within about a second, and never keeps the balancer waiting.
    await expect.poll(async () => (await timed('/api/health')).response.status, { timeout: 5000 }).toBe(503);
    const health = await timed('/api/health');
    // The answer comes from memory (DatabaseReadiness), never from a statement. The bound catches a
    // server kept waiting, not the 100 ms the bench measures: in CI two suites share two cores, and
    // an answer from memory once took 1.09 s there.
    expect(health.ms).toBeLessThan(2500);
    expect(await health.response.json()).toMatchObject({ status: 'failing', database: 'failing' });

    // Requests that need the database fail fast with a plain 503 and Retry-After.
    for (const attempt of [
      () => timed('/api/inquiries', { headers: { authorization: `Bearer ${token}` } }),
      () => postInquiry('Sent while the database was away.'),
    ]) {
      const { response, ms } = await attempt();
      expect(response.status).toBe(503);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await response.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE });
      expect(ms).toBeLessThan(6000);
    }
    expect(server.running).toBe(true);

    await postgres.start();
    const back = performance.now();
    await expect
      .poll(async () => (await timed('/api/health')).response.status, { timeout: 5000, interval: 100 })
      .toBe(200);
    let after: Awaited<ReturnType<typeof postInquiry>> | undefined;
    for (let i = 0; ; i++) {
      after = await postInquiry(`Sent after the restart (${i}).`);
      if (after.response.status === 201) {
        acked.push(`Sent after the restart (${i}).`);
        break;
      }
      expect(performance.now() - back).toBeLessThan(5000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(performance.now() - back).toBeLessThan(5000);

    expect(server.running).toBe(true);
    expect(server.pid).toBe(pid);
    const saved = await savedMessages();
    for (const message of acked) expect(saved).toContain(message);
    expect(saved).not.toContain('Sent while the database was away.');
    // One line says the database went away, and one that it came back: not one a ping.
    expect(server.log.match(/health: the database does not answer/g)?.length).toBe(1);
  }, 120_000);
});
