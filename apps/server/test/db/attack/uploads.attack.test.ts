import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../helpers/test-app';
import { createMachine, createPart, machineFields, partFields } from '../../helpers/items';
import { jpegWithMetadata, pngDeclaring } from '../../helpers/images';
import { readStored, storedFiles, tempFiles } from '../../helpers/storage';
import { type CorpusFile, decodableDamagedImages, refusalCorpus } from './helpers/upload-corpus';
import { rawMultipart } from './helpers/raw-multipart';
import { databaseState } from './helpers/db-snapshot';

let t: TestApp;
let token: string;
let machineId: string;
let partId: string;

/** Every way a file reaches the server, with the text fields that would otherwise make it succeed. */
interface EntryPoint {
  method: 'POST' | 'PUT';
  url: () => string;
  fields: () => Record<string, string>;
}

const ENTRY_POINTS: EntryPoint[] = [
  { method: 'POST', url: () => '/api/upload-images', fields: () => ({}) },
  { method: 'POST', url: () => '/api/products', fields: () => machineFields({ name: 'Attack machine' }) },
  {
    method: 'PUT',
    url: () => `/api/products/${machineId}`,
    fields: () => machineFields({ name: 'Changed by attack' }),
  },
  { method: 'POST', url: () => '/api/spareparts', fields: () => partFields({ name: 'Attack part' }) },
  {
    method: 'PUT',
    url: () => `/api/spareparts/${partId}/full`,
    fields: () => partFields({ name: 'Changed by attack' }),
  },
];

/** Everything in the image store and this process's temp folder, so a leftover in either shows up. */
async function uploadListing(): Promise<string[]> {
  return [
    ...(await storedFiles(t)).map((name) => `uploads/${name}`),
    ...tempFiles(t).map((name) => `uploads/.tmp/${name}`),
  ].sort();
}

async function send(entry: EntryPoint, file: CorpusFile) {
  const body = rawMultipart(entry.fields(), [file]);
  return t.app.inject({
    method: entry.method,
    url: entry.url(),
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const itemsSnapshot = async () => ({
  machine: (await t.app.inject({ method: 'GET', url: `/api/products/${machineId}` })).json(),
  part: (await t.app.inject({ method: 'GET', url: `/api/spareparts/${partId}` })).json(),
});

let corpus: CorpusFile[];
let requestsSent = 0;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machineId = (await createMachine(t, token, { name: 'Upload target machine' })).id;
  partId = (await createPart(t, token, { name: 'Upload target part' })).id;
  corpus = await refusalCorpus();
});
afterAll(async () => {
  console.info(`upload attack: ${corpus.length} corpus files, ${requestsSent} requests`);
  await t.close();
});

// Each entry point's test sends the whole corpus (over 200 uploads, each decoded or refused): 2 s
// alone, over 30 s once beside the browser journeys. A test cut off by its timeout keeps sending in
// the background, and the next one then finds its temporary files: the timeout is set above that.
describe('disguised and damaged uploads', { timeout: 120_000 }, () => {
  it('the corpus holds at least 200 files', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
  });

  for (const entry of ENTRY_POINTS) {
    it(`${entry.method} ${entry.url().replace(/[0-9a-f-]{36}|undefined/, ':id')} refuses every one and keeps nothing`, async () => {
      const dbBefore = await databaseState(t);
      const itemsBefore = await itemsSnapshot();
      const listingBefore = await uploadListing();
      const unexpected: string[] = [];
      for (const file of corpus) {
        const response = await send(entry, file);
        requestsSent++;
        const status = response.statusCode;
        const message = (response.json() as { message?: unknown }).message;
        if (status < 400 || status >= 500 || typeof message !== 'string' || message === '') {
          unexpected.push(`${file.label}: ${status} ${response.body.slice(0, 120)}`);
        }
        const listing = await uploadListing();
        if (listing.join('\n') !== listingBefore.join('\n')) {
          unexpected.push(
            `${file.label} (${status}: ${String(message)}): left ${listing.filter((f) => !listingBefore.includes(f)).join(', ')}`,
          );
        }
      }
      expect(unexpected).toEqual([]);
      expect(await databaseState(t)).toEqual(dbBefore);
      expect(await itemsSnapshot()).toEqual(itemsBefore);
    });
  }

  it('refuses a 1 KB PNG declaring 50,000 × 50,000 by its header, before decoding', async () => {
    const bomb = pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1100);
    for (const entry of ENTRY_POINTS) {
      const started = performance.now();
      const response = await send(entry, { label: 'bomb', name: 'bomb.png', type: 'image/png', data: bomb });
      requestsSent++;
      expect(response.statusCode).toBe(400);
      // Only the header check says "too large"; a decoder failure would say "is not an image…".
      expect(response.json()).toEqual({ message: '"bomb.png" is too large (at most 40 megapixels)' });
      // A safety net against decoding 2.5 gigapixels, not a benchmark.
      expect(performance.now() - started).toBeLessThan(2000);
    }
  });

  it('stores fuzzed-but-decodable JPEG/WebP and image+HTML polyglots only as re-encoded WebP', async () => {
    let accepted = 0;
    for (const file of await decodableDamagedImages()) {
      const response = await send(ENTRY_POINTS[0]!, file);
      requestsSent++;
      expect(tempFiles(t), file.label).toEqual([]);
      expect(response.statusCode, file.label).not.toBeGreaterThanOrEqual(500);
      if (response.statusCode !== 201) {
        expect(response.statusCode, file.label).toBe(400);
        expect(response.json(), file.label).toEqual({ message: expect.any(String) });
        continue;
      }
      accepted++;
      const [url] = (response.json() as { imageUrls: string[] }).imageUrls;
      const stored = await readStored(t, url ?? '');
      expect((await sharp(stored).metadata()).format).toBe('webp');
      expect(stored.includes('<script')).toBe(false);
    }
    expect(accepted).toBeGreaterThan(0);
  });
});

describe('metadata', () => {
  it('keeps no EXIF, GPS, XMP or IPTC in any stored size, whichever entry point took the file', async () => {
    const original = await jpegWithMetadata();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const before = new Set(await uploadListing());
    for (const entry of ENTRY_POINTS) {
      const response = await send(entry, { label: 'camera', name: 'camera.jpg', type: 'image/jpeg', data: original });
      requestsSent++;
      expect(response.statusCode, entry.url()).toBeLessThan(300);
    }
    const added = (await uploadListing()).filter((f) => !before.has(f));
    // Five uploads, three sizes each.
    expect(added).toHaveLength(15);
    for (const file of added) {
      const bytes = await readStored(t, file);
      const metadata = await sharp(bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif, file).toBeUndefined();
      expect(metadata.xmp, file).toBeUndefined();
      expect(metadata.iptc, file).toBeUndefined();
      expect(bytes.includes('SecretCam'), file).toBe(false);
      expect(bytes.includes('Serial-123456'), file).toBe(false);
    }
  });
});
