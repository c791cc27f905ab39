import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@capstan/shared';
import { ORPHAN_FILE_MIN_AGE_MS, sweepOrphanImageFiles } from '../../src/modules/images/sweep-orphan-files';
import { UNATTACHED_IMAGE_TTL_MS, sweepUnattachedImages } from '../../src/modules/images/sweep-unattached';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createPart, pngFile, uploadImages } from '../helpers/items';
import { imageStored, isStored, readStored, sleep } from '../helpers/storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

describe('unattached uploads', () => {
  it('are removed after a day, while images saved with a service stay', async () => {
    const [orphan] = await uploadImages(t, token, [await pngFile('orphan.png')]);
    const [kept] = await uploadImages(t, token, [await pngFile('kept.png', '#00aa00')]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Retrofit', description: 'CNC retrofit of capstan lathes', images: [kept] },
    });
    expect(created.statusCode).toBe(201);

    expect(await sweepUnattachedImages(t.ctx)).toBe(0);
    expect(await imageStored(t, orphan!)).toBe(true);

    const later = new Date(Date.now() + UNATTACHED_IMAGE_TTL_MS + 1000);
    expect(await sweepUnattachedImages(t.ctx, later)).toBe(1);
    expect(await imageStored(t, orphan!)).toBe(false);
    expect(await imageStored(t, kept!)).toBe(true);
    const rows = await t.ctx.db.selectFrom('images').select('id').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('image files without a row (left by a process killed mid-upload)', () => {
  it('are removed once older than an hour; files of saved images and uploads stay', async () => {
    const part = await createPart(t, token, { name: 'Orphan check part' }, [await pngFile('orphan-check.png')]);
    const [upload] = await uploadImages(t, token, [await pngFile('pending.png', '#3344ff')]);
    const names = (id: string) => IMAGE_SIZES.map(({ suffix }) => `${id}${suffix}.webp`);
    const source = await readStored(t, part.images[0]!);
    const put = async (name: string) => {
      const file = t.ctx.images.temp.newPath();
      fs.writeFileSync(file, source);
      await t.ctx.images.putFile(name, file);
    };
    const stored = async (id: string) => Promise.all(names(id).map((name) => isStored(t, name)));

    // Two images whose rows never committed: one stored before `cut`, one after. Times come from
    // the store (a bucket's are whole seconds), so `cut` is a whole second that both sides clear.
    const old = randomUUID();
    const fresh = randomUUID();
    for (const name of names(old)) await put(name);
    const cut = Math.ceil((Date.now() + 1) / 1000) * 1000;
    // A file's time comes from the kernel's coarse clock, a tick behind Date.now(): the fresh files
    // are stored a tenth of a second after `cut`, so their times are surely past it.
    while (Date.now() < cut + 100) await sleep(20);
    for (const name of names(fresh)) await put(name);
    const notOurs = t.ctx.images.temp.newPath();
    fs.writeFileSync(notOurs, 'not an image of ours');
    await t.ctx.images.putFile('notes.txt', notOurs);

    // As seen an hour after `cut`: the first is old enough to go, the second is not yet.
    const anHourOn = new Date(cut + ORPHAN_FILE_MIN_AGE_MS);
    expect(await sweepOrphanImageFiles(t.ctx, anHourOn)).toBe(1);
    expect(await stored(old)).toEqual([false, false, false]);
    expect(await stored(fresh)).toEqual([true, true, true]);
    for (const url of [part.images[0]!, upload!])
      expect(await stored(path.basename(url, '.webp'))).toEqual([true, true, true]);
    expect(await isStored(t, 'notes.txt')).toBe(true);

    // Later the fresh one is old enough to go; nothing with a row ever is.
    const later = new Date(Date.now() + ORPHAN_FILE_MIN_AGE_MS + 1000);
    expect(await sweepOrphanImageFiles(t.ctx, later)).toBe(1);
    expect(await stored(fresh)).toEqual([false, false, false]);
    expect(await sweepOrphanImageFiles(t.ctx, later)).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: part.images[0]! });
    expect(served.statusCode).toBe(200);
  });
});
