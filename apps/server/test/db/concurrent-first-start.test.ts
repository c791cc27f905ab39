import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue } from '@capstan/demo-catalogue';
import { loadConfig } from '../../src/config';
import { DemoPictureCache, demoDrawings, demoPictureRef } from '../../src/modules/catalogue/demo-picture-cache';
import { ServerProcess } from '../helpers/server-process';
import { createPostgresDatabase, onPostgres, withDatabase } from '../helpers/test-app';

// Several servers started at the same moment on one empty database (PostgreSQL with
// TEST_DATABASE_URL, else one SQLite file), as a deployment's instances start after a release.
const INSTANCES = 3;
const demoItems = [...demoCatalogue.machines, ...demoCatalogue.spareParts, ...demoCatalogue.services];
const picturesByName = new Map(demoItems.map((item) => [item.name, item.pictures.length]));
const totalPictures = demoItems.reduce((sum, item) => sum + item.pictures.length, 0);

// As on a fresh clone: demo seeding on, no admin configured (each would generate a password).
const firstStartEnv = { SEED_DEMO: 'true', ADMIN_EMAIL: '', ADMIN_PASSWORD: '', LOG_FORMAT: 'pretty' };

let dataDir: string;
/**
 * The pictures made at install but those of two items: the instances draw what it lacks, which is
 * what only one of them may do. (Drawing the whole catalogue proves no more and took over a
 * minute of this suite on each database.)
 */
let fewPictures: string;
const undrawn = [
  { kind: 'machine', item: demoCatalogue.machines[0]! },
  { kind: 'spare', item: demoCatalogue.spareParts[0]! },
] as const;
const undrawnPictures = undrawn.reduce((sum, { item }) => sum + item.pictures.length, 0);

/** A copy of the install's demo pictures without the manifests of `undrawn`'s, which makes them missing. */
async function installPicturesLackingUndrawn(dir: string): Promise<void> {
  const install = new DemoPictureCache(loadConfig({}).demoPicturesDir);
  // What `npm install` makes (ensure-build); quick when it already has.
  await install.fill(demoDrawings(demoCatalogue));
  await fs.cp(install.dir, dir, { recursive: true });
  const { refs } = JSON.parse(await fs.readFile(path.join(dir, 'index.json'), 'utf8')) as {
    refs: Record<string, string>;
  };
  for (const { kind, item } of undrawn)
    for (const index of item.pictures.keys()) {
      const key = refs[demoPictureRef(kind, item.name, index)];
      if (key === undefined) throw new Error(`The install's demo pictures lack ${item.name}`);
      await fs.rm(path.join(dir, `${key}.json`));
    }
}
let databaseUrl = '';
let dropDatabase: () => Promise<void> = async () => undefined;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  // One folder for all: the uploads are shared as a volume (or, later, object storage) would be.
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-cluster-start-'));
  fewPictures = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-few-demo-pictures-'));
  await installPicturesLackingUndrawn(fewPictures);
  if (onPostgres) {
    const created = await createPostgresDatabase();
    databaseUrl = created.url;
    dropDatabase = created.drop;
  }
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await dropDatabase();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(fewPictures, { recursive: true, force: true });
});

async function until(what: string, probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const linesMatching = (pattern: RegExp) => servers.filter((server) => pattern.test(server.log)).length;

describe(`${INSTANCES} servers started at once on one empty ${onPostgres ? 'PostgreSQL' : 'SQLite'} database`, () => {
  it(
    'end with one admin, one demo catalogue and each picture once, every one of them serving',
    { timeout: 300_000 },
    async () => {
      const starting = Array.from({ length: INSTANCES }, () =>
        ServerProcess.start(dataDir, { ...firstStartEnv, DATABASE_URL: databaseUrl, DEMO_PICTURES_DIR: fewPictures }),
      );
      const started = await Promise.allSettled(starting);
      servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
      const failures = started.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
      expect(failures).toEqual([]);

      for (const server of servers) {
        expect(server.running).toBe(true);
        // Readiness answers from the database's last answer, and a process's first ask waits at most
        // a second for its first ping (decision 064): on a loaded machine, three servers drawing
        // their pictures at once, that ping can be later, and the answer is 503 until it comes.
        await expect.poll(async () => (await fetch(`${server.url}/api/health`)).status, { timeout: 15_000 }).toBe(200);
      }
      expect(linesMatching(/First admin account created: admin@localhost \/ \S{12,}/)).toBe(1);
      expect(linesMatching(/Admin account: admin@localhost \(exists; its password is unchanged\)/)).toBe(INSTANCES - 1);
      expect(linesMatching(/Seeded the demo catalogue: \d+ items/)).toBe(1);

      const counts = await withDatabase({ dataDir, databaseUrl: databaseUrl || undefined }, async ({ db }) => ({
        users: await db.selectFrom('users').select(['email', 'role']).execute(),
        items: Number(
          (
            await db
              .selectFrom('items')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
        names: Number(
          (
            await db
              .selectFrom('items')
              .select(sql<number>`count(distinct name)`.as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      }));
      expect(counts.users).toEqual([{ email: 'admin@localhost', role: 'owner' }]);
      expect(counts.items).toBe(demoItems.length);
      expect(counts.names).toBe(new Set(demoItems.map((item) => item.name)).size);
      // The catalogue every instance serves is that one.
      for (const server of servers) {
        const summary = (await (await fetch(`${server.url}/api/catalogue/summary`)).json()) as {
          products: { total: number };
          spareParts: { total: number };
          services: { total: number };
        };
        expect(summary.products.total + summary.spareParts.total + summary.services.total).toBe(demoItems.length);
      }

      // One instance draws the missing pictures; the others leave it to that one.
      await until('the demo pictures', () => linesMatching(/Demo pictures ready/) > 0, 240_000);
      expect(linesMatching(new RegExp(`Making demo pictures 0/${undrawnPictures}\\b`))).toBe(1);
      expect(linesMatching(/Another server process is making the demo pictures\./)).toBe(INSTANCES - 1);
      const images = await withDatabase({ dataDir, databaseUrl: databaseUrl || undefined }, ({ db }) =>
        db
          .selectFrom('images')
          .innerJoin('items', 'items.id', 'images.item_id')
          .select(['items.name', (eb) => eb.fn.countAll().as('n')])
          .groupBy('items.name')
          .execute(),
      );
      expect(images.reduce((sum, row) => sum + Number(row.n), 0)).toBe(totalPictures);
      for (const row of images) expect(Number(row.n), row.name).toBe(picturesByName.get(row.name));
      for (const server of servers) expect(server.running).toBe(true);
    },
  );
});
