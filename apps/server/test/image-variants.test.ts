import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@capstan/shared';
import { processImage } from '../src/modules/images/image-pipeline';
import { ImageStore } from '../src/modules/images/image-store';
import { fitInside } from '../src/modules/images/image-variants';
import { regenerateMissingVariants, type RegenerationLog } from '../src/modules/images/regenerate-variants';
import { pngImage } from './helpers/images';
import { machineFields, sendForm } from './helpers/items';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;
let scratch: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'capstan-variants-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const sizeOf = async (file: string) => {
  const { width, height, format } = await sharp(file).metadata();
  return { width, height, format };
};

function recordingLog(): RegenerationLog & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (message) => lines.push(message), warn: (message) => lines.push(`warn: ${message}`) };
}

async function newStore(): Promise<ImageStore> {
  const store = new ImageStore(fs.mkdtempSync(path.join(scratch, 'uploads-')));
  await store.ensureDirectories();
  return store;
}

async function storeImage(store: ImageStore, width: number, height: number): Promise<string> {
  const input = path.join(scratch, `${width}x${height}.png`);
  fs.writeFileSync(input, await pngImage(width, height));
  return (await processImage(store, input)).id;
}

const listing = (store: ImageStore) =>
  fs
    .readdirSync(store.uploadsDir)
    .filter((name) => name !== '.tmp')
    .sort();

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
        const file = path.join(t.config.uploadsDir, path.basename(variant.url));
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
    expect(listing(store)).toEqual([`${id}-960.webp`, `${id}-thumb.webp`, `${id}.webp`].sort());
    await store.remove([id]);
    expect(listing(store)).toEqual([]);
  });
});

describe('regenerating missing sizes at start', () => {
  it('makes the missing sizes from the large file, then does nothing on the next start', async () => {
    const store = await newStore();
    const wide = await storeImage(store, 2000, 1000);
    const complete = await storeImage(store, 640, 480);
    // An upload stored before the medium size existed, and one that lost its thumbnail too.
    fs.rmSync(path.join(store.uploadsDir, `${wide}-960.webp`));
    fs.rmSync(path.join(store.uploadsDir, `${wide}-thumb.webp`));
    const before = fs.statSync(path.join(store.uploadsDir, `${complete}-960.webp`)).mtimeMs;

    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 2, skipped: 0 });
    expect(log.lines).toEqual(['Image sizes: 2 file(s) made, 0 image(s) skipped.']);
    expect(await sizeOf(path.join(store.uploadsDir, `${wide}-960.webp`))).toEqual({
      format: 'webp',
      width: 960,
      height: 480,
    });
    expect(await sizeOf(path.join(store.uploadsDir, `${wide}-thumb.webp`))).toEqual({
      format: 'webp',
      width: 480,
      height: 240,
    });
    expect(fs.statSync(path.join(store.uploadsDir, `${complete}-960.webp`)).mtimeMs).toBe(before);

    const again = recordingLog();
    expect(await regenerateMissingVariants(store, again)).toEqual({ made: 0, skipped: 0 });
    expect(again.lines).toEqual([]);
    expect(fs.readdirSync(store.tmpDir)).toEqual([]);
  });

  it('does not open the files of images that have every size', async () => {
    const store = await newStore();
    const id = '11111111-1111-4111-8111-111111111111';
    // Not an image at all: reading it would be reported as skipped.
    for (const name of [`${id}.webp`, `${id}-thumb.webp`, `${id}-960.webp`]) {
      fs.writeFileSync(path.join(store.uploadsDir, name), 'not a picture');
    }
    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 0, skipped: 0 });
    expect(log.lines).toEqual([]);
  });

  it('logs and skips a corrupt large file, leaving nothing half-written, and still makes the others', async () => {
    const store = await newStore();
    const good = await storeImage(store, 1200, 900);
    fs.rmSync(path.join(store.uploadsDir, `${good}-960.webp`));
    const broken = '22222222-2222-4222-8222-222222222222';
    const brokenLarge = path.join(store.uploadsDir, `${broken}.webp`);
    const bytes = fs.readFileSync(path.join(store.uploadsDir, `${good}.webp`));
    fs.writeFileSync(brokenLarge, bytes.subarray(0, Math.floor(bytes.length / 2)));
    fs.writeFileSync(path.join(store.uploadsDir, 'notes.txt'), 'ignored');

    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 1, skipped: 1 });
    expect(
      log.lines.some((line) => line.startsWith(`warn: Could not make the smaller sizes of /uploads/${broken}.webp`)),
    ).toBe(true);
    expect(log.lines).toContain('Image sizes: 1 file(s) made, 1 image(s) skipped.');
    expect(listing(store)).toEqual(
      [`${broken}.webp`, `${good}-960.webp`, `${good}-thumb.webp`, `${good}.webp`, 'notes.txt'].sort(),
    );
    expect(fs.readdirSync(store.tmpDir)).toEqual([]);
  });

  it('reports an unreadable uploads folder instead of failing the start', async () => {
    const store = new ImageStore(path.join(scratch, 'missing-folder'));
    const log = recordingLog();
    expect(await regenerateMissingVariants(store, log)).toEqual({ made: 0, skipped: 0 });
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatch(/^warn: Image sizes not checked/);
  });
});
