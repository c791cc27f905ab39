import zlib from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Service } from '@capstan/shared';
import { buildApp } from '../../src/app';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { catalogueResponseCache } from '../../src/modules/catalogue/catalogue-response-cache';
import { PUBLIC_CACHE_CONTROL } from '../../src/modules/catalogue/cached-json-reply';
import { Answer, PublicResponseCache, traceRevisionSources } from '../../src/modules/catalogue/public-response-cache';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, machineFields, partFields, pngFile, sendForm } from '../helpers/items';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url, headers });

function expectCachedJson(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['etag']).toMatch(/^"[A-Za-z0-9_-]+"$/);
  expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
  expect(response.headers['cache-control']).toBe('public, max-age=10, stale-while-revalidate=60');
  expect(response.headers['vary']).toBe('Accept-Encoding');
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(response.headers['content-encoding']).toBeUndefined();
  // Exactly what Fastify's JSON serializer produced for these routes before they were cached.
  expect(response.body).toBe(JSON.stringify(response.json()));
}

async function createService(overrides: Record<string, unknown> = {}): Promise<Service> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: {
      name: 'On-site Installation',
      description: 'Foundation check, levelling, alignment and a trial run on your shop floor.',
      specification: { Duration: '2-3 days' },
      images: [],
      featured: false,
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`create service: ${response.statusCode} ${response.body}`);
  return response.json<Service>();
}

/** A GET's body and ETag, to compare before and after a write. */
async function snapshot(url: string) {
  const response = await get(url);
  return { status: response.statusCode, body: response.body, etag: response.headers['etag'] };
}

describe('public catalogue GETs', () => {
  it('send ETag, Cache-Control and Vary on lists, featured lists and items of every kind', async () => {
    const machine = await createMachine(t, token, { featured: 'true' });
    const part = await createPart(t, token, { featured: 'true' });
    const service = await createService({ featured: true });

    for (const url of [
      '/api/products',
      '/api/products?category=machine',
      '/api/products/featured',
      `/api/products/${machine.id}`,
      '/api/spareparts',
      '/api/spareparts/featured',
      `/api/spareparts/${part.id}`,
      '/api/services',
      '/api/services/featured',
      `/api/services/${service.id}`,
    ]) {
      const first = await get(url);
      expectCachedJson(first);
      const second = await get(url);
      expect(second.body, url).toBe(first.body);
      expect(second.headers['etag'], url).toBe(first.headers['etag']);
    }
    expect((await get(`/api/products/${machine.id}`)).json()).toMatchObject({ id: machine.id, featured: true });
    expect((await get('/api/spareparts')).json()).toEqual([expect.objectContaining({ id: part.id })]);
  });

  it('also sends the public Cache-Control to signed-in staff, who revalidate instead of reading no-store', async () => {
    const response = await get('/api/products', bearer(token));
    expectCachedJson(response);
  });

  it('answers If-None-Match with 304, an empty body and the same headers', async () => {
    const machine = await createMachine(t, token);
    for (const url of ['/api/products', '/api/products/featured', `/api/products/${machine.id}`]) {
      const first = await get(url);
      const etag = String(first.headers['etag']);
      for (const header of [etag, `W/${etag}`, `"other", ${etag}`, `W/"other" , W/${etag}`, '*']) {
        const response = await get(url, { 'if-none-match': header });
        expect(response.statusCode, `${url} ${header}`).toBe(304);
        expect(response.body).toBe('');
        expect(response.headers['etag']).toBe(etag);
        expect(response.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
      }
      const stale = await get(url, { 'if-none-match': '"something-else"' });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);
    }
  });

  it('keeps unknown ids an honest 404 JSON', async () => {
    for (const url of [`/api/products/${unknownId}`, `/api/spareparts/${unknownId}`, `/api/services/${unknownId}`]) {
      for (let i = 0; i < 2; i++) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: expect.any(String) });
        expect(response.headers['etag']).toBeUndefined();
      }
    }
    const bad = await get('/api/products/not-an-id');
    expect(bad.statusCode).toBe(400);
  });
});

describe('invalidation after writes through the API', () => {
  it('machines: create, update, featured change, image change and delete change list, featured and item', async () => {
    const machine = await createMachine(t, token, { name: 'Invalidation Lathe' });
    const item = `/api/products/${machine.id}`;
    const urls = ['/api/products', '/api/products/featured', item];
    let before = await Promise.all(urls.map(snapshot));

    const expectChanged = async (which: string[], label: string) => {
      const after = await Promise.all(urls.map(snapshot));
      urls.forEach((url, i) => {
        if (!which.includes(url)) return;
        expect(after[i]?.body, `${label}: ${url}`).not.toBe(before[i]?.body);
        expect(after[i]?.etag, `${label}: ${url}`).not.toBe(before[i]?.etag);
      });
      before = after;
    };

    await createMachine(t, token, { name: 'Another Lathe' });
    await expectChanged(['/api/products'], 'create');

    const update = await sendForm(t, token, 'PUT', item, machineFields({ name: 'Renamed Lathe' }));
    expect(update.statusCode).toBe(200);
    await expectChanged(['/api/products', item], 'update');
    expect((await get(item)).json()).toMatchObject({ name: 'Renamed Lathe' });

    const feature = await t.app.inject({
      method: 'PUT',
      url: item,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(feature.statusCode).toBe(200);
    await expectChanged(urls, 'featured');
    expect((await get('/api/products/featured')).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: machine.id })]),
    );

    const images = await sendForm(t, token, 'PUT', item, machineFields({ name: 'Renamed Lathe', featured: 'true' }), [
      await pngFile(),
    ]);
    expect(images.statusCode).toBe(200);
    await expectChanged(urls, 'image added');
    expect((await get(item)).json<{ images: string[] }>().images).toHaveLength(1);

    const removed = await t.app.inject({ method: 'DELETE', url: item, headers: bearer(token) });
    expect(removed.statusCode).toBe(204);
    await expectChanged(['/api/products', '/api/products/featured'], 'delete');
    expect((await get(item)).statusCode).toBe(404);
  });

  it('spare parts: create, full update, featured change and delete', async () => {
    const part = await createPart(t, token, { name: 'Invalidation Bush' });
    const item = `/api/spareparts/${part.id}`;
    const list0 = await snapshot('/api/spareparts');
    const item0 = await snapshot(item);

    await createPart(t, token, { name: 'Other Bush' });
    const list1 = await snapshot('/api/spareparts');
    expect(list1.etag).not.toBe(list0.etag);

    await sendForm(t, token, 'PUT', `${item}/full`, partFields({ name: 'Renamed Bush', price: '99' }));
    const item1 = await snapshot(item);
    expect(item1.etag).not.toBe(item0.etag);
    expect(JSON.parse(item1.body)).toMatchObject({ name: 'Renamed Bush', price: 99 });

    const featured0 = await snapshot('/api/spareparts/featured');
    await t.app.inject({ method: 'PUT', url: item, headers: bearer(token), payload: { featured: true } });
    const featured1 = await snapshot('/api/spareparts/featured');
    expect(featured1.etag).not.toBe(featured0.etag);
    expect(JSON.parse(featured1.body)).toEqual(expect.arrayContaining([expect.objectContaining({ id: part.id })]));

    await t.app.inject({ method: 'DELETE', url: item, headers: bearer(token) });
    expect((await snapshot(item)).status).toBe(404);
    expect((await snapshot('/api/spareparts/featured')).body).not.toContain(part.id);
  });

  it('services: create, full update, featured change and delete', async () => {
    const service = await createService({ name: 'Invalidation Service' });
    const item = `/api/services/${service.id}`;
    const list0 = await snapshot('/api/services');
    const item0 = await snapshot(item);

    await createService({ name: 'Another Service' });
    expect((await snapshot('/api/services')).etag).not.toBe(list0.etag);

    const full = await t.app.inject({
      method: 'PUT',
      url: `${item}/full`,
      headers: bearer(token),
      payload: { name: 'Renamed Service', description: 'Changed.', specification: {}, images: [], featured: false },
    });
    expect(full.statusCode).toBe(200);
    const item1 = await snapshot(item);
    expect(item1.etag).not.toBe(item0.etag);
    expect(JSON.parse(item1.body)).toMatchObject({ name: 'Renamed Service' });

    const featured0 = await snapshot('/api/services/featured');
    await t.app.inject({ method: 'PUT', url: item, headers: bearer(token), payload: { featured: true } });
    expect((await snapshot('/api/services/featured')).etag).not.toBe(featured0.etag);

    await t.app.inject({ method: 'DELETE', url: item, headers: bearer(token) });
    expect((await snapshot(item)).status).toBe(404);
  });

  it('leaves the revision alone when a write is refused', async () => {
    const revision = async () =>
      (await t.ctx.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow()).revision;
    const before = await revision();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/spareparts/${unknownId}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(response.statusCode).toBe(404);
    expect(await revision()).toBe(before);
    await createPart(t, token, { name: 'Counted Bush' });
    expect(Number(await revision())).toBe(Number(before) + 1);
  });
});

describe('precompressed variants', () => {
  beforeAll(async () => {
    // Enough parts for the list to pass the 1 KB compression threshold.
    for (let i = 0; i < 4; i++) await createPart(t, token, { name: `Compressible Part ${i}` });
  });

  it('sends gzip to a client that accepts it, decompressing to the identical JSON', async () => {
    const plain = await get('/api/spareparts');
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const gzipped = await get('/api/spareparts', { 'accept-encoding': 'gzip, deflate' });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['vary']).toBe('Accept-Encoding');
    expect(gzipped.headers['etag']).toBe(plain.headers['etag']);
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.body);

    const again = await get('/api/spareparts', { 'accept-encoding': 'gzip' });
    expect(again.rawPayload.equals(gzipped.rawPayload)).toBe(true);
  });

  it('prefers brotli when accepted, and honours q=0', async () => {
    const plain = await get('/api/spareparts');
    const br = await get('/api/spareparts', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const noBr = await get('/api/spareparts', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    const identity = await get('/api/spareparts', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toBe(plain.body);
    const none = await get('/api/spareparts', { 'accept-encoding': '*;q=0' });
    expect(none.body).toBe(plain.body);
  });

  it('sends small bodies unencoded', async () => {
    const response = await get(`/api/products/${unknownId}`, { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    const empty = await get('/api/services/featured', { 'accept-encoding': 'gzip' });
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.statusCode).toBe(200);
  });
});

describe('several processes on one database', () => {
  let second: FastifyInstance;
  let secondDatabase: DatabaseHandle;

  beforeAll(async () => {
    // Same DATA_DIR and DATABASE_URL as the first app: another process of the same deployment.
    secondDatabase = createDatabase(t.config);
    second = await buildApp({ config: t.config, database: secondDatabase });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await secondDatabase.destroy();
  });

  it('sees a write made through another process once its revision check interval has passed', async () => {
    const cache = catalogueResponseCache(secondDatabase.db);
    expect(cache).not.toBe(catalogueResponseCache(t.database.db));
    // A long interval first: the second process must then keep serving from memory.
    cache.setRevisionCheckInterval(60_000);
    const before = await get('/api/products', {}, second);
    expect(before.statusCode).toBe(200);

    const machine = await createMachine(t, token, { name: 'Made In Process One' });
    const stale = await get('/api/products', {}, second);
    expect(stale.headers['etag']).toBe(before.headers['etag']);

    // Noticed on the next read; visitors get the previous answer until it is built again (decision 070).
    cache.setRevisionCheckInterval(0);
    const fresh = await vi.waitFor(
      async () => {
        const response = await get('/api/products', {}, second);
        expect(response.headers['etag']).not.toBe(before.headers['etag']);
        return response;
      },
      { timeout: 5000, interval: 25 },
    );
    expect(fresh.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: machine.id })]));
    expect(fresh.body).toBe((await get('/api/products')).body);
  });
});

describe('PublicResponseCache', () => {
  function setup(intervalMs = 1000) {
    // `away`: the database does not answer.
    const state = { revision: 7, reads: 0, builds: 0, clock: 0, away: false };
    const cache = new PublicResponseCache({
      readRevision: async () => {
        state.reads += 1;
        if (state.away) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        return state.revision;
      },
      revisionCheckIntervalMs: intervalMs,
      now: () => state.clock,
    });
    const build = async () => {
      state.builds += 1;
      return { builds: state.builds };
    };
    return { state, cache, build };
  }

  it('serves hits without reading the revision more than once per interval', async () => {
    const { state, cache, build } = setup(1000);
    const first = await cache.get('k', build);
    const readsAfterBuild = state.reads;
    for (let i = 0; i < 50; i++) {
      state.clock += 10;
      expect(await cache.get('k', build)).toBe(first);
    }
    expect(state.reads).toBe(readsAfterBuild);
    expect(state.builds).toBe(1);

    state.clock += 1000;
    expect(await cache.get('k', build)).toBe(first);
    expect(state.reads).toBe(readsAfterBuild + 1);

    // Due again after a change: the request that finds the re-read due starts it and is answered
    // from what is held; the entry is then built again in the background (decision 070).
    state.revision += 1;
    state.clock += 1000;
    expect(await cache.get('k', build)).toBe(first);
    await cache.refresh();
    const rebuilt = await cache.get('k', build);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.identity.toString()).toBe('{"builds":2}');
    expect(rebuilt.revision).toBe(8);
  });

  it('reads the revision on every current read, and never answers one from a build that started before it', async () => {
    const { state, cache } = setup(60_000);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A visitor's build reads revision 7, then waits on its (slow) data read.
    const slow = cache.get('k', async (revision) => {
      await gate;
      return { built: revision };
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Another process writes; a staff member then asks this process.
    state.revision = 8;
    const readsBefore = state.reads;
    const current = await cache.get('k', async (revision) => ({ built: revision }), { current: true });
    expect(current.identity.toString()).toBe('{"built":8}');
    expect(state.reads).toBe(readsBefore + 1);
    release();
    expect((await slow).identity.toString()).toBe('{"built":7}');

    // A hit at the current revision costs one revision read and no build.
    const reads = state.reads;
    expect(await cache.get('k', async () => ({ built: 'again' }), { current: true })).toBe(current);
    expect(state.reads).toBe(reads + 1);
    // Visitors within the interval are served that same entry without a read.
    expect(await cache.get('k', async () => ({ built: 'again' }))).toBe(current);
    expect(state.reads).toBe(reads + 1);
  });

  it('keeps serving the answers it holds to visitors while the revision cannot be read', async () => {
    const { state, cache, build } = setup(1000);
    const held = await cache.get('k', build);

    state.away = true;
    state.clock += 1000;
    expect(await cache.get('k', build)).toBe(held);
    // Once per interval, not once per request: a database that does not answer at all must not
    // make every visitor wait for the attempt.
    const reads = state.reads;
    state.clock += 10;
    expect(await cache.get('k', build)).toBe(held);
    expect(state.reads).toBe(reads);
    // Staff, who must read their own writes, get the failure (a 503), not the held answer.
    await expect(cache.get('k', build, { current: true })).rejects.toThrow('ECONNREFUSED');
    expect(state.builds).toBe(1);

    // Back: the next check after the interval sees the revision again, and a change rebuilds the entry.
    state.away = false;
    state.revision += 1;
    state.clock += 1000;
    expect(await cache.get('k', build)).toBe(held);
    await cache.refresh();
    const rebuilt = await cache.get('k', build);
    expect(rebuilt).not.toBe(held);
    expect(rebuilt.revision).toBe(8);
  });

  it('never serves an answer it holds when it has never read a revision', async () => {
    const cache = new PublicResponseCache({
      readRevision: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      },
    });
    await expect(cache.get('k', async () => ({ built: true }))).rejects.toThrow('ECONNREFUSED');
  });

  it('builds a missing entry once for concurrent requests and never caches undefined', async () => {
    const { state, cache, build } = setup();
    const bodies = await Promise.all([1, 2, 3].map(() => cache.get('k', build)));
    expect(new Set(bodies).size).toBe(1);
    expect(state.builds).toBe(1);

    let found = false;
    const maybe = async () => (found ? { id: 'x' } : undefined);
    expect(await cache.find('x', maybe)).toBeUndefined();
    found = true;
    expect((await cache.find('x', maybe))?.identity.toString()).toBe('{"id":"x"}');
  });

  it('drops everything on invalidate, including a build that started before it', async () => {
    const { state, cache } = setup(60_000);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = cache.get('k', async () => {
      await gate;
      return { version: 'old' };
    });
    await new Promise((resolve) => setImmediate(resolve));
    // The revision is left as it was: as if the next check had read it just before the write committed.
    cache.invalidate();
    release();
    expect((await slow).identity.toString()).toBe('{"version":"old"}');
    const fresh = await cache.get('k', async () => ({ version: 'new' }));
    expect(fresh.identity.toString()).toBe('{"version":"new"}');
    expect(fresh.revision).toBe(state.revision);
  });

  it('gives equal bodies the same strong ETag and different bodies different ones', async () => {
    const { cache } = setup();
    const a = await cache.get('a', async () => ({ x: 1 }));
    const b = await cache.get('b', async () => ({ x: 1 }));
    const c = await cache.get('c', async () => ({ x: 2 }));
    expect(a.etag).toBe(b.etag);
    expect(a.etag).not.toBe(c.etag);
    expect(a.etag).toMatch(/^"[^"]+"$/);
  });

  it('holds at most maxBytes, dropping the oldest entries first', async () => {
    let revision = 1;
    const cache = new PublicResponseCache({ readRevision: async () => revision, maxBytes: 10_000 });
    const kilobytes = async () => ({ text: 'x'.repeat(990) }); // 1,001 bytes of JSON, held twice
    for (let i = 0; i < 12; i++) await cache.get(`page-${i}`, kilobytes);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBe(4);
    let rebuilt = 0;
    const counting = async () => {
      rebuilt += 1;
      return { text: 'x'.repeat(990) };
    };
    await cache.get('page-11', counting);
    expect(rebuilt).toBe(0);
    await cache.get('page-0', counting);
    expect(rebuilt).toBe(1);
    await cache.get('page-0', counting);
    expect(rebuilt).toBe(1);
    // Without a record of what changed, a new revision reaches everything: what was read lately and
    // more than once is built again, within the same bound.
    revision = 2;
    await cache.refreshAfterWrite();
    expect(rebuilt).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
  });
});

describe('PublicResponseCache, with a record of what each revision changed (decision 067)', () => {
  function setup() {
    const state = { revision: 1, changes: new Map<number, ReadonlySet<string> | 'everything'>(), builds: 0 };
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      readChanges: async (from, to) => {
        const all = new Set<string>();
        for (let r = from + 1; r <= to; r += 1) {
          const change = state.changes.get(r) ?? 'everything';
          if (change === 'everything') return 'everything';
          for (const token of change) all.add(token);
        }
        return all;
      },
      revisionCheckIntervalMs: 0,
    });
    // A write of this process, answered once the answers it reached are built again.
    const change = async (tokens: ReadonlySet<string> | 'everything') => {
      state.revision += 1;
      state.changes.set(state.revision, tokens);
      await cache.refreshAfterWrite();
    };
    const build = (name: string) => async () => {
      state.builds += 1;
      return { name, build: state.builds };
    };
    return { state, cache, change, build };
  }

  it('keeps an answer whose scope the change does not reach, and drops those it reaches and the unscoped', async () => {
    const { cache, change, build } = setup();
    const a = await cache.get('item-a', build('a'), { scope: ['a'] });
    const b = await cache.get('item-b', build('b'), { scope: ['b', 'kind:spare'] });
    const list = await cache.get('list', build('list'));
    const site = await cache.get('site', build('site'), { scope: [] });
    await change(new Set(['a', 'kind:machine']));
    expect(await cache.get('item-a', build('a'), { scope: ['a'] })).not.toBe(a);
    expect(await cache.get('item-b', build('b'), { scope: ['b', 'kind:spare'] })).toBe(b);
    expect(await cache.get('list', build('list'))).not.toBe(list);
    expect(await cache.get('site', build('site'), { scope: [] })).toBe(site);
    await change(new Set(['kind:spare']));
    expect(await cache.get('item-b', build('b'), { scope: ['b', 'kind:spare'] })).not.toBe(b);
    expect(await cache.get('site', build('site'), { scope: [] })).toBe(site);
    await change('everything');
    expect(await cache.get('site', build('site'), { scope: [] })).not.toBe(site);
  });

  it('takes the scope an answer gives, and never keeps an answer built from older data', async () => {
    const { cache, change, state } = setup();
    let version = 1;
    const detail = async () => new Answer({ v: version }, { scope: ['x', 'y'] });
    const scoped = await cache.get('detail', detail);
    version = 2;
    await change(new Set(['z']));
    expect(await cache.get('detail', detail)).toBe(scoped);
    await change(new Set(['y']));
    expect((await cache.get('detail', detail)).identity.toString()).toBe('{"v":2}');

    const older = await cache.get('list', async () => new Answer({ v: 'old' }, { asOf: state.revision - 1 }));
    expect(older.revision).toBe(state.revision - 1);
    const next = await cache.get('list', async () => new Answer({ v: 'new' }, { asOf: state.revision }));
    expect(next.identity.toString()).toBe('{"v":"new"}');
    expect(await cache.get('list', async () => ({ v: 'never built' }))).toBe(next);
  });

  it('tells a page whether the answers it was built from still hold', async () => {
    const { cache, change, build } = setup();
    let created = false;
    const missing = async () => (created ? { now: 'there' } : undefined);
    const { sources } = await traceRevisionSources(async () => {
      await cache.get('item-a', build('a'), { scope: ['a'] });
      await cache.find('missing', missing, { scope: ['m'] });
      await cache.find('missing-unscoped', async () => undefined);
    });
    const [a, missingSource, unscoped] = sources;
    for (const source of sources) expect(await cache.stillAnswers(source)).toBe(true);
    await change(new Set(['b']));
    // Answers outside the change's scope still hold, "no such item" included; an unknown id
    // answered without a scope holds only until the revision moves.
    expect(await cache.stillAnswers(a!)).toBe(true);
    expect(await cache.stillAnswers(missingSource!)).toBe(true);
    expect(await cache.stillAnswers(unscoped!)).toBe(false);
    created = true;
    // Created without a change recorded: the kept "no such item" still answers.
    expect(await cache.find('missing', missing, { scope: ['m'] })).toBeUndefined();
    await change(new Set(['a', 'm']));
    expect(await cache.stillAnswers(a!)).toBe(false);
    expect(await cache.stillAnswers(missingSource!)).toBe(false);
    expect((await cache.find('missing', missing, { scope: ['m'] }))?.identity.toString()).toBe('{"now":"there"}');
  });
});

describe('PublicResponseCache, building again off the request path (decision 070)', () => {
  it("gives visitors the previous answer while another process's change is built again, and staff the new one", async () => {
    const state = { revision: 1, version: 1, builds: 0 };
    let release = () => {};
    let gate: Promise<void> | null = null;
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      readChanges: async () => new Set(['a']),
      revisionCheckIntervalMs: 0,
    });
    const build = async () => {
      state.builds += 1;
      if (gate) await gate;
      return { v: state.version };
    };
    const first = await cache.get('a', build, { scope: ['a'] });
    // Another process saves: the database's revision moves, this cache is not told.
    state.version = 2;
    state.revision = 2;
    gate = new Promise((resolve) => (release = resolve));
    const { result: during, sources } = await traceRevisionSources(() => cache.get('a', build, { scope: ['a'] }));
    expect(during).toBe(first);
    expect(await cache.get('a', build, { scope: ['a'] })).toBe(first);
    // One build in the background, however many visitors asked meanwhile; a page made from the
    // previous answer holds while that is what visitors are given, and no longer.
    expect(state.builds).toBe(2);
    expect(await cache.stillAnswers(sources[0]!)).toBe(true);
    release();
    await cache.refresh();
    expect(await cache.stillAnswers(sources[0]!)).toBe(false);
    const after = await cache.get('a', build, { scope: ['a'] });
    expect(after.identity.toString()).toBe('{"v":2}');
    expect(state.builds).toBe(2);

    state.version = 3;
    state.revision = 3;
    gate = new Promise((resolve) => (release = resolve));
    expect(await cache.get('a', build, { scope: ['a'] })).toBe(after);
    // Staff read what the database holds now, whatever is being built.
    const staff = await cache.get('a', async () => ({ v: state.version }), { current: true, scope: ['a'] });
    expect(staff.identity.toString()).toBe('{"v":3}');
    release();
    await cache.refresh();
  });

  it('swaps in each newer body while saves come faster than it builds, and keeps the last one', async () => {
    const state = { revision: 1, builds: 0, running: 0, mostRunning: 0 };
    const gates: (() => void)[] = [];
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      readChanges: async () => new Set(['a']),
      revisionCheckIntervalMs: 0,
    });
    const build = async (revision: number) => {
      state.builds += 1;
      state.running += 1;
      state.mostRunning = Math.max(state.mostRunning, state.running);
      if (state.builds > 1) await new Promise<void>((resolve) => gates.push(resolve));
      state.running -= 1;
      return { builtAt: revision };
    };
    const visitor = async () => JSON.parse((await cache.get('a', build, { scope: ['a'] })).identity.toString());
    expect(await visitor()).toEqual({ builtAt: 1 });
    state.revision = 2;
    expect(await visitor()).toEqual({ builtAt: 1 });
    // The rebuild has read revision 2 and waits on its data when the next save lands.
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    state.revision = 3;
    expect(await visitor()).toEqual({ builtAt: 1 });
    // Noticed (the re-read that request started has ended), and nothing waited for.
    await cache.refresh(0);
    gates.shift()!();
    // Built from revision 2 while 3 was saved: visitors get it, and it is built once more.
    await vi.waitFor(async () => expect(await visitor()).toEqual({ builtAt: 2 }));
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    gates.shift()!();
    await cache.refresh();
    expect(await visitor()).toEqual({ builtAt: 3 });
    expect(state.builds).toBe(3);
    expect(state.mostRunning).toBe(1);
  });

  it('serves an answer a change does not reach while that change is still being applied', async () => {
    const state = { revision: 1, builds: 0 };
    let release = () => {};
    let judging = false;
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      readChanges: async () => new Set(['s']),
      revisionCheckIntervalMs: 0,
    });
    const build = async () => {
      state.builds += 1;
      return { builds: state.builds };
    };
    const held = await cache.get('x', build, { scope: ['x'] });
    // A search the change reaches, whose verdict takes a while (a database query).
    await cache.get(
      's',
      async () =>
        new Answer(
          { s: true },
          {
            scope: ['s'],
            survives: async () => {
              judging = true;
              await new Promise<void>((resolve) => (release = resolve));
              return true;
            },
          },
        ),
    );
    state.revision = 2;
    expect(await cache.get('x', build, { scope: ['x'] })).toBe(held);
    await vi.waitFor(() => expect(judging).toBe(true));
    // 'x' already holds for revision 2, the cache is still at 1 until the verdict: a hit, not a build.
    expect(await cache.get('x', build, { scope: ['x'] })).toBe(held);
    expect(state.builds).toBe(1);
    release();
    await cache.refresh();
    expect(await cache.get('x', build, { scope: ['x'] })).toBe(held);
    expect(state.builds).toBe(1);
  });

  it('keeps an answer whose build a save overtook, when the save leaves it as it is', async () => {
    const state = { revision: 1, builds: 0, hold: true };
    const gates: (() => void)[] = [];
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      readChanges: async () => new Set(['list']),
      revisionCheckIntervalMs: 0,
    });
    // A list page: revision 3 moves an item onto it; no other revision changes it.
    const build = async (revision: number) => {
      state.builds += 1;
      if (state.hold) await new Promise<void>((resolve) => gates.push(resolve));
      return new Answer({ builtAt: revision }, { scope: ['list'], survives: async (to) => revision >= 3 || to < 3 });
    };
    const visitor = async () => JSON.parse((await cache.get('page', build, { scope: ['list'] })).identity.toString());
    /** Lets the build waiting on its data go on once revision `next` has been noticed. */
    const overtake = async (next: number, { writtenHere = false } = {}) => {
      await vi.waitFor(() => expect(gates).toHaveLength(1));
      state.revision = next;
      // A save of this process: what was being built when it was made is not kept as it is.
      if (writtenHere) cache.invalidate();
      await cache.refresh(0);
      gates.shift()!();
    };

    // Built on a visitor's request while revision 2 lands: it holds for 2, and the next visitor
    // is not made to build it again.
    const first = visitor();
    await overtake(2);
    expect(await first).toEqual({ builtAt: 1 });
    state.hold = false;
    expect(await visitor()).toEqual({ builtAt: 1 });
    expect(state.builds).toBe(1);

    // Revision 3 changes it: built again off the request path, and that build is overtaken by
    // revision 4, saved through this process, which leaves it as it is. It holds for 4 and is not
    // built a third time.
    state.hold = true;
    state.revision = 3;
    expect(await visitor()).toEqual({ builtAt: 1 });
    await overtake(4, { writtenHere: true });
    await cache.refresh();
    state.hold = false;
    expect(await visitor()).toEqual({ builtAt: 3 });
    await cache.refresh();
    expect(await visitor()).toEqual({ builtAt: 3 });
    expect(state.builds).toBe(2);
  });

  it('builds again an answer read once when a page made from it is served, and drops one nobody read again', async () => {
    const state = { revision: 1 };
    const built: string[] = [];
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      readChanges: async () => new Set(['a', 'b']),
      revisionCheckIntervalMs: 0,
    });
    const build = (key: string) => async () => {
      built.push(key);
      return { key, revision: state.revision };
    };
    const { sources } = await traceRevisionSources(async () => {
      await cache.get('behind-a-page', build('behind-a-page'), { scope: ['a'] });
    });
    await cache.get('asked-once', build('asked-once'), { scope: ['b'] });
    // The page cache serves the page again: the answer behind it is read, not built.
    expect(await cache.stillAnswers(sources[0]!)).toBe(true);
    built.length = 0;
    state.revision = 2;
    await cache.refreshAfterWrite();
    expect(built).toEqual(['behind-a-page']);
    expect(cache.size).toBe(1);
  });

  it('answers a save after writeWaitMs at most, the rest being built after it', async () => {
    const state = { revision: 1 };
    let release = () => {};
    const cache = new PublicResponseCache({ readRevision: async () => state.revision, writeWaitMs: 50 });
    let slow = false;
    const build = async (revision: number) => {
      if (slow) await new Promise<void>((resolve) => (release = resolve));
      return { builtAt: revision };
    };
    const first = await cache.get('a', build);
    await cache.get('a', build);
    slow = true;
    state.revision = 2;
    const startedAt = Date.now();
    await cache.refreshAfterWrite();
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(await cache.get('a', build)).toBe(first);
    release();
    await cache.refresh();
    expect((await cache.get('a', build)).identity.toString()).toBe('{"builtAt":2}');
  });

  it('builds again only the answers read lately and more than once, at most maxRefreshed of them, and drops the rest', async () => {
    const state = { revision: 1, clock: 0 };
    const built: string[] = [];
    const cache = new PublicResponseCache({
      readRevision: async () => state.revision,
      revisionCheckIntervalMs: 0,
      maxRefreshed: 2,
      refreshWindowMs: 1000,
      now: () => state.clock,
    });
    const build = (key: string) => async () => {
      built.push(key);
      return { key, revision: state.revision };
    };
    for (const [key, at, reads] of [
      ['k1', 0, 2],
      ['k2', 800, 2],
      ['k3', 1500, 2],
      ['k4', 1600, 2],
      ['k5', 1650, 1],
    ] as const) {
      state.clock = at;
      for (let read = 0; read < reads; read += 1) await cache.get(key, build(key));
    }
    built.length = 0;
    state.clock = 1700;
    state.revision = 2;
    await cache.refreshAfterWrite();
    // k1 was read too long ago; k2 is in the window, but two more recent answers come first; k5, the
    // most recent, was read once only (a distinct search, most of them).
    expect(built.sort()).toEqual(['k3', 'k4']);
    expect(cache.size).toBe(2);
    // A body built again is built again after the next change only if it was read meanwhile, and
    // is no more recently read than the one it replaced: a later change drops an answer nobody asks
    // for rather than building it again for ever.
    state.clock = 2000;
    await cache.get('k4', build('k4'));
    expect(built).toEqual(['k3', 'k4']);
    state.clock = 2550;
    state.revision = 3;
    built.length = 0;
    await cache.refreshAfterWrite();
    expect(built).toEqual(['k4']);
    expect(cache.size).toBe(1);
    // At 3100 the window starts at 2100: k4, read again at 2050, is too old to be built again.
    state.clock = 2050;
    await cache.get('k4', build('k4'));
    state.clock = 3100;
    state.revision = 4;
    built.length = 0;
    await cache.refreshAfterWrite();
    expect(built).toEqual([]);
    expect(cache.size).toBe(0);
  });

  it('drops an answer it could not build again, so the next visitor is told what fails', async () => {
    const state = { revision: 1, failing: false };
    const cache = new PublicResponseCache({ readRevision: async () => state.revision, revisionCheckIntervalMs: 0 });
    const build = async () => {
      if (state.failing) throw new Error('relation "catalogue_items" does not exist');
      return { revision: state.revision };
    };
    await cache.get('k', build);
    state.failing = true;
    state.revision = 2;
    await cache.refreshAfterWrite();
    expect(cache.size).toBe(0);
    await expect(cache.get('k', build)).rejects.toThrow('does not exist');
  });
});
