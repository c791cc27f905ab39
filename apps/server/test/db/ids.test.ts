import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, partFields, sendForm } from '../helpers/items';

let t: TestApp;
let token: string;
let machineId: string;
let partId: string;
let serviceId: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machineId = (await createMachine(t, token, { name: 'ID Machine' })).id;
  partId = (await createPart(t, token, { name: 'ID Part' })).id;
  const service = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: { name: 'ID Service', description: 'A service.' },
  });
  if (service.statusCode !== 201) throw new Error(`create service: ${service.statusCode} ${service.body}`);
  serviceId = service.json<{ id: string }>().id;
});
afterAll(async () => t.close());

const collections = ['products', 'services', 'spareparts'] as const;
type Collection = (typeof collections)[number];
const owner = (): Record<Collection, string> => ({ products: machineId, services: serviceId, spareparts: partId });
const get = (collection: Collection, id: string) => t.app.inject({ method: 'GET', url: `/api/${collection}/${id}` });

describe('ids across machines, spare parts and services', () => {
  it('gives each item a distinct UUID', () => {
    for (const id of [machineId, partId, serviceId]) expect(id).toMatch(UUID);
    expect(new Set([machineId, partId, serviceId]).size).toBe(3);
  });

  it('finds each id only in its own collection', async () => {
    for (const collection of collections) {
      for (const [kind, id] of Object.entries(owner())) {
        const response = await get(collection, id);
        const expected = kind === collection ? 200 : 404;
        expect(response.statusCode, `GET /api/${collection}/{${kind} id}`).toBe(expected);
        if (expected === 200) expect(response.json<{ id: string }>().id).toBe(id);
        else expect(response.json()).toEqual({ message: expect.any(String) });
      }
    }
  });

  it('resolves the details screen order (products, then services, then spare parts) to one item', async () => {
    for (const [kind, id] of Object.entries(owner())) {
      const found: string[] = [];
      for (const collection of ['products', 'services', 'spareparts'] as const) {
        if ((await get(collection, id)).statusCode === 200) found.push(collection);
      }
      expect(found, kind).toEqual([kind]);
    }
  });

  it('never writes across kinds: featured, full update and delete answer 404 and change nothing', async () => {
    const featured = [
      ['products', partId],
      ['products', serviceId],
      ['spareparts', machineId],
      ['spareparts', serviceId],
      ['services', machineId],
      ['services', partId],
    ] as const;
    for (const [collection, id] of featured) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/${collection}/${id}`,
        headers: bearer(token),
        payload: { featured: true },
      });
      expect(response.statusCode, `PUT /api/${collection}/${id}`).toBe(404);
    }

    expect((await sendForm(t, token, 'PUT', `/api/spareparts/${machineId}/full`, partFields())).statusCode).toBe(404);
    expect(
      (await sendForm(t, token, 'PUT', `/api/products/${partId}`, partFields({ category: 'machine' }))).statusCode,
    ).toBe(404);
    const serviceFull = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${machineId}/full`,
      headers: bearer(token),
      payload: { name: 'Hijacked', description: 'x' },
    });
    expect(serviceFull.statusCode).toBe(404);

    for (const [collection, id] of featured) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/${collection}/${id}`,
        headers: bearer(token),
      });
      expect(response.statusCode, `DELETE /api/${collection}/${id}`).toBe(404);
    }

    const machine = (await get('products', machineId)).json<{ name: string; featured: boolean }>();
    const part = (await get('spareparts', partId)).json<{ name: string; featured: boolean }>();
    const service = (await get('services', serviceId)).json<{ name: string; featured: boolean }>();
    expect(machine).toMatchObject({ name: 'ID Machine', featured: false });
    expect(part).toMatchObject({ name: 'ID Part', featured: false });
    expect(service).toMatchObject({ name: 'ID Service', featured: false });
  });
});
