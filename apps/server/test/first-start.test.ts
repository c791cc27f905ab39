import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from './helpers/server-process';

// The server as `npm start` runs it on a fresh clone: demo seeding on, no admin configured.
const firstStartEnv = { SEED_DEMO: 'true', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_FORMAT: 'pretty' };

interface ListedItem {
  name: string;
  images: string[];
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-first-start-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function machines(url: string): Promise<ListedItem[]> {
  const response = await fetch(`${url}/api/products`);
  expect(response.status).toBe(200);
  return (await response.json()) as ListedItem[];
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('first start', () => {
  it(
    'says what it does, serves the catalogue before its pictures are drawn, and shows them as they come',
    { timeout: 180_000 },
    async () => {
      const server = await ServerProcess.start(dataDir, firstStartEnv);
      try {
        // Serving already: the items are there, their pictures not yet.
        const early = await machines(server.url);
        expect(server.log).not.toContain('Demo pictures ready');
        expect(early.length).toBeGreaterThanOrEqual(6);
        expect(early.some((item) => item.images.length === 0)).toBe(true);

        // Readable start-up lines (even with LOG_LEVEL=warn), in order.
        await until('the pictures to start', async () =>
          /Making demo pictures 0\//.test(server.log) ? true : undefined,
        );
        const log = server.log;
        const steps = [
          /INFO {2}Migrating the sqlite database…/,
          /INFO {2}Seeded the demo catalogue: \d+ items; their pictures follow once the site is up\./,
          /INFO {2}First admin account created: admin@localhost \/ \S{12,}/,
          /INFO {2}Serving http:\/\/127\.0\.0\.1:\d+ \(database: sqlite, ready in \d+ ms\)/,
          /INFO {2}Making demo pictures 0\/\d+ \(items show a placeholder until theirs are ready\)…/,
        ];
        let position = 0;
        for (const step of steps) {
          const match = step.exec(log.slice(position));
          expect(match, `${step} after ${JSON.stringify(log.slice(position, position + 200))}`).not.toBeNull();
          position += (match?.index ?? 0) + (match?.[0].length ?? 0);
        }
        expect(log).not.toMatch(/^\{/m);

        // Pictures attach while it serves, and the same list shows them without a restart.
        await until('a progress line', async () =>
          /Making demo pictures [1-9]\d*\/\d+/.test(server.log) ? true : undefined,
        );
        const pictured = await until('a machine with pictures', async () =>
          (await machines(server.url)).find((item) => item.images.length > 0),
        );
        expect(pictured.images.length).toBeGreaterThanOrEqual(3);
      } finally {
        // A stop mid-way is prompt and clean: the rest is left for the next start.
        const stopping = Date.now();
        await server.stop();
        expect(await server.exitCode()).toBe(0);
        expect(Date.now() - stopping).toBeLessThan(10_000);
      }

      const password = /First admin account created: admin@localhost \/ (\S+)/.exec(server.log)?.[1];
      expect(password).toBeDefined();
      const again = await ServerProcess.start(dataDir, firstStartEnv);
      try {
        // It carries on with the pictures the first run did not finish (printed after the admin line).
        const total = Number(/Making demo pictures 0\/(\d+)/.exec(server.log)?.[1]);
        const rest = Number(
          (await until('the rest', async () => /Making demo pictures 0\/(\d+)/.exec(again.log)?.[1]))!,
        );
        expect(again.log).toMatch(/INFO {2}Admin account: admin@localhost \(exists; its password is unchanged\)/);
        expect(again.log).not.toContain(password);
        expect(again.log).not.toContain('Seeded the demo catalogue');
        expect(rest).toBeGreaterThan(0);
        expect(rest).toBeLessThan(total);
      } finally {
        await again.stop();
      }
    },
  );
});
