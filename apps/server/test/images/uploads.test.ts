import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine, UploadImagesResponse } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, machineFields, pngFile, sendForm, uploadImages } from '../helpers/items';
import { jpegWithMetadata, pngDeclaring, pngImage, rotatedJpeg, scriptFile, svgImage } from '../helpers/images';
import { type MultipartFile, multipart } from '../helpers/multipart';
import { truncatedImage } from '../helpers/bad-images';
import { heicBrandedFile } from '../helpers/heic';
import { addedFiles, imageFiles, imageStored, readStored, snapshot, storedFiles, tempFiles } from '../helpers/storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const UPLOAD_URL = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

async function postUpload(
  files: readonly MultipartFile[],
  withToken = true,
  fields: Record<string, string> = {},
  fileField = 'images',
) {
  const body = await multipart(fields, files, fileField);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload-images',
    payload: body.payload,
    headers: { ...body.headers, ...(withToken ? bearer(token) : {}) },
  });
}

interface Refusal {
  name: string;
  status: 400 | 413;
  files: () => Promise<MultipartFile[]>;
  /** The message, naming the refused file and why. */
  message: string;
}

const notAnImage = (name: string) => `"${name}" is not an image we can read: send JPEG, PNG or WebP`;

const refusals: Refusal[] = [
  {
    name: 'a script named .png with type image/png',
    status: 400,
    files: async () => [{ name: 'photo.png', type: 'image/png', data: scriptFile }],
    message: notAnImage('photo.png'),
  },
  {
    name: 'a truncated PNG (a real one cut in half)',
    status: 400,
    files: async () => [{ name: 'cut.png', type: 'image/png', data: await truncatedImage('png') }],
    message: notAnImage('cut.png'),
  },
  {
    name: 'a truncated JPEG (a real one cut in half)',
    status: 400,
    files: async () => [{ name: 'cut.jpg', type: 'image/jpeg', data: await truncatedImage('jpeg') }],
    message: notAnImage('cut.jpg'),
  },
  {
    name: 'an SVG, even named .png',
    status: 400,
    files: async () => [
      { name: 'logo.svg', type: 'image/svg+xml', data: svgImage },
      { name: 'logo.png', type: 'image/png', data: svgImage },
    ],
    message: notAnImage('logo.svg'),
  },
  {
    name: 'a good image followed by a bad one (none kept)',
    status: 400,
    files: async () => [await pngFile('good.png'), { name: 'bad.png', type: 'image/png', data: scriptFile }],
    message: notAnImage('bad.png'),
  },
  {
    name: '7 files in one request',
    status: 413,
    files: async () => Promise.all(Array.from({ length: 7 }, (_, i) => pngFile(`p${i}.png`))),
    message: 'At most 6 images can be uploaded at once',
  },
  {
    name: 'an 11 MB file',
    status: 413,
    files: async () => [{ name: 'huge.png', type: 'image/png', data: randomBytes(11 * 1024 * 1024) }],
    message: '"huge.png" is larger than 10 MB: each image must be at most that',
  },
  {
    name: 'a PDF, by its name',
    status: 400,
    files: async () => [
      await pngFile('good.png'),
      { name: 'price list.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n') },
    ],
    message: notAnImage('price list.pdf'),
  },
  {
    name: 'an iPhone HEIC photo, with how to send JPEG instead',
    status: 400,
    files: async () => [{ name: 'IMG_4711.HEIC', type: 'image/heic', data: await heicBrandedFile() }],
    message:
      '"IMG_4711.HEIC" is an iPhone HEIC photo, which we cannot read: send it as JPEG (on the iPhone: Settings → Camera → Formats → Most Compatible, or share the photo as JPEG)',
  },
];

describe.each([
  { endpoint: 'POST /api/upload-images', send: (files: MultipartFile[]) => postUpload(files) },
  {
    endpoint: 'POST /api/products',
    send: (files: MultipartFile[]) => sendForm(t, token, 'POST', '/api/products', machineFields(), files),
  },
])('image refusals through $endpoint', ({ send }) => {
  it.each(refusals)(
    'refuses $name with a message naming the file, and stores nothing',
    async ({ files, status, message }) => {
      const before = await snapshot(t);
      const response = await send(await files());
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message });
      expect(await snapshot(t)).toEqual(before);
      expect(tempFiles(t)).toEqual([]);
    },
  );

  it('refuses a 50,000 × 50,000 PNG header quickly, without decoding it', async () => {
    const before = await snapshot(t);
    const started = performance.now();
    const response = await send([{ name: 'bomb.png', type: 'image/png', data: pngDeclaring(50_000, 50_000) }]);
    const elapsed = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: '"bomb.png" is too large (at most 40 megapixels)' });
    expect(elapsed).toBeLessThan(2000);
    expect(await snapshot(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });
});

describe('POST /api/upload-images', () => {
  it('answers 201 with /uploads/<uuid>.webp URLs in order, stored in three sizes', async () => {
    const before = await storedFiles(t);
    const wide = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const medium = await pngImage(1200, 900, '#b91c1c');
    const response = await postUpload([
      { name: 'wide.png', type: 'image/png', data: wide },
      { name: 'medium.png', type: 'image/png', data: medium },
    ]);
    expect(response.statusCode).toBe(201);
    const { imageUrls } = response.json<UploadImagesResponse>();
    expect(Object.keys(response.json<UploadImagesResponse>())).toEqual(['imageUrls']);
    expect(imageUrls).toHaveLength(2);
    for (const url of imageUrls) expect(url).toMatch(UPLOAD_URL);
    expect(new Set(imageUrls).size).toBe(2);

    const expectedNames = imageUrls.flatMap((url) => imageFiles(url));
    expect(addedFiles(before, await storedFiles(t)).sort()).toEqual(expectedNames.sort());

    const read = (name: string) => readStored(t, name);
    const [wideLarge, wideThumb, wideMedium] = await Promise.all(imageFiles(imageUrls[0] ?? '').map(read));
    const [mediumLarge, mediumThumb, mediumMedium] = await Promise.all(imageFiles(imageUrls[1] ?? '').map(read));
    // Order kept: the first URL is the wide picture, the second the 4:3 one.
    expect(await sharp(wideLarge).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(await sharp(wideThumb).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 });
    expect(await sharp(wideMedium).metadata()).toMatchObject({ format: 'webp', width: 960, height: 480 });
    expect(await sharp(mediumLarge).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    expect(await sharp(mediumThumb).metadata()).toMatchObject({ format: 'webp', width: 480, height: 360 });
    expect(await sharp(mediumMedium).metadata()).toMatchObject({ format: 'webp', width: 960, height: 720 });

    const rows = await t.ctx.db.selectFrom('images').selectAll().execute();
    const mediumRow = rows.find((row) => imageUrls[1]?.includes(row.id));
    expect(mediumRow).toMatchObject({ item_id: null, width: 1200, height: 900, thumb_width: 480, thumb_height: 360 });
  });

  it('strips EXIF, GPS, ICC and XMP metadata', async () => {
    const original = await jpegWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('SecretCam')).toBe(true);

    const [url] = await uploadImages(t, token, [{ name: 'camera.jpg', type: 'image/jpeg', data: original }]);
    for (const file of imageFiles(url ?? '')) {
      const bytes = await readStored(t, file);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(bytes.includes('SecretCam')).toBe(false);
      expect(bytes.includes('Serial-123456')).toBe(false);
    }
    const served = await t.app.inject({ method: 'GET', url: url ?? '' });
    expect(served.rawPayload.includes('SecretCam')).toBe(false);
  });

  it('stores a camera-rotated JPEG upright', async () => {
    const [url] = await uploadImages(t, token, [
      { name: 'sideways.jpg', type: 'image/jpeg', data: await rotatedJpeg() },
    ]);
    for (const file of imageFiles(url ?? '')) {
      const metadata = await sharp(await readStored(t, file)).metadata();
      expect(metadata.width).toBe(40);
      expect(metadata.height).toBe(100);
      expect(metadata.orientation ?? 1).toBe(1);
    }
  });

  it('serves stored files as immutable, nosniff image/webp', async () => {
    const [url] = await uploadImages(t, token, [await pngFile()]);
    const large = url ?? '';
    for (const served of [large, large.replace('.webp', '-thumb.webp')]) {
      const response = await t.app.inject({ method: 'GET', url: served });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('immutable');
      expect(response.headers['cache-control']).toContain('max-age=31536000');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(await readStored(t, served))).toBe(true);

      const etag = String(response.headers['etag']);
      const again = await t.app.inject({ method: 'GET', url: served, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      const head = await t.app.inject({ method: 'HEAD', url: served });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(response.rawPayload.length));
      // Names are matched exactly: another spelling of the same file is not it.
      expect(
        (await t.app.inject({ method: 'GET', url: served.toUpperCase().replace('/UPLOADS/', '/uploads/') })).statusCode,
      ).toBe(404);
    }
  });

  it('answers 404 JSON for the temp folder, paths outside uploads and missing files', async () => {
    // Something really is in the temp folder and beside it, so a 404 proves it is not served.
    const stored = (await storedFiles(t)).find((name) => /^[0-9a-f-]{36}\.webp$/.test(name)) ?? '';
    const hiddenName = '11111111-1111-4111-8111-111111111111.webp';
    const hidden = path.join(t.ctx.images.temp.dir, hiddenName);
    const inTemp = path.join(t.ctx.images.temp.dir, 'x');
    fs.writeFileSync(hidden, await readStored(t, stored));
    fs.writeFileSync(inTemp, 'temporary');
    const outside = path.join(t.config.dataDir, 'secret.webp');
    fs.writeFileSync(outside, 'secret');
    try {
      const urls = [
        '/uploads/.tmp/x',
        `/uploads/.tmp/${hiddenName}`,
        `/uploads/.tmp/${path.basename(t.ctx.images.temp.dir)}/${hiddenName}`,
        '/uploads/../app.db',
        '/uploads/%2e%2e/app.db',
        '/uploads/..%2fapp.db',
        '/uploads/..%2fsecret.webp',
        '/uploads/nothing.webp',
        '/uploads/00000000-0000-4000-8000-000000000000.webp',
        '/uploads/',
        '/uploads',
      ];
      for (const url of urls) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/^application\/json/);
        expect(response.json(), url).toEqual({ message: expect.any(String) });
      }
    } finally {
      fs.rmSync(hidden, { force: true });
      fs.rmSync(inTemp, { force: true });
      fs.rmSync(outside, { force: true });
    }
  });

  it('refuses a request without files, with text fields or with files under another name', async () => {
    const before = await snapshot(t);
    const empty = await postUpload([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: expect.any(String) });
    const withField = await postUpload([await pngFile()], true, { name: 'x' });
    expect(withField.statusCode).toBe(400);
    const otherField = await postUpload([await pngFile()], true, {}, 'file');
    expect(otherField.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/upload-images',
      headers: bearer(token),
      payload: { images: ['x'] },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: expect.any(String) });
    expect(await snapshot(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('answers 401 without a token and stores nothing', async () => {
    const before = await snapshot(t);
    const upload = await postUpload([await pngFile()], false);
    expect(upload.statusCode).toBe(401);
    expect(upload.json()).toEqual({ message: 'Authentication required' });
    const create = await sendForm(t, null, 'POST', '/api/products', machineFields(), [await pngFile()]);
    expect(create.statusCode).toBe(401);
    expect(await snapshot(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });
});

describe('the 6-image cap', () => {
  it('lets exactly 6 of 10 parallel one-image updates through and keeps no leftovers', async () => {
    const machine = await createMachine(t, token, { name: 'Parallel target' });
    expect(machine.images).toEqual([]);
    const before = await storedFiles(t);

    const files = await Promise.all(
      Array.from({ length: 10 }, (_, i) => pngFile(`p${i}.png`, `#${(i + 1).toString(16).repeat(6)}`)),
    );
    const responses = await Promise.all(
      files.map((file) =>
        sendForm(t, token, 'PUT', `/api/products/${machine.id}`, machineFields({ name: 'Parallel target' }), [file]),
      ),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 400, 400, 400, 400]);
    for (const refused of responses.filter((response) => response.statusCode === 400)) {
      expect(refused.json()).toEqual({ message: 'An item can have at most 6 images' });
    }

    const after = (await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).json<Machine>();
    expect(after.images).toHaveLength(6);
    expect(new Set(after.images).size).toBe(6);
    const rows = await t.ctx.db
      .selectFrom('images')
      .select(['id', 'position'])
      .where('item_id', '=', machine.id)
      .execute();
    expect(rows.map((row) => row.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);

    const added = addedFiles(before, await storedFiles(t));
    expect(added).toHaveLength(6 * 3);
    const expected = after.images.flatMap((url) => imageFiles(url));
    expect(added.sort()).toEqual(expected.sort());
    expect(tempFiles(t)).toEqual([]);
  });

  it('creates with 6 files, and refuses keepImages + new files above 6 leaving the item unchanged', async () => {
    const six = await Promise.all(Array.from({ length: 6 }, (_, i) => pngFile(`s${i}.png`)));
    const created = await sendForm(t, token, 'POST', '/api/products', machineFields({ name: 'Six pictures' }), six);
    expect(created.statusCode).toBe(201);
    const machine = created.json<Machine>();
    expect(machine.images).toHaveLength(6);

    const before = await snapshot(t);
    const [first, second] = machine.images as [string, string];
    const more = await Promise.all(Array.from({ length: 5 }, (_, i) => pngFile(`m${i}.png`)));
    const response = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${machine.id}`,
      machineFields({ name: 'Renamed', keepImages: JSON.stringify([second, first]) }),
      more,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'An item can have at most 6 images' });

    const after = (await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).json<Machine>();
    expect(after.name).toBe('Six pictures');
    expect(after.images).toEqual(machine.images);
    expect(after.updatedAt).toBe(machine.updatedAt);
    // The images that would have been dropped still have their files.
    expect(await snapshot(t)).toEqual(before);
    for (const url of machine.images) expect(await imageStored(t, url)).toBe(true);
    expect(tempFiles(t)).toEqual([]);

    // Keeping all six and adding one is refused too.
    const seventh = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${machine.id}`,
      machineFields({ name: 'Six pictures' }),
      [await pngFile()],
    );
    expect(seventh.statusCode).toBe(400);
    expect(await snapshot(t)).toEqual(before);
  });
});
