import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageStore, ListedFile } from '../../src/modules/images/image-store';
import { ORPHAN_FILE_MIN_AGE_MS, sweepOrphanImageFiles } from '../../src/modules/images/sweep-orphan-files';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

/** The store as it is, counting the files its listing has handed out when each removal starts. */
function watchedStore(store: ImageStore) {
  const seen = { listed: 0, listedAtRemovals: [] as number[] };
  const watched: ImageStore = Object.create(store);
  watched.list = async function* (): AsyncIterable<ListedFile> {
    for await (const file of store.list()) {
      seen.listed += 1;
      yield file;
    }
  };
  watched.deleteMany = async (names) => {
    seen.listedAtRemovals.push(seen.listed);
    await store.deleteMany(names);
  };
  return { watched, seen };
}

async function storedNames(store: ImageStore): Promise<Set<string>> {
  const names = new Set<string>();
  for await (const file of store.list()) names.add(file.name);
  return names;
}

describe('the orphan files sweep', () => {
  it('removes the files no row refers to a batch at a time, as the listing arrives, and keeps the rest', async () => {
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'orphan-sweep-'));
    // Swept 30 at a time below, five batches: every third image has a row. (s3rver failed to list
    // 1,300 objects, so the batches are small rather than the images many.)
    const ids = Array.from({ length: 130 }, () => randomUUID());
    const kept = ids.filter((_, index) => index % 3 === 0);
    for (let start = 0; start < ids.length; start += 20) {
      await Promise.all(
        ids.slice(start, start + 20).map(async (id) => {
          // The store takes the file over (a folder moves it in).
          const file = path.join(folder, id);
          await fs.writeFile(file, 'webp bytes');
          await t.ctx.images.putFile(`${id}.webp`, file);
        }),
      );
    }
    await fs.rm(folder, { recursive: true, force: true });
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('images')
      .values(
        kept.map((id) => ({
          id,
          item_id: null,
          position: 0,
          width: 10,
          height: 10,
          thumb_width: 10,
          thumb_height: 10,
          bytes: 10,
          created_at: now,
        })),
      )
      .execute();

    // Young files may be an upload whose row is not committed yet: nothing goes.
    expect(await sweepOrphanImageFiles(t.ctx)).toBe(0);
    const { watched, seen } = watchedStore(t.ctx.images);
    const later = new Date(Date.now() + ORPHAN_FILE_MIN_AGE_MS + 60_000);
    expect(await sweepOrphanImageFiles({ db: t.ctx.db, images: watched }, later, 30)).toBe(ids.length - kept.length);

    const left = await storedNames(t.ctx.images);
    for (const id of ids) expect(left.has(`${id}.webp`)).toBe(kept.includes(id));
    // Removed while the listing was still arriving: the whole listing was never held at once.
    expect(seen.listedAtRemovals.length).toBeGreaterThan(2);
    expect(seen.listedAtRemovals[0]).toBeLessThan(seen.listed);
  }, 120_000);
});
