import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_SIZES } from '@capstan/shared';
import { ORPHAN_FILE_MIN_AGE_MS, sweepOrphanImageFiles } from '../src/modules/images/sweep-orphan-files';
import { UNATTACHED_IMAGE_TTL_MS, sweepUnattachedImages } from '../src/modules/images/sweep-unattached';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { createPart, pngFile, uploadImages } from './helpers/items';

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
    const file = (url: string | undefined) => path.join(t.config.uploadsDir, path.basename(url ?? ''));

    expect(await sweepUnattachedImages(t.ctx)).toBe(0);
    expect(fs.existsSync(file(orphan))).toBe(true);

    const later = new Date(Date.now() + UNATTACHED_IMAGE_TTL_MS + 1000);
    expect(await sweepUnattachedImages(t.ctx, later)).toBe(1);
    expect(fs.existsSync(file(orphan))).toBe(false);
    expect(fs.existsSync(file(orphan).replace('.webp', '-thumb.webp'))).toBe(false);
    expect(fs.existsSync(file(kept))).toBe(true);
    const rows = await t.ctx.db.selectFrom('images').select('id').execute();
    expect(rows).toHaveLength(1);
  });
});

describe('image files without a row (left by a process killed mid-upload)', () => {
  it('are removed once older than an hour; files of saved images and uploads stay', async () => {
    const part = await createPart(t, token, { name: 'Orphan check part' }, [await pngFile('orphan-check.png')]);
    const [upload] = await uploadImages(t, token, [await pngFile('pending.png', '#3344ff')]);
    const uploads = t.config.uploadsDir;
    const sizesOf = (id: string) => IMAGE_SIZES.map(({ suffix }) => path.join(uploads, `${id}${suffix}.webp`));

    // Two images whose rows never committed: one from two hours ago, one from a moment ago.
    const source = path.join(uploads, path.basename(part.images[0]!));
    const old = randomUUID();
    const fresh = randomUUID();
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    for (const file of [...sizesOf(old), ...sizesOf(fresh)]) fs.copyFileSync(source, file);
    for (const file of sizesOf(old)) fs.utimesSync(file, twoHoursAgo, twoHoursAgo);
    fs.writeFileSync(path.join(uploads, 'notes.txt'), 'not an image of ours');

    expect(await sweepOrphanImageFiles(t.ctx)).toBe(1);
    for (const file of sizesOf(old)) expect(fs.existsSync(file)).toBe(false);
    for (const file of sizesOf(fresh)) expect(fs.existsSync(file)).toBe(true);
    for (const url of [part.images[0]!, upload!]) {
      const id = path.basename(url, '.webp');
      for (const file of sizesOf(id)) expect(fs.existsSync(file)).toBe(true);
    }
    expect(fs.existsSync(path.join(uploads, 'notes.txt'))).toBe(true);

    // An hour later the fresh one is old enough to go; nothing with a row ever is.
    const later = new Date(Date.now() + ORPHAN_FILE_MIN_AGE_MS + 1000);
    expect(await sweepOrphanImageFiles(t.ctx, later)).toBe(1);
    for (const file of sizesOf(fresh)) expect(fs.existsSync(file)).toBe(false);
    expect(await sweepOrphanImageFiles(t.ctx, later)).toBe(0);
    const served = await t.app.inject({ method: 'GET', url: part.images[0]! });
    expect(served.statusCode).toBe(200);
  });
});
