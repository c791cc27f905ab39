import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, machineFields, pngFile, sendForm } from '../helpers/items';
import { imageStored, tempFiles } from '../helpers/storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

describe('machines (/api/products)', () => {
  it('creates a machine from multipart with specifications, featured text and image files', async () => {
    const response = await sendForm(
      t,
      token,
      'POST',
      '/api/products',
      machineFields({
        featured: 'true',
        brand: 'Kovai',
        price: '1500000',
        originalPrice: '1750000',
        availability: 'made_to_order',
        leadTimeMinWeeks: '6',
        leadTimeMaxWeeks: '8',
        features: JSON.stringify(['All-geared headstock', 'Hardened bed']),
      }),
      [await pngFile('front.png'), await pngFile('side.png', '#f97316')],
    );
    expect(response.statusCode).toBe(201);
    const machine = response.json<Machine>();
    expect(machine.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(machine).toMatchObject({
      name: 'CL-25 All-Geared Capstan Lathe',
      category: 'machine',
      featured: true,
      brand: 'Kovai',
      price: 1500000,
      originalPrice: 1750000,
      // Only approved reviews rate a machine (decision 051); its own lead time, the default warranty.
      rating: null,
      reviewCount: null,
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: false },
      warranty: { months: 24, isDefault: true },
      features: ['All-geared headstock', 'Hardened bed'],
      specifications: { 'Bar Capacity': '25 mm', 'Spindle Speed': '60-2000 rpm', 'Motor Power': '3 HP' },
    });
    expect(machine.specificationList.map((s) => s.key)).toEqual(['Bar Capacity', 'Spindle Speed', 'Motor Power']);
    expect(machine.images).toHaveLength(2);
    expect(machine.imageUrl).toBe(machine.images[0]);
    expect(machine.media[0]?.thumbnailUrl).toMatch(/-thumb\.webp$/);
    for (const url of machine.images) expect(await imageStored(t, url)).toBe(true);

    const image = await t.app.inject({ method: 'GET', url: machine.images[0] ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it('reads it back by id, in the list, by category and in the featured list', async () => {
    const machine = await createMachine(t, token, { name: 'Featured CNC', featured: 'true' });
    const other = await createMachine(t, token, { name: 'Bar Feeder Unit', category: 'turret-lathe' });

    const one = await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<Machine>().name).toBe('Featured CNC');

    // SPEC §7's category=machine answers every machine, whatever its category (decision 031).
    const everyMachine = (await t.app.inject({ method: 'GET', url: '/api/products?category=machine' })).json<
      Machine[]
    >();
    expect(everyMachine.map((m) => m.id)).toEqual(expect.arrayContaining([machine.id, other.id]));
    const turret = (await t.app.inject({ method: 'GET', url: '/api/products?category=turret-lathe' })).json<
      Machine[]
    >();
    expect(turret.map((m) => m.id)).toContain(other.id);
    expect(turret.map((m) => m.id)).not.toContain(machine.id);

    const all = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Machine[]>();
    expect(all.map((m) => m.id)).toEqual(expect.arrayContaining([machine.id, other.id]));

    const featured = (await t.app.inject({ method: 'GET', url: '/api/products/featured' })).json<Machine[]>();
    expect(featured.every((m) => m.featured)).toBe(true);
    expect(featured.map((m) => m.id)).toContain(machine.id);
  });

  it('updates fully by multipart, keeping chosen images and appending new ones', async () => {
    const machine = await createMachine(t, token, {}, [await pngFile('a.png'), await pngFile('b.png', '#ff0000')]);
    const [first, second] = machine.images as [string, string];
    const response = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${machine.id}`,
      machineFields({ name: 'CL-25 Mark II', keepImages: JSON.stringify([second]) }),
      [await pngFile('c.png', '#00ff00')],
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json<Machine>();
    expect(updated.name).toBe('CL-25 Mark II');
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(second);
    expect(await imageStored(t, first)).toBe(false);
    expect(await imageStored(t, second)).toBe(true);
  });

  it('answers each write with the item as a read of it then shows it, a machine with the parts that fit it', async () => {
    const machine = await createMachine(t, token, { name: 'Answer Check Lathe', code: 'ACL-1' });
    const part = await createPart(t, token, { name: 'Answer Check Collet', fits: JSON.stringify([machine.id]) });
    const read = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).json<unknown>();

    const renamed = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, { name: 'Answer Check Lathe II' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Machine>().partsThatFit?.map((fitting) => fitting.name)).toEqual(['Answer Check Collet']);
    expect(renamed.json()).toEqual(await read(`/api/products/${machine.id}`));

    const featured = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${machine.id}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(featured.json()).toEqual(await read(`/api/products/${machine.id}`));

    const partSaved = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { price: '1234' });
    expect(partSaved.statusCode).toBe(200);
    expect(partSaved.json()).toEqual(await read(`/api/spareparts/${part.id}`));
  });

  it('switches only the featured flag with a JSON PUT', async () => {
    const machine = await createMachine(t, token);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${machine.id}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Machine>()).toMatchObject({ featured: true, name: machine.name });

    const extra = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${machine.id}`,
      headers: bearer(token),
      payload: { featured: false, name: 'hijack' },
    });
    expect(extra.statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).json<Machine>();
    expect(after).toMatchObject({ featured: true, name: machine.name });
  });

  it('deletes a machine and its image files', async () => {
    const machine = await createMachine(t, token, {}, [await pngFile()]);
    const url = machine.images[0] ?? '';
    expect(await imageStored(t, url)).toBe(true);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${machine.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect(await imageStored(t, url)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and issues, and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Machine[]>().length;
    const cases: Record<string, string>[] = [
      machineFields({ name: '   ' }),
      machineFields({ specifications: JSON.stringify({ 'Bar Capacity': '25 mm' }) }),
      machineFields({ specifications: JSON.stringify({ 'Bar Capacity': '25 mm', Speed: '' }) }),
      machineFields({ specifications: 'not json' }),
      machineFields({ price: '-5' }),
      machineFields({ isAdmin: 'true' }),
    ];
    for (const fields of cases) {
      const response = await sendForm(t, token, 'POST', '/api/products', fields, [await pngFile()]);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(typeof response.json<{ message: string }>().message).toBe('string');
    }
    const twoSpecs = await sendForm(t, token, 'POST', '/api/products', machineFields({ specifications: '{"A":"1"}' }));
    expect(twoSpecs.json()).toMatchObject({
      message: 'Please provide at least 2 complete specifications (key and value).',
      issues: [expect.objectContaining({ path: ['specifications'] })],
    });
    const after = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<Machine[]>().length;
    expect(after).toBe(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${unknown}` })).statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/products/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('issues');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${unknown}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(put.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${unknown}`, headers: bearer(token) })).statusCode,
    ).toBe(404);
  });

  it('refuses every write without a valid token and changes nothing', async () => {
    const machine = await createMachine(t, token);
    const attempts = [
      await sendForm(t, null, 'POST', '/api/products', machineFields()),
      await sendForm(t, null, 'PUT', `/api/products/${machine.id}`, machineFields({ name: 'x' })),
      await t.app.inject({ method: 'PUT', url: `/api/products/${machine.id}`, payload: { featured: true } }),
      await t.app.inject({ method: 'DELETE', url: `/api/products/${machine.id}` }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${machine.id}`,
        headers: { authorization: 'Bearer forged-token-forged-token-forged' },
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
    const after = (await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).json<Machine>();
    expect(after).toMatchObject({ name: machine.name, featured: false });
  });
});
