import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DemoCatalogue, demoCatalogue } from '@capstan/demo-catalogue';
import { catalogueIsEmpty, demoItemsAwaitingPictures, seedDemoCatalogue } from '../src/db/seed/seed';
import { attachDemoPictures } from '../src/modules/catalogue/demo-pictures';
import { idOfImageFile } from '../src/modules/images/image-variants';
import { imageIdsInUse } from '../src/modules/images/images.repository';
import { storedFiles } from './helpers/storage';
import { createTestApp, type TestApp } from './helpers/test-app';

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

    // Nothing is left to do, and the catalogue's code is not even loaded to find that out.
    const load = vi.fn(loadSmall);
    expect(await demoItemsAwaitingPictures(t.ctx.db, load)).toEqual([]);
    expect(load).not.toHaveBeenCalled();
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
