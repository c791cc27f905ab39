import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Machine } from '@capstan/shared';
import { processImage } from '../../src/modules/images/image-pipeline';
import { createImageStore } from '../../src/modules/images/create-image-store';
import { type ImageStore, removeImages } from '../../src/modules/images/image-store';
import { LocalImageStore } from '../../src/modules/images/local-image-store';
import { fitInside } from '../../src/modules/images/image-variants';
import { regenerateMissingVariants, type RegenerationLog } from '../../src/modules/images/regenerate-variants';
import { pngImage } from '../helpers/images';
import { machineFields, sendForm } from '../helpers/items';
import { readStored } from '../helpers/storage';
import { startS3Server, type S3TestServer, testWithS3 } from '../helpers/s3-server';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { loadConfig } from '../../src/config';

let t: TestApp;
let token: string;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'capstan-variants-'));
});
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const sizeOf = async (file: string | Buffer) => {
  const { width, height, format } = await sharp(file).metadata();
  return { width, height, format };
};

function recordingLog(): RegenerationLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (message) => lines.push(message), warn: (message) => lines.push(`warn: ${message}`) };
}

/** A store of the suite's kind (a folder, or with TEST_S3 a bucket) holding nothing yet. */
async function newStore(options: { missing?: boolean } = {}): Promise<ImageStore> {
  let env: Record<string, string> = {};
  if (testWithS3) {
    const server: S3TestServer = await startS3Server();
    cleanups.push(server.stop);
    env = { ...server.env, ...(options.missing ? { S3_BUCKET: 'no-such-bucket' } : {}) };
  }
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'));
  const store = await createImageStore(loadConfig({ DATA_DIR: dataDir, ...env }).imageStore);
  cleanups.push(() => store.close());
  await store.init();
  if (options.missing && store instanceof LocalImageStore) fs.rmSync(store.uploadsDir, { recursive: true });
  return store;
}

async function readFrom(store: ImageStore, name: string): Promise<Buffer> {
  return readStored({ ctx: { images: store } } as TestApp, name);
}

async function writeTo(store: ImageStore, name: string, bytes: Buffer | string): Promise<void> {
  const file = store.temp.newPath();
  fs.writeFileSync(file, bytes);
  await store.putFile(name, file);
}

async function storeImage(store: ImageStore, width: number, height: number): Promise<string> {
  const input = path.join(scratch, `${width}x${height}.png`);
  fs.writeFileSync(input, await pngImage(width, height));
  return (await processImage(store, input)).id;
}

async function listing(store: ImageStore): Promise<string[]> {
  const names: string[] = [];
  for await (const file of store.list()) names.push(file.name);
  return names.sort();
}

describe('fitInside', () => {
  it('scales the longest edge down to the limit, rounding the other, and never enlarges', () => {
    expect(fitInside({ width: 2400, height: 1200 }, 960)).toEqual({ width: 960, height: 480 });
    expect(fitInside({ width: 1200, height: 1600 }, 480)).toEqual({ width: 360, height: 480 });
    expect(fitInside({ width: 1600, height: 1067 }, 960)).toEqual({ width: 960, height: 640 });
    expect(fitInside({ width: 300, height: 200 }, 480)).toEqual({ width: 300, height: 200 });
    expect(fitInside({ width: 1600, height: 1 }, 480)).toEqual({ width: 480, height: 1 });
  });
});

describe('stored sizes', () => {
  it('writes thumb, medium and large WebP files and the API states their real sizes, small to large', async () => {
    const response = await sendForm(t, token, 'POST', '/api/products', machineFields(), [
      { name: 'wide.png', type: 'image/png', data: await pngImage(2400, 1601, '#0f766e') },
      { name: 'tall.png', type: 'image/png', data: await pngImage(900, 1200, '#b91c1c') },
      { name: 'small.png', type: 'image/png', data: await pngImage(300, 200, '#1e40af') },
    ]);
    expect(response.statusCode).toBe(201);
    const machine = response.json<Machine>();
    expect(machine.media).toHaveLength(3);

    const expected = [
      [
        [480, 320],
        [960, 640],
        [1600, 1067],
      ],
      [
        [360, 480],
        [720, 960],
        [900, 1200],
      ],
      [
        [300, 200],
        [300, 200],
        [300, 200],
      ],
    ];
    for (const [index, asset] of machine.media.entries()) {
      const id = path.basename(asset.url, '.webp');
      expect(asset.variants?.map((variant) => variant.url)).toEqual([
        `/uploads/${id}-thumb.webp`,
        `/uploads/${id}-960.webp`,
        `/uploads/${id}.webp`,
      ]);
      expect(asset.variants?.map((variant) => [variant.width, variant.height])).toEqual(expected[index]);
      expect([asset.width, asset.height]).toEqual(expected[index]?.[2]);
      expect(asset.thumbnailUrl).toBe(asset.variants?.[0]?.url);
      for (const variant of asset.variants ?? []) {
        const file = await readStored(t, variant.url);
        expect(await sizeOf(file)).toEqual({ format: 'webp', width: variant.width, height: variant.height });
      }
    }

    const read = await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` });
    expect(read.json<Machine>().media).toEqual(machine.media);
  });

  it('serves the medium size like the others', async () => {
    const store = t.ctx.images;
    const id = await storeImage(store, 1200, 900);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${id}-960.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${id}-961.webp` })).statusCode).toBe(404);
  });

  it('removes every size of an image', async () => {
    const store = await newStore();
    const id = await storeImage(store, 1200, 900);
    expect(await listing(store)).toEqual([`${id}-960.webp`, `${id}-thumb.webp`, `${id}.webp`].sort());
    await removeImages(store, [id]);
    expect(await listing(store)).toEqual([]);
  });
});

describe('regenerating missing sizes at start', () => {
  it('makes the missing sizes from the large file, then does nothing on the next start', async () => {
    const store = await newStore();
    const wide = await storeImage(store, 2000, 1000);
    await storeImage(store, 640, 480); // complete: none of its files may be written again
    // An upload stored before the medium size existed, and one that lost its thumbnail too.
    await store.deleteMany([`${wide}-960.webp`, `${wide}-thumb.webp`]);
    const puts = vi.spyOn(store, 'putFile');

    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 2, skipped: 0 });
    expect(log.lines).toEqual(['Image sizes: 2 file(s) made, 0 image(s) skipped.']);
    // Only the missing files were written: the complete image was left alone.
    expect(puts.mock.calls.map(([name]) => name).sort()).toEqual([`${wide}-960.webp`, `${wide}-thumb.webp`]);
    expect(await sizeOf(await readFrom(store, `${wide}-960.webp`))).toEqual({
      format: 'webp',
      width: 960,
      height: 480,
    });
    expect(await sizeOf(await readFrom(store, `${wide}-thumb.webp`))).toEqual({
      format: 'webp',
      width: 480,
      height: 240,
    });
    expect(await listing(store)).toHaveLength(6);

    const again = recordingLog();
    expect(await regenerateMissingVariants(store, again)).toEqual({ made: 0, skipped: 0 });
    expect(again.lines).toEqual([]);
    expect(puts).toHaveBeenCalledTimes(2);
    expect(fs.readdirSync(store.temp.dir)).toEqual([]);
  });

  it('does not open the files of images that have every size', async () => {
    const store = await newStore();
    const id = '11111111-1111-4111-8111-111111111111';
    // Not an image at all: reading it would be reported as skipped.
    for (const name of [`${id}.webp`, `${id}-thumb.webp`, `${id}-960.webp`]) {
      await writeTo(store, name, 'not a picture');
    }
    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 0, skipped: 0 });
    expect(log.lines).toEqual([]);
  });

  it('logs and skips a corrupt large file, leaving nothing half-written, and still makes the others', async () => {
    const store = await newStore();
    const good = await storeImage(store, 1200, 900);
    await store.deleteMany([`${good}-960.webp`]);
    const broken = '22222222-2222-4222-8222-222222222222';
    const bytes = await readFrom(store, `${good}.webp`);
    await writeTo(store, `${broken}.webp`, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await writeTo(store, 'notes.txt', 'ignored');

    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 1, skipped: 1 });
    expect(
      log.lines.some((line) => line.startsWith(`warn: Could not make the smaller sizes of /uploads/${broken}.webp`)),
    ).toBe(true);
    expect(log.lines).toContain('Image sizes: 1 file(s) made, 1 image(s) skipped.');
    expect(await listing(store)).toEqual(
      [`${broken}.webp`, `${good}-960.webp`, `${good}-thumb.webp`, `${good}.webp`, 'notes.txt'].sort(),
    );
    expect(fs.readdirSync(store.temp.dir)).toEqual([]);
  });

  it('reports an unreadable uploads folder (or bucket) instead of failing the start', async () => {
    const store = await newStore({ missing: true });
    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 0, skipped: 0 });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^warn: Image sizes not checked/);
  });
});
