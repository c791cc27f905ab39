import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, pngFile, sendForm, uploadImages } from '../helpers/items';

// An update leaves every field it does not send unchanged, existing images included;
// an explicit empty value clears an optional field (decision 011).

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const get = async <T>(url: string): Promise<T> => (await t.app.inject({ method: 'GET', url })).json<T>();

/** Everything a visitor or an editor sees of an item, without the version stamp an update moves. */
function content<T extends { updatedAt: string }>(item: T): Omit<T, 'updatedAt'> {
  const { updatedAt: _updatedAt, ...rest } = item;
  return rest;
}

const fullMachine = {
  name: 'NP-38 Capstan Lathe',
  description: 'All-geared capstan lathe for bar work up to 38 mm.',
  category: 'capstan-lathe',
  specifications: JSON.stringify({ 'Bar Capacity': '38 mm', 'Spindle Speed': '60-1800 rpm' }),
  featured: 'true',
  brand: 'Kovai',
  price: '1850000',
  originalPrice: '2100000',
  availability: 'made_to_order',
  leadTimeMinWeeks: '6',
  leadTimeMaxWeeks: '8',
  warrantyMonths: '18',
  features: JSON.stringify(['Hardened and ground bed', 'Six-station turret']),
};

// Codes are unique per kind, and every test makes its own item.
let made = 0;

async function machineWithEverything(): Promise<Machine> {
  made += 1;
  const created = await createMachine(t, token, { ...fullMachine, code: `NP-38/${made}` }, [
    await pngFile('front.png'),
    await pngFile('side.png'),
  ]);
  return get<Machine>(`/api/products/${created.id}`);
}

describe('machine updates keep what they do not send', () => {
  const changes: Record<string, { send: string; expect: Partial<Machine> }> = {
    name: { send: 'NP-38 Mk II', expect: { name: 'NP-38 Mk II' } },
    description: { send: 'Rebuilt headstock.', expect: { description: 'Rebuilt headstock.' } },
    category: { send: 'turret-lathe', expect: { category: 'turret-lathe' } },
    code: { send: 'NP-38-MK2', expect: { code: 'NP-38-MK2' } },
    specifications: {
      send: JSON.stringify({ 'Bar Capacity': '40 mm', Weight: '1.2 t' }),
      expect: { specifications: { 'Bar Capacity': '40 mm', Weight: '1.2 t' } },
    },
    featured: { send: 'false', expect: { featured: false } },
    brand: { send: 'Kovai Precision', expect: { brand: 'Kovai Precision' } },
    price: { send: '1900000', expect: { price: 1900000 } },
    originalPrice: { send: '2200000', expect: { originalPrice: 2200000 } },
    availability: {
      send: 'in_stock',
      expect: { availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: false } },
    },
    warrantyMonths: { send: '36', expect: { warranty: { months: 36, isDefault: false } } },
    features: {
      send: JSON.stringify(['Six-station turret', 'Coolant pump']),
      expect: { features: ['Six-station turret', 'Coolant pump'] },
    },
  };

  for (const [field, change] of Object.entries(changes)) {
    it(`a multipart update of only ${field} changes ${field} and nothing else`, async () => {
      const before = await machineWithEverything();
      const response = await sendForm(t, token, 'PUT', `/api/products/${before.id}`, { [field]: change.send });
      expect(response.statusCode, response.body).toBe(200);
      const after = await get<Machine>(`/api/products/${before.id}`);
      expect(content(after)).toEqual({ ...content(before), ...change.expect, ...specificationListOf(change.expect) });
    });
  }

  it("the spec's multipart fields alone keep brand, prices, availability, warranty, features and images", async () => {
    const before = await machineWithEverything();
    const response = await sendForm(t, token, 'PUT', `/api/products/${before.id}`, {
      name: before.name,
      description: 'Only the description changed.',
      category: before.category,
      specifications: JSON.stringify(before.specifications),
      featured: String(before.featured),
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await get<Machine>(`/api/products/${before.id}`);
    expect(content(after)).toEqual({ ...content(before), description: 'Only the description changed.' });
    expect(after.images).toHaveLength(2);
  });

  it('an explicit empty value clears an optional field; an empty category is the default one', async () => {
    const before = await machineWithEverything();
    const response = await sendForm(t, token, 'PUT', `/api/products/${before.id}`, {
      brand: '',
      price: '',
      originalPrice: '',
      availability: '',
      warrantyMonths: '',
      features: '[]',
      category: '',
      code: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await get<Machine>(`/api/products/${before.id}`);
    expect(content(after)).toEqual({
      ...content(before),
      brand: null,
      price: null,
      originalPrice: null,
      // Back to the machines' defaults (site settings), said to be defaults.
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 }, isDefault: true },
      warranty: { months: 24, isDefault: true },
      features: [],
      category: 'machine',
      code: null,
    });

    const emptiedFeatures = await sendForm(t, token, 'PUT', `/api/products/${before.id}`, { features: '' });
    expect(emptiedFeatures.statusCode, emptiedFeatures.body).toBe(200);
  });

  it('refuses to empty a required field and changes nothing', async () => {
    const before = await machineWithEverything();
    const refused: Record<string, string>[] = [
      { name: '' },
      { description: '  ' },
      { specifications: JSON.stringify({ Only: 'one' }) },
      { rating: '6' },
      // Ratings come from approved reviews only (decision 051).
      { rating: '4.5' },
      { reviewCount: '12' },
      { availability: 'made_to_order' },
      { availability: 'made_to_order', leadTimeMinWeeks: '8', leadTimeMaxWeeks: '6' },
      { leadTimeMinWeeks: '3' },
      { availability: 'in_stock', leadTimeMinWeeks: '2', leadTimeMaxWeeks: '3' },
      { availability: 'sometimes' },
      { warrantyMonths: '-1' },
      { warrantyMonths: '2.5' },
      { price: '-1' },
      { unknown: 'x' },
    ];
    for (const fields of refused) {
      const response = await sendForm(t, token, 'PUT', `/api/products/${before.id}`, fields);
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    expect(await get<Machine>(`/api/products/${before.id}`)).toEqual(before);
  });
});

/** A machine's ordered specification list follows its map when a test changes the map. */
function specificationListOf(expected: Partial<Machine>): Partial<Machine> {
  if (!expected.specifications) return {};
  return {
    specificationList: Object.entries(expected.specifications).map(([key, value]) => ({ key, value })),
  };
}

describe('spare part updates keep what they do not send', () => {
  let machineIds: string[] = [];
  beforeAll(async () => {
    machineIds = [
      (await createMachine(t, token, { name: 'Fits A' })).id,
      (await createMachine(t, token, { name: 'Fits B' })).id,
    ];
  });

  async function partWithEverything(): Promise<SparePart> {
    made += 1;
    const created = await createPart(
      t,
      token,
      {
        price: '1850',
        featured: 'true',
        code: `NP38-COL/${made}`,
        fits: JSON.stringify(machineIds),
        availability: 'made_to_order',
        leadTimeMinWeeks: '2',
        leadTimeMaxWeeks: '3',
        warrantyMonths: '6',
      },
      [await pngFile('collet.png')],
    );
    return get<SparePart>(`/api/spareparts/${created.id}`);
  }

  const changes: Record<string, { send: string; expect: Partial<SparePart> }> = {
    name: { send: 'Collet 22 mm', expect: { name: 'Collet 22 mm' } },
    description: { send: 'Now in EN-47.', expect: { description: 'Now in EN-47.' } },
    price: { send: '1990', expect: { price: 1990 } },
    featured: { send: 'false', expect: { featured: false } },
    code: { send: 'NP38-COL-MK2', expect: { code: 'NP38-COL-MK2' } },
    availability: {
      send: '',
      expect: { availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true } },
    },
    warrantyMonths: { send: '0', expect: { warranty: { months: 0, isDefault: false } } },
  };

  for (const [field, change] of Object.entries(changes)) {
    it(`a multipart update of only ${field} changes ${field} and nothing else`, async () => {
      const before = await partWithEverything();
      expect(before.fits).toHaveLength(2);
      const response = await sendForm(t, token, 'PUT', `/api/spareparts/${before.id}/full`, { [field]: change.send });
      expect(response.statusCode, response.body).toBe(200);
      expect(content(await get<SparePart>(`/api/spareparts/${before.id}`))).toEqual({
        ...content(before),
        ...change.expect,
      });
    });
  }

  it('specifications (or specs) alone replace the list and keep the rest, images included', async () => {
    const before = await partWithEverything();
    for (const field of ['specifications', 'specs']) {
      const response = await sendForm(t, token, 'PUT', `/api/spareparts/${before.id}/full`, {
        [field]: JSON.stringify({ Bore: '22 mm', Material: 'EN-47' }),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(content(await get<SparePart>(`/api/spareparts/${before.id}`))).toEqual({
        ...content(before),
        specs: { Bore: '22 mm', Material: 'EN-47' },
        specificationList: [
          { key: 'Bore', value: '22 mm' },
          { key: 'Material', value: 'EN-47' },
        ],
      });
    }
  });

  it('fits alone replace the machines and keep the rest; [] clears them', async () => {
    const before = await partWithEverything();
    const one = await sendForm(t, token, 'PUT', `/api/spareparts/${before.id}/full`, {
      fits: JSON.stringify([machineIds[1]]),
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(content(await get<SparePart>(`/api/spareparts/${before.id}`))).toEqual({
      ...content(before),
      fits: [machineIds[1]],
    });
    await sendForm(t, token, 'PUT', `/api/spareparts/${before.id}/full`, { fits: '[]' });
    expect(content(await get<SparePart>(`/api/spareparts/${before.id}`))).toEqual({ ...content(before), fits: [] });
  });

  it('an empty price clears it; an empty name is refused and changes nothing', async () => {
    const before = await partWithEverything();
    const refused = await sendForm(t, token, 'PUT', `/api/spareparts/${before.id}/full`, { name: '', price: '' });
    expect(refused.statusCode).toBe(400);
    expect(await get<SparePart>(`/api/spareparts/${before.id}`)).toEqual(before);

    const cleared = await sendForm(t, token, 'PUT', `/api/spareparts/${before.id}/full`, { price: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(content(await get<SparePart>(`/api/spareparts/${before.id}`))).toEqual({ ...content(before), price: null });
  });
});

describe('service updates keep what they do not send', () => {
  async function serviceWithEverything(): Promise<Service> {
    const images = await uploadImages(t, token, [await pngFile('a.png'), await pngFile('b.png', '#f97316')]);
    made += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: {
        name: 'On-site Installation',
        description: 'Levelling, alignment and a trial run.',
        specification: { Duration: '2-3 days', Engineers: '2' },
        images,
        featured: true,
        code: `SVC-INS-${made}`,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Service>();
  }

  const put = (id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/services/${id}/full`, headers: bearer(token), payload });

  const changes: Record<string, { send: unknown; expect: Partial<Service> }> = {
    name: { send: 'Installation & Commissioning', expect: { name: 'Installation & Commissioning' } },
    description: { send: 'Now with operator training.', expect: { description: 'Now with operator training.' } },
    featured: { send: false, expect: { featured: false } },
    code: { send: 'SVC-INS-MK2', expect: { code: 'SVC-INS-MK2' } },
    specification: {
      send: { Duration: '4 days' },
      expect: { specification: { Duration: '4 days' }, specificationList: [{ key: 'Duration', value: '4 days' }] },
    },
  };

  for (const [field, change] of Object.entries(changes)) {
    it(`an update of only ${field} changes ${field} and keeps the rest, images included`, async () => {
      const before = await serviceWithEverything();
      const response = await put(before.id, { [field]: change.send });
      expect(response.statusCode, response.body).toBe(200);
      expect(content(await get<Service>(`/api/services/${before.id}`))).toEqual({
        ...content(before),
        ...change.expect,
      });
    });
  }

  it('a null code clears it and keeps the rest', async () => {
    const before = await serviceWithEverything();
    expect((await put(before.id, { code: null })).statusCode).toBe(200);
    expect(content(await get<Service>(`/api/services/${before.id}`))).toEqual({ ...content(before), code: null });
  });

  it('an explicit empty list clears specifications or images; null clears specifications', async () => {
    const before = await serviceWithEverything();
    expect((await put(before.id, { specification: null })).statusCode).toBe(200);
    expect(content(await get<Service>(`/api/services/${before.id}`))).toEqual({
      ...content(before),
      specification: {},
      specificationList: [],
    });
    expect((await put(before.id, { images: [] })).statusCode).toBe(200);
    const after = await get<Service>(`/api/services/${before.id}`);
    expect(after.images).toEqual([]);
    expect(after.name).toBe(before.name);
  });

  it('refuses an empty name and changes nothing', async () => {
    const before = await serviceWithEverything();
    const response = await put(before.id, { name: ' ' });
    expect(response.statusCode).toBe(400);
    expect(await get<Service>(`/api/services/${before.id}`)).toEqual(before);
  });
});
