import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '@capstan/demo-catalogue';
import { loadConfig } from '../../src/config';
import { DemoPictureCache, demoDrawings } from '../../src/modules/catalogue/demo-picture-cache';
import { ServerProcess } from '../helpers/server-process';

// The server as `npm start` runs it on a fresh clone: demo seeding on, no admin configured.
const firstStartEnv = { SEED_DEMO: 'true', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_FORMAT: 'pretty' };

interface ListedItem {
  name: string;
  images: string[];
}

let dataDir: string;
let installedDataDir: string;
/** A cache without a single picture: as when the install did not make them (or the drawings changed). */
let noPictures: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-first-start-'));
  installedDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-first-start-installed-'));
  noPictures = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-no-demo-pictures-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(installedDataDir, { recursive: true, force: true });
  await fs.rm(noPictures, { recursive: true, force: true });
});

/** The start-up lines, each once and in this order. */
function expectSteps(log: string, steps: readonly RegExp[]): void {
  let position = 0;
  for (const step of steps) {
    const match = step.exec(log.slice(position));
    expect(match, `${step} after ${JSON.stringify(log.slice(position, position + 200))}`).not.toBeNull();
    position += (match?.index ?? 0) + (match?.[0].length ?? 0);
  }
}

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
    'after npm install: answers with every demo picture from its first page, in a few readable lines',
    { timeout: 900_000 },
    async () => {
      // What `npm install` makes (ensure-build); quick when it already has.
      await new DemoPictureCache(loadConfig({}).demoPicturesDir).fill(demoDrawings(demoCatalogue));
      const server = await ServerProcess.start(installedDataDir, {
        ...firstStartEnv,
        LOG_LEVEL: 'info',
        // As in production: the guard must not call the start-up's own work a queue.
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100',
      });
      try {
        const first = await machines(server.url);
        expect(first.length).toBeGreaterThanOrEqual(6);
        expect(first.filter((item) => item.images.length === 0)).toEqual([]);
        await until('the pictures line', async () => (/Demo pictures ready/.test(server.log) ? true : undefined));
        const log = server.log;
        expectSteps(log, [
          /^\S+ INFO: Migrating the sqlite database…\n/,
          /^\S+ INFO: Seeded the demo catalogue: \d+ items with their pictures\.\n/,
          /^\S+ INFO: Images: local folder \S+\n/,
          /^\S+ INFO: First admin account created: admin@localhost \/ \S{12,}\n/,
          /^\S+ INFO: Seeded a demo register: \d+ installed machines and their service requests\.\n/,
          /^\S+ INFO: Serving http:\/\/127\.0\.0\.1:\d+ \(database: sqlite, ready in \d+ ms\)\n/,
          /^\S+ INFO: Demo pictures ready: \d+ items, made at install\.\n/,
        ]);
        expect(log).not.toContain('Making demo pictures');
        expect(log).not.toContain('Server listening');
        expect(log).not.toContain('shedding');
      } finally {
        await server.stop();
      }
    },
  );

  it(
    'without the pictures made at install: serves the catalogue before its pictures are drawn, and shows them as they come',
    { timeout: 180_000 },
    async () => {
      const server = await ServerProcess.start(dataDir, { ...firstStartEnv, DEMO_PICTURES_DIR: noPictures });
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
        expectSteps(log, [
          /INFO: Migrating the sqlite database…/,
          /INFO: Seeded the demo catalogue: (\d+) items; \1 of them get their pictures once the site is up\./,
          /INFO: First admin account created: admin@localhost \/ \S{12,}/,
          /INFO: Serving http:\/\/127\.0\.0\.1:\d+ \(database: sqlite, ready in \d+ ms\)/,
          /INFO: Making demo pictures 0\/\d+ \(items show a placeholder until theirs are ready\)…/,
        ]);
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
      const again = await ServerProcess.start(dataDir, { ...firstStartEnv, DEMO_PICTURES_DIR: noPictures });
      try {
        // It carries on with the pictures the first run did not finish (printed after the admin line).
        const total = Number(/Making demo pictures 0\/(\d+)/.exec(server.log)?.[1]);
        const rest = Number(
          (await until('the rest', async () => /Making demo pictures 0\/(\d+)/.exec(again.log)?.[1]))!,
        );
        expect(again.log).toMatch(/INFO: Admin account: admin@localhost \(exists; its password is unchanged\)/);
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
