import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DemoCatalogue, demoCatalogue } from '@capstan/demo-catalogue';
import { catalogueIsEmpty, demoItemsAwaitingPictures, seedDemoCatalogue } from '../../src/db/seed/seed';
import { DemoPictureCache, demoDrawings } from '../../src/modules/catalogue/demo-picture-cache';
import { attachDemoPictures } from '../../src/modules/catalogue/demo-pictures';
import { idOfImageFile } from '../../src/modules/images/image-variants';
import { imageIdsInUse } from '../../src/modules/images/images.repository';
import { storedFiles } from '../helpers/storage';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A slice of the real catalogue with real drawings, small enough to render in a test.
const firstMachine = demoCatalogue.machines[0]!;
const small: DemoCatalogue = {
  machines: [{ ...firstMachine, pictures: firstMachine.pictures.slice(0, 1) }],
  spareParts: demoCatalogue.spareParts.slice(0, 3),
  services: demoCatalogue.services.slice(0, 1),
};
const itemCount = 5;
const pictureCount = [...small.machines, ...small.spareParts, ...small.services].reduce(
  (sum, item) => sum + item.pictures.length,
  0,
);
const loadSmall = async () => small;

interface ListedItem {
  id: string;
  name: string;
  images: string[];
}

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

async function list(path: string): Promise<ListedItem[]> {
  const response = await t.app.inject({ method: 'GET', url: path });
  expect(response.statusCode).toBe(200);
  return response.json<ListedItem[]>();
}

/** Image files in the store that no images row refers to. */
async function strayFiles(): Promise<string[]> {
  const ids = (await storedFiles(t)).map((name) => idOfImageFile(name)).filter((id): id is string => id !== null);
  const known = await imageIdsInUse(t.ctx.db, ids);
  return ids.filter((id) => !known.has(id));
}

describe('demo seeding', () => {
  it('stores the rows at once without pictures; the pictures attach later and show without a restart', async () => {
    expect(await seedDemoCatalogue(t.ctx, small)).toBe(itemCount);
    // Served (and cached) before any picture exists: the site shows placeholders meanwhile.
    const before = await list('/api/spareparts');
    expect(before.map((item) => item.name).sort()).toEqual(small.spareParts.map((part) => part.name).sort());
    for (const item of before) expect(item.images).toEqual([]);

    const awaiting = await demoItemsAwaitingPictures(t.ctx.db, loadSmall);
    expect(awaiting).toHaveLength(itemCount);
    const progress: [number, number][] = [];
    const attached = await attachDemoPictures(t.ctx, awaiting, {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(attached).toBe(itemCount);
    expect(progress).toHaveLength(itemCount);
    expect(progress.at(-1)).toEqual([pictureCount, pictureCount]);
    for (const [index, [done]] of progress.entries())
      if (index > 0) expect(done).toBeGreaterThan(progress[index - 1]![0]);

    // The same request now answers with the pictures: the cached list was dropped.
    const after = await list('/api/spareparts');
    for (const item of after) {
      const seeded = small.spareParts.find((part) => part.name === item.name)!;
      expect(item.images, item.name).toHaveLength(seeded.pictures.length);
      const picture = await t.app.inject({ method: 'GET', url: item.images[0]! });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    }
    expect((await list('/api/products'))[0]?.images).toHaveLength(1);
    expect((await list('/api/services'))[0]?.images).toHaveLength(small.services[0]!.pictures.length);

    // Nothing is left to do.
    expect(await demoItemsAwaitingPictures(t.ctx.db, loadSmall)).toEqual([]);
  });

  it('reads only the rows named as the demo’s, however many imported parts have no pictures', async () => {
    await seedDemoCatalogue(t.ctx, small);
    const template = await t.ctx.db
      .selectFrom('items')
      .selectAll()
      .where('kind', '=', 'spare')
      .executeTakeFirstOrThrow();
    // As an import leaves them: never edited (version 1), no picture.
    await t.ctx.db
      .insertInto('items')
      .values(
        Array.from({ length: 200 }, (_, n) => ({
          ...template,
          id: `imported-${n}`,
          name: `Imported part ${n}`,
          code: `IMP-${n}`,
          code_key: `imp-${n}`,
        })),
      )
      .execute();
    const rowsRead: number[] = [];
    const counting: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        rowsRead.push(args.result.rows.length);
        return args.result;
      },
    };
    expect(await demoItemsAwaitingPictures(t.ctx.db.withPlugin(counting), loadSmall)).toHaveLength(itemCount);
    expect(rowsRead).toEqual([itemCount]);
  });

  it('never touches a catalogue that has items', async () => {
    expect(await catalogueIsEmpty(t.ctx.db)).toBe(true);
    expect(await seedDemoCatalogue(t.ctx, small)).toBe(itemCount);
    expect(await catalogueIsEmpty(t.ctx.db)).toBe(false);
    expect(await seedDemoCatalogue(t.ctx, small)).toBe(0);
    expect(await list('/api/spareparts')).toHaveLength(small.spareParts.length);
  });

  it('leaves items staff edited or deleted meanwhile as staff left them, and no stray files', async () => {
    await seedDemoCatalogue(t.ctx, small);
    const awaiting = await demoItemsAwaitingPictures(t.ctx.db, loadSmall);
    const [edited, deleted] = [awaiting[1]!, awaiting[2]!];
    // As an update does: the version moves on (the description staff wrote is theirs to keep).
    await t.ctx.db
      .updateTable('items')
      .set({ version: 2, description: 'Our own words.' })
      .where('id', '=', edited.itemId)
      .execute();
    await t.ctx.db.deleteFrom('items').where('id', '=', deleted.itemId).execute();

    expect(await attachDemoPictures(t.ctx, awaiting)).toBe(itemCount - 2);
    const parts = await list('/api/spareparts');
    expect(parts.find((item) => item.id === edited.itemId)?.images).toEqual([]);
    expect(parts.some((item) => item.id === deleted.itemId)).toBe(false);
    expect(await strayFiles()).toEqual([]);
    // The edited item is not the demo's any more: no later start gives it pictures either.
    expect(await demoItemsAwaitingPictures(t.ctx.db, loadSmall)).toEqual([]);
  });

  it('stops between items when asked, and the next start makes the rest', async () => {
    await seedDemoCatalogue(t.ctx, small);
    const stop = new AbortController();
    const attached = await attachDemoPictures(t.ctx, await demoItemsAwaitingPictures(t.ctx.db, loadSmall), {
      signal: stop.signal,
      onProgress: () => stop.abort(),
    });
    expect(attached).toBe(1);
    const rest = await demoItemsAwaitingPictures(t.ctx.db, loadSmall);
    expect(rest).toHaveLength(itemCount - 1);
    expect(await attachDemoPictures(t.ctx, rest)).toBe(itemCount - 1);
    expect(await demoItemsAwaitingPictures(t.ctx.db, loadSmall)).toEqual([]);
    expect(await strayFiles()).toEqual([]);
  });
});

describe('demo pictures made at install', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-demo-picture-cache-'));
  });
  afterEach(async () => fs.rm(dir, { recursive: true, force: true }));

  it(
    'are copied into the store before serving, as the pipeline stores them, and only where the install made them',
    { timeout: 120_000 },
    async () => {
      const cache = new DemoPictureCache(dir);
      const drawings = demoDrawings(small);
      expect(drawings).toHaveLength(pictureCount);
      // All but the service's pictures (as if it was added after the install).
      const made = drawings.filter((drawing) => !drawing.ref.startsWith('service/'));
      expect(await cache.fill(made)).toBe(made.length);
      // Made once: a second run has nothing to do.
      expect(await cache.fill(made)).toBe(0);

      await seedDemoCatalogue(t.ctx, small);
      const awaiting = await demoItemsAwaitingPictures(t.ctx.db, loadSmall);
      const copying = vi.spyOn(cache, 'copyInto');
      expect(await attachDemoPictures(t.ctx, awaiting, { cache, cachedOnly: true })).toBe(itemCount - 1);
      expect(copying).toHaveBeenCalled();
      for (const item of await list('/api/spareparts')) {
        expect(item.images.length, item.name).toBeGreaterThan(0);
        const picture = await t.app.inject({ method: 'GET', url: item.images[0]! });
        expect(picture.statusCode).toBe(200);
        expect(picture.headers['content-type']).toBe('image/webp');
      }
      // The service the install did not make is left for the drawing after listening.
      expect((await list('/api/services'))[0]?.images).toEqual([]);
      const left = await demoItemsAwaitingPictures(t.ctx.db, loadSmall);
      expect(left.map((item) => item.kind)).toEqual(['service']);
      expect(await attachDemoPictures(t.ctx, left, { cache })).toBe(1);
      expect(await strayFiles()).toEqual([]);

      // Each copy is an image of its own: the cache keeps its files whatever the store does with them.
      const ids = (await storedFiles(t)).map((name) => idOfImageFile(name));
      expect(new Set(ids).size).toBe(pictureCount);
    },
  );

  it(
    'are made again when a drawing changes, and the pictures of drawings no longer drawn go',
    { timeout: 120_000 },
    async () => {
      const cache = new DemoPictureCache(dir);
      const [first, second] = demoDrawings(small);
      await cache.fill([first!, second!]);
      const before = await fs.readdir(dir);
      expect(before.filter((name) => name.endsWith('.json') && name !== 'index.json')).toHaveLength(2);
      expect(await cache.has(first!.ref)).toBe(true);

      // The first picture drawn differently: made again under the same ref.
      const redrawn = { ref: first!.ref, draw: () => first!.draw().replace('</svg>', '<circle r="1"/></svg>') };
      // The files of the dropped drawings are removed once they are old enough not to be another
      // process's picture in the making.
      const old = new Date(Date.now() - 60 * 60 * 1000);
      for (const name of before.filter((file) => file.endsWith('.webp')))
        await fs.utimes(path.join(dir, name), old, old);
      expect(await new DemoPictureCache(dir).fill([redrawn])).toBe(1);
      const after = await fs.readdir(dir);
      expect(after.filter((name) => name.endsWith('.json') && name !== 'index.json')).toHaveLength(1);
      expect(after.filter((name) => name.endsWith('.webp'))).toHaveLength(3);
      const fresh = new DemoPictureCache(dir);
      expect(await fresh.has(first!.ref)).toBe(true);
      expect(await fresh.has(second!.ref)).toBe(false);
      // A manifest whose files are gone is a miss, never a broken image.
      for (const name of after.filter((file) => file.endsWith('.webp'))) await fs.rm(path.join(dir, name));
      expect(await fresh.copyInto(t.ctx.images, first!.ref)).toBeNull();
      expect(await storedFiles(t)).toEqual([]);
    },
  );

  it("are not used once the demo catalogue's sources differ from those they were made from", async () => {
    const cache = new DemoPictureCache(dir);
    const [first] = demoDrawings(small);
    await cache.fill([first!]);
    const index = JSON.parse(await fs.readFile(path.join(dir, 'index.json'), 'utf8')) as { sources: string };
    await fs.writeFile(path.join(dir, 'index.json'), JSON.stringify({ ...index, sources: 'an older checkout' }));
    const later = new DemoPictureCache(dir);
    expect(await later.has(first!.ref)).toBe(false);
    expect(await later.copyInto(t.ctx.images, first!.ref)).toBeNull();
  });
});
