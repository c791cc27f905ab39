import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { createBackup } from '../../src/modules/backup/create-backup';
import { restoreBackup } from '../../src/modules/backup/restore-backup';
import { createImageStore } from '../../src/modules/images/create-image-store';
import type { ImageStore } from '../../src/modules/images/image-store';
import { ProcessTempFiles } from '../../src/modules/images/process-temp-files';
import { S3ImageStore } from '../../src/modules/images/s3-image-store';
import { IMAGE_STORE_UNAVAILABLE_MESSAGE } from '../../src/plugins/error-handler';
import { createMachine, pngFile } from '../helpers/items';
import { multipart } from '../helpers/multipart';
import { startS3Server, type S3TestServer } from '../helpers/s3-server';
import { readStored } from '../helpers/storage';
import { createTestApp, type TestApp } from '../helpers/test-app';

let scratch: string;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-store-'));
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function s3Server(): Promise<S3TestServer> {
  const server = await startS3Server();
  cleanups.push(server.stop);
  return server;
}

/** A store of each kind over a fresh folder or bucket; `env` overrides the bucket's settings. */
async function newStore(kind: 'local' | 's3', env: Record<string, string> = {}): Promise<ImageStore> {
  const dataDir = await fs.mkdtemp(path.join(scratch, 'data-'));
  const s3Env = kind === 's3' ? (await s3Server()).env : {};
  const store = await createImageStore(loadConfig({ DATA_DIR: dataDir, ...s3Env, ...env }).imageStore);
  await store.init();
  cleanups.push(() => store.close());
  return store;
}

async function put(store: ImageStore, name: string, bytes: Buffer | string): Promise<void> {
  const file = store.temp.newPath();
  await fs.writeFile(file, bytes);
  await store.putFile(name, file);
}

async function names(store: ImageStore): Promise<string[]> {
  const found: string[] = [];
  for await (const file of store.list()) found.push(file.name);
  return found.sort();
}

const read = (store: ImageStore, name: string) => readStored({ ctx: { images: store } } as TestApp, name);

const A = '0a0a0a0a-0000-4000-8000-000000000001';
const B = '0b0b0b0b-0000-4000-8000-000000000002';

describe.each(['local', 's3'] as const)('the %s image store', (kind) => {
  let store: ImageStore;
  beforeAll(async () => {
    store = await newStore(kind);
  });

  it('puts a finished temp file, then reads, heads, lists, copies and deletes it', async () => {
    const bytes = randomBytes(5000);
    const temp = store.temp.newPath();
    await fs.writeFile(temp, bytes);
    await store.putFile(`${A}.webp`, temp);
    // Moved, not copied: the temp folder keeps nothing.
    await expect(fs.access(temp)).rejects.toThrow();
    await put(store, `${B}-thumb.webp`, 'small');

    expect(await names(store)).toEqual([`${A}.webp`, `${B}-thumb.webp`]);
    expect((await read(store, `${A}.webp`)).equals(bytes)).toBe(true);
    const head = await store.head(`${A}.webp`);
    expect(head).toMatchObject({ name: `${A}.webp`, size: 5000 });
    expect(head?.etag).toMatch(/^(W\/)?"[^"]+"$/);
    expect(Math.abs((head?.lastModified.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await store.head(`${B}.webp`)).toBeNull();
    expect(await store.open(`${B}.webp`)).toBeNull();

    const copy = path.join(scratch, `${kind}-copy.webp`);
    expect(await store.copyToFile(`${A}.webp`, copy)).toBe(true);
    expect((await fs.readFile(copy)).equals(bytes)).toBe(true);
    expect(await store.copyToFile(`${B}.webp`, path.join(scratch, `${kind}-none.webp`))).toBe(false);

    await store.deleteMany([`${A}.webp`, `${B}-thumb.webp`, `${B}.webp`]);
    expect(await names(store)).toEqual([]);
    expect(await store.open(`${A}.webp`)).toBeNull();
    expect(await fs.readdir(store.temp.dir)).toEqual([]);
  });

  it('serves uploads through /uploads: immutable, ETag and 304, HEAD, 404 for unknown names and paths', async () => {
    const server = kind === 's3' ? await s3Server() : undefined;
    const t = await createTestApp({ images: 'local', env: server?.env ?? {} });
    cleanups.push(() => t.close());
    expect(t.ctx.images.kind).toBe(kind);
    const token = await t.login();
    const machine = await createMachine(t, token, {}, [await pngFile()]);
    const url = machine.images[0] ?? '';
    for (const served of [url, url.replace('.webp', '-thumb.webp'), url.replace('.webp', '-960.webp')]) {
      const response = await t.app.inject({ method: 'GET', url: served });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['last-modified']).toBeTruthy();
      expect(response.rawPayload.equals(await readStored(t, served))).toBe(true);
      const etag = String(response.headers.etag);
      // Every process on the same store names the same ETag: a second app on it agrees.
      expect(etag).toBe((await t.ctx.images.head(served.slice('/uploads/'.length)))?.etag);

      const again = await t.app.inject({ method: 'GET', url: served, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);
      const head = await t.app.inject({ method: 'HEAD', url: served });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(response.rawPayload.length));
    }
    for (const missing of [
      `/uploads/${A}.webp`,
      '/uploads/../app.db',
      '/uploads/..%2fapp.db',
      '/uploads/.tmp/x',
      `/uploads/${path.basename(t.ctx.images.temp.dir)}`,
      '/uploads/.health/x.probe',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: missing });
      expect(response.statusCode, missing).toBe(404);
      expect(response.json(), missing).toEqual({ message: expect.any(String) });
    }
  });
});

describe('the S3 store', () => {
  it('serves from a bounded cache: least recently used out first, never over its bytes', async () => {
    const server = await s3Server();
    const store = await newStore('s3', { ...server.env, S3_CACHE_MB: '1' });
    if (!(store instanceof S3ImageStore)) throw new Error('expected the S3 store');
    const size = 200 * 1024;
    const files = Array.from({ length: 6 }, (_, i) => `0c0c0c0c-0000-4000-8000-00000000000${i}.webp`);
    for (const name of files) await put(store, name, randomBytes(size));

    for (const name of files) expect((await store.open(name))?.size).toBe(size);
    // 1 MiB holds five of them: the first one read made room for the sixth.
    expect(store.cache.calculatedSize).toBe(5 * size);
    expect(store.cache.calculatedSize).toBeLessThanOrEqual(1024 * 1024);
    expect([...store.cache.keys()].sort()).toEqual(files.slice(1).sort());

    // Reading one makes it the most recent: the next one in pushes out the oldest other.
    expect((await store.open(files[1]!))?.size).toBe(size);
    expect((await store.open(files[0]!))?.size).toBe(size);
    expect(store.cache.has(files[1]!)).toBe(true);
    expect(store.cache.has(files[2]!)).toBe(false);

    // A file over a quarter of the cache is served but not kept: it would flush the rest.
    const big = '0c0c0c0c-0000-4000-8000-0000000000ff.webp';
    await put(store, big, randomBytes(300 * 1024));
    expect((await store.open(big))?.size).toBe(300 * 1024);
    expect(store.cache.has(big)).toBe(false);
    expect(store.cache.size).toBe(5);

    // With the bucket gone, what is cached is still served, and what was evicted is not.
    await server.pause();
    expect((await store.open(files[5]!))?.size).toBe(size);
    await expect(store.open(files[2]!)).rejects.toThrow();
  });

  it('forgets a picture another process deleted once its copy is older than the revalidation time', async () => {
    const server = await s3Server();
    /** Two processes' stores on one bucket, checking cached pictures after 300 ms instead of 10 s. */
    const processStore = async () => {
      const config = loadConfig({ DATA_DIR: await fs.mkdtemp(path.join(scratch, 'data-')), ...server.env }).imageStore;
      if (config.kind !== 's3') throw new Error('expected the S3 store');
      const store = await createImageStore({ ...config, cacheRevalidateMs: 300 });
      await store.init();
      cleanups.push(() => store.close());
      return store;
    };
    const [a, b] = [await processStore(), await processStore()];
    await put(b, `${A}.webp`, randomBytes(1000));
    await put(b, `${B}.webp`, randomBytes(2000));
    expect((await a.open(`${A}.webp`))?.size).toBe(1000);
    expect((await a.open(`${B}.webp`))?.size).toBe(2000);

    await b.deleteMany([`${A}.webp`]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await a.open(`${A}.webp`)).toBeNull();
    // An unchanged one is confirmed and still served.
    expect((await a.open(`${B}.webp`))?.size).toBe(2000);

    // While the bucket is away, a cached copy due for its check is served as it is.
    await server.pause();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await a.open(`${B}.webp`))?.size).toBe(2000);
  });

  it('asks the bucket once for a burst of requests for the same cold image', async () => {
    const store = await newStore('s3');
    if (!(store instanceof S3ImageStore)) throw new Error('expected the S3 store');
    await put(store, `${A}.webp`, randomBytes(1000));
    const send = vi.spyOn(S3Client.prototype, 'send');
    const opened = await Promise.all(Array.from({ length: 8 }, () => store.open(`${A}.webp`)));
    expect(opened.every((file) => file?.size === 1000)).toBe(true);
    expect(send.mock.calls.filter(([command]) => command instanceof GetObjectCommand)).toHaveLength(1);
    send.mockRestore();
  });

  it('in a bucket outage: uploads 503 with Retry-After and nothing saved, cached pictures served, health ready and degraded', async () => {
    const server = await s3Server();
    const t = await createTestApp({ images: 'local', env: server.env });
    cleanups.push(() => t.close());
    const token = await t.login();
    const machine = await createMachine(t, token, {}, [await pngFile()]);
    const picture = machine.images[0]!;
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);
    const health = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
    };

    // Health asks the bucket nothing: no write (nor read) per call.
    const send = vi.spyOn(S3Client.prototype, 'send');
    for (let i = 0; i < 5; i++)
      expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', uploads: 'ok' } });
    expect(send).not.toHaveBeenCalled();
    send.mockRestore();
    const stored = await names(t.ctx.images);

    await server.pause();
    const upload = async () => {
      const body = await multipart({}, [await pngFile('during.png', '#335577')]);
      return t.app.inject({
        method: 'POST',
        url: '/api/upload-images',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${token}` },
      });
    };
    const refused = await upload();
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ message: IMAGE_STORE_UNAVAILABLE_MESSAGE });
    // Still ready, so a balancer keeps the instance: reads work.
    expect(await health()).toMatchObject({
      status: 200,
      body: {
        status: 'degraded',
        database: 'ok',
        uploads: 'failing',
        message: expect.stringMatching(/image store cannot be written/),
      },
    });
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(200);

    await server.resume();
    expect(await names(t.ctx.images)).toEqual(stored);
    expect((await upload()).statusCode).toBe(201);
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', uploads: 'ok' } });
  });

  it('backs up every image of the bucket into the archive and restores them into another bucket', async () => {
    const source = await s3Server();
    const t = await createTestApp({ database: 'sqlite', images: 'local', env: source.env });
    cleanups.push(() => t.close());
    const token = await t.login();
    const machine = await createMachine(t, token, {}, [await pngFile('a.png'), await pngFile('b.png', '#123456')]);
    const stored = (await names(t.ctx.images)).filter((name) => name.endsWith('.webp'));
    expect(stored).toHaveLength(6);

    const archive = path.join(scratch, 's3-backup.tar.gz');
    const backup = await createBackup({
      dataDir: t.config.dataDir,
      images: t.ctx.images,
      databaseUrl: undefined,
      outFile: archive,
    });
    expect(backup.missingImages).toEqual([]);
    const archived = backup.manifest.files.map((file) => file.path).filter((p) => p.startsWith('uploads/'));
    expect(archived.sort()).toEqual(stored.map((name) => `uploads/${name}`));

    const target = await newStore('s3');
    const dataDir = path.join(scratch, 'restored-from-s3');
    await restoreBackup({ archive, dataDir, databaseUrl: undefined, images: target });
    expect(await names(target)).toEqual(stored);
    for (const name of stored) expect((await read(target, name)).equals(await readStored(t, name))).toBe(true);
    // The folder holds the database; the images live in the bucket only.
    expect(await fs.readdir(dataDir)).toEqual(['app.db']);
    expect(machine.images).toHaveLength(2);
  });
});

describe('temp files of several processes', () => {
  it('a process clears folders of dead processes of its host, never a live one or another host’s', async () => {
    const root = path.join(scratch, 'shared-tmp');
    const mine = new ProcessTempFiles(root);
    await mine.init();
    const host = path.basename(mine.dir).split('.').slice(2).join('.');
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const dead = path.join(root, `${exited}.deadbeef.${host}`);
    const live = path.join(root, `${process.ppid}.0badf00d.${host}`);
    const elsewhere = path.join(root, `${exited}.cafebabe.another-host`);
    for (const dir of [dead, live, elsewhere]) {
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, 'upload.part'), 'in progress');
    }
    await fs.writeFile(mine.newPath(), 'mine');
    const legacy = path.join(root, 'left-by-an-older-server.part');
    await fs.writeFile(legacy, 'old');

    // An old loose file goes only once it is an hour old.
    expect(await mine.sweepDead()).toBe(1);
    expect(await mine.sweepDead(Date.now() + 2 * 60 * 60 * 1000)).toBe(1);
    expect((await fs.readdir(root)).sort()).toEqual(
      [path.basename(mine.dir), path.basename(live), path.basename(elsewhere)].sort(),
    );
    expect(await fs.readdir(mine.dir)).toHaveLength(1);
    await mine.dispose();
    await expect(fs.access(mine.dir)).rejects.toThrow();
  });
});

describe('configuration of the image store', () => {
  it('uses the local folder unless S3_BUCKET is set, and says what is wrong with bad settings', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).imageStore).toEqual({
      kind: 'local',
      uploadsDir: '/srv/data/uploads',
    });
    expect(
      loadConfig({ DATA_DIR: '/srv/data', S3_BUCKET: 'kovai-images', S3_FORCE_PATH_STYLE: 'true' }).imageStore,
    ).toMatchObject({
      kind: 's3',
      bucket: 'kovai-images',
      region: 'us-east-1',
      forcePathStyle: true,
      endpoint: undefined,
      cacheBytes: 64 * 1024 * 1024,
      tempDir: '/srv/data/tmp',
    });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: must be set when S3_ENDPOINT/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: 'images', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT must be an http/);
    expect(() => loadConfig({ S3_BUCKET: 'images', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(/go together/);
    expect(() => loadConfig({ S3_BUCKET: 'images', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
