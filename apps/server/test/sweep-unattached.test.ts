import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNATTACHED_IMAGE_TTL_MS, sweepUnattachedImages } from '../src/modules/images/sweep-unattached';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';
import { pngFile, uploadImages } from './helpers/items';

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
