import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, pngFile, uploadImages } from '../helpers/items';
import { imageIdOf, imageStored, rowCount, snapshot } from '../helpers/storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const unknownImage = '/uploads/11111111-2222-4333-8444-555555555555.webp';

const serviceBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'On-site Installation',
  description: 'Foundation check, levelling, alignment and a trial run on your shop floor.',
  specification: { Duration: '2-3 days', Engineers: '2' },
  images: [],
  featured: false,
  ...overrides,
});

function send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, withToken = true) {
  return t.app.inject({ method, url, headers: withToken ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function createService(overrides: Record<string, unknown> = {}): Promise<Service> {
  const response = await send('POST', '/api/services', serviceBody(overrides));
  if (response.statusCode !== 201) throw new Error(`create service: ${response.statusCode} ${response.body}`);
  return response.json<Service>();
}

const getService = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/services/${id}` })).json<Service>();

async function pictures(count: number): Promise<string[]> {
  const files = await Promise.all(
    Array.from({ length: count }, (_, i) => pngFile(`s${i}.png`, `#${(i + 3).toString(16).repeat(6)}`)),
  );
  return uploadImages(t, token, files);
}

const filesExist = async (url: string) => (await imageStored(t, url)) === true;
const filesGone = async (url: string) => (await imageStored(t, url)) === false;

describe('services (/api/services)', () => {
  it('creates a service from JSON with a specification map and uploaded images in the order given', async () => {
    const [a, b, c] = (await pictures(3)) as [string, string, string];
    const response = await send(
      'POST',
      '/api/services',
      serviceBody({
        images: [c, a, b],
        featured: true,
        specification: { Duration: '2-3 days', Engineers: '2', Warranty: '12 months' },
      }),
    );
    expect(response.statusCode).toBe(201);
    const service = response.json<Service>();
    expect(service).toMatchObject({
      name: 'On-site Installation',
      featured: true,
      specification: { Duration: '2-3 days', Engineers: '2', Warranty: '12 months' },
      images: [c, a, b],
      imageUrl: c,
    });
    expect(service.specificationList.map((s) => s.key)).toEqual(['Duration', 'Engineers', 'Warranty']);
    expect(service.media.map((m) => m.url)).toEqual([c, a, b]);
    const rows = await t.ctx.db
      .selectFrom('images')
      .select(['id', 'item_id', 'position'])
      .where('item_id', '=', service.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(await getService(service.id)).toEqual(service);
  });

  it('creates a service without specification or images', async () => {
    const response = await send('POST', '/api/services', {
      name: 'Operator Training',
      description: 'Three to ten days.',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Service>()).toMatchObject({ specification: {}, images: [], imageUrl: null, featured: false });
  });

  it('lists services, reads one by id and lists featured ones', async () => {
    const plain = await createService({ name: 'Annual Maintenance' });
    const featured = await createService({ name: 'Retrofit', featured: true });
    const list = (await t.app.inject({ method: 'GET', url: '/api/services' })).json<Service[]>();
    expect(list.map((s) => s.id)).toEqual(expect.arrayContaining([plain.id, featured.id]));
    for (const service of list) {
      expect(service).toHaveProperty('name');
      expect(service).toHaveProperty('description');
    }
    const one = await t.app.inject({ method: 'GET', url: `/api/services/${plain.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<Service>()).toMatchObject({ id: plain.id, name: 'Annual Maintenance' });
    const featuredList = (await t.app.inject({ method: 'GET', url: '/api/services/featured' })).json<Service[]>();
    expect(featuredList.every((s) => s.featured)).toBe(true);
    expect(featuredList.map((s) => s.id)).toContain(featured.id);
    expect(featuredList.map((s) => s.id)).not.toContain(plain.id);
  });

  it('replaces everything with PUT /{id}/full and deletes the files of dropped images', async () => {
    const [a, b, c] = (await pictures(3)) as [string, string, string];
    const service = await createService({ images: [a, b, c] });
    const [d] = (await pictures(1)) as [string];

    const response = await send(
      'PUT',
      `/api/services/${service.id}/full`,
      serviceBody({
        name: 'Installation & Commissioning',
        specification: { Duration: '4 days' },
        images: [d, b],
        featured: true,
      }),
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json<Service>();
    expect(updated).toMatchObject({
      id: service.id,
      name: 'Installation & Commissioning',
      specification: { Duration: '4 days' },
      images: [d, b],
      featured: true,
    });
    expect(await filesExist(d)).toBe(true);
    expect(await filesExist(b)).toBe(true);
    expect(await filesGone(a)).toBe(true);
    expect(await filesGone(c)).toBe(true);
    const rows = await t.ctx.db.selectFrom('images').select('id').where('id', 'in', [a, c].map(imageIdOf)).execute();
    expect(rows).toEqual([]);
    expect(await getService(service.id)).toEqual(updated);

    // Dropping every image and every specification is allowed for a service.
    const emptied = await send(
      'PUT',
      `/api/services/${service.id}/full`,
      serviceBody({ specification: {}, images: [] }),
    );
    expect(emptied.statusCode).toBe(200);
    expect(emptied.json<Service>()).toMatchObject({ images: [], specification: {} });
    expect(await filesGone(d)).toBe(true);
    expect(await filesGone(b)).toBe(true);
  });

  it('switches only the featured flag with a JSON PUT and refuses other fields', async () => {
    const service = await createService({ name: 'Spindle Rebuild' });
    const response = await send('PUT', `/api/services/${service.id}`, { featured: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<Service>()).toMatchObject({
      featured: true,
      name: 'Spindle Rebuild',
      description: service.description,
    });

    const extra = await send('PUT', `/api/services/${service.id}`, { featured: false, name: 'hijack' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    expect(await getService(service.id)).toMatchObject({ featured: true, name: 'Spindle Rebuild' });
  });

  it('refuses foreign and unknown image URLs with 400 and stores nothing', async () => {
    const [mine] = (await pictures(1)) as [string];
    const existing = await createService({ name: 'Keep Me', images: [mine] });
    const before = await snapshot(t);
    const badLists = [
      ['https://evil.example/x.png'],
      [unknownImage],
      [mine.replace('.webp', '-thumb.webp')],
      ['/uploads/../app.db'],
      [mine, mine],
    ];
    for (const images of badLists) {
      const created = await send('POST', '/api/services', serviceBody({ name: 'Should not exist', images }));
      expect(created.statusCode, JSON.stringify(images)).toBe(400);
      expect(created.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));

      const updated = await send('PUT', `/api/services/${existing.id}/full`, serviceBody({ name: 'Changed', images }));
      expect(updated.statusCode, JSON.stringify(images)).toBe(400);
    }
    // A known image alongside an unknown one: still nothing stored.
    const mixed = await send('POST', '/api/services', serviceBody({ images: [mine, unknownImage] }));
    expect(mixed.statusCode).toBe(400);

    expect(await snapshot(t)).toEqual(before);
    expect(await getService(existing.id)).toEqual(existing);
    expect(await filesExist(mine)).toBe(true);
  });

  it('cannot claim an image that belongs to another service or to a machine', async () => {
    const [owned] = (await pictures(1)) as [string];
    const owner = await createService({ name: 'Owner', images: [owned] });
    const machine = await createMachine(t, token, {}, [await pngFile()]);
    const machineImage = machine.images[0] ?? '';
    const other = await createService({ name: 'Other' });
    const before = await snapshot(t);

    for (const image of [owned, machineImage]) {
      const created = await send('POST', '/api/services', serviceBody({ name: 'Thief', images: [image] }));
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ message: expect.any(String) });
      const updated = await send(
        'PUT',
        `/api/services/${other.id}/full`,
        serviceBody({ name: 'Thief', images: [image] }),
      );
      expect(updated.statusCode).toBe(400);
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await getService(owner.id)).images).toEqual([owned]);
    expect(await getService(other.id)).toEqual(other);
    const machineAfter = (await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).json<{
      images: string[];
    }>();
    expect(machineAfter.images).toEqual([machineImage]);
  });

  it('refuses unknown fields and missing names with 400 and issues', async () => {
    const before = await rowCount(t, 'items');
    const payloads = [
      serviceBody({ price: 5000 }),
      serviceBody({ id: unknownId }),
      serviceBody({ name: '  ' }),
      serviceBody({ description: undefined }),
      serviceBody({ specification: { Duration: '', Engineers: '2' } }),
      serviceBody({ images: 'not-a-list' }),
      serviceBody({ featured: 'true' }),
    ];
    for (const payload of payloads) {
      const response = await send('POST', '/api/services', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    }
    expect(await rowCount(t, 'items')).toBe(before);
  });

  it('answers 404 for unknown ids, leaving an offered image unattached', async () => {
    const [free] = (await pictures(1)) as [string];
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${unknownId}` })).statusCode).toBe(404);
    const full = await send('PUT', `/api/services/${unknownId}/full`, serviceBody({ images: [free] }));
    expect(full.statusCode).toBe(404);
    expect(full.json()).toEqual({ message: expect.any(String) });
    expect((await send('PUT', `/api/services/${unknownId}`, { featured: true })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/services/${unknownId}`)).statusCode).toBe(404);
    const row = await t.ctx.db
      .selectFrom('images')
      .select('item_id')
      .where('id', '=', imageIdOf(free))
      .executeTakeFirst();
    expect(row).toEqual({ item_id: null });
    // Still free: a later service can use it.
    expect((await createService({ images: [free] })).images).toEqual([free]);
  });

  it('refuses every write without a token and changes nothing', async () => {
    const [image] = (await pictures(1)) as [string];
    const service = await createService({ name: 'Guarded' });
    const before = await snapshot(t);
    const attempts = [
      await send('POST', '/api/services', serviceBody({ images: [image] }), false),
      await send('PUT', `/api/services/${service.id}/full`, serviceBody({ name: 'x', images: [image] }), false),
      await send('PUT', `/api/services/${service.id}`, { featured: true }, false),
      await send('DELETE', `/api/services/${service.id}`, undefined, false),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
    expect(await snapshot(t)).toEqual(before);
    expect(await getService(service.id)).toEqual(service);
  });

  it('deletes a service with its image files', async () => {
    const urls = await pictures(2);
    const service = await createService({ images: urls });
    for (const url of urls) expect(await filesExist(url)).toBe(true);
    const response = await send('DELETE', `/api/services/${service.id}`);
    expect(response.statusCode).toBe(204);
    for (const url of urls) expect(await filesGone(url)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/services/${service.id}` })).statusCode).toBe(404);
    const rows = await t.ctx.db.selectFrom('images').select('id').where('item_id', '=', service.id).execute();
    expect(rows).toEqual([]);
  });
});
