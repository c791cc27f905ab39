import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, Machine, MachineCategory, Service, SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, machineFields, partFields, sendForm } from '../helpers/items';
import { signInAs, wholeState } from '../helpers/staff';

// The catalogue model (decision 031) through the API: codes, typed specifications, fits, machine categories.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const get = async <T>(url: string) => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return { body: response.json<T>(), total: Number(response.headers['x-total-count']) };
};
const getMachine = async (id: string) => (await get<Machine>(`/api/products/${id}`)).body;
const getPart = async (id: string) => (await get<SparePart>(`/api/spareparts/${id}`)).body;
const partNames = async (query: string) =>
  (await get<SparePart[]>(`/api/spareparts?${query}`)).body.map((part) => part.name);

const typedSpecs = JSON.stringify([
  { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
  { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
  { key: 'Weight', value: '', number: 100000, unit: 'kg' },
  { key: 'Type', value: 'All geared' },
]);

describe('codes', () => {
  it('stores a code on every kind and answers it in details and list entries', async () => {
    const machine = await createMachine(t, token, { name: 'NP-38 Capstan', code: ' NP-38 ' });
    const part = await createPart(t, token, { name: 'Collet 25', code: 'NP38-COL-25' });
    const service = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Reconditioning', description: 'Full rebuild.', code: 'SVC-REC-01' },
    });
    expect(service.statusCode).toBe(201);
    expect(service.json<Service>().code).toBe('SVC-REC-01');

    expect((await getMachine(machine.id)).code).toBe('NP-38');
    expect((await getPart(part.id)).code).toBe('NP38-COL-25');
    const list = (await get<SparePart[]>('/api/spareparts')).body;
    expect(list.find((entry) => entry.id === part.id)?.code).toBe('NP38-COL-25');
    const uncoded = await createPart(t, token, { name: 'Uncoded part' });
    expect((await getPart(uncoded.id)).code).toBeNull();
  });

  it('refuses a duplicate code of the same kind, ignoring case, with the contract message; other kinds may share it', async () => {
    const before = await wholeState(t);
    const duplicate = await sendForm(t, token, 'POST', '/api/spareparts', partFields({ code: 'np38-col-25' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ message: 'A spare part with code np38-col-25 already exists.' });
    const machine = await sendForm(t, token, 'POST', '/api/products', machineFields({ code: 'np-38' }));
    expect(machine.statusCode).toBe(409);
    expect(machine.json().message).toBe('A machine with code np-38 already exists.');
    expect(await wholeState(t)).toEqual(before);

    // Another kind may use it: a part numbered like a machine is not the machine.
    const shared = await sendForm(t, token, 'POST', '/api/spareparts', partFields({ name: 'Shared', code: 'NP-38' }));
    expect(shared.statusCode).toBe(201);

    const other = await createPart(t, token, { name: 'Other part', code: 'OTHER-1' });
    const clash = await sendForm(t, token, 'PUT', `/api/spareparts/${other.id}/full`, { code: 'NP38-COL-25' });
    expect(clash.statusCode).toBe(409);
    expect((await getPart(other.id)).code).toBe('OTHER-1');
    // Its own code in another case is not a clash with itself.
    const recase = await sendForm(t, token, 'PUT', `/api/spareparts/${other.id}/full`, { code: 'other-1' });
    expect(recase.statusCode).toBe(200);
    expect(recase.json<SparePart>().code).toBe('other-1');
  });

  it('refuses a code with other characters or over 40 characters, changing nothing', async () => {
    const before = await wholeState(t);
    for (const code of ['NP38;COL', 'X'.repeat(41), 'NP38<b>']) {
      const response = await sendForm(t, token, 'POST', '/api/spareparts', partFields({ code }));
      expect(response.statusCode, code).toBe(400);
    }
    expect(await wholeState(t)).toEqual(before);
  });

  it('an update without code keeps it; an empty code clears it', async () => {
    const part = await createPart(t, token, { name: 'Keeps code', code: 'KEEP-1' });
    const renamed = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { name: 'Keeps code 2' });
    expect(renamed.json<SparePart>()).toMatchObject({ name: 'Keeps code 2', code: 'KEEP-1' });
    const cleared = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { code: '' });
    expect(cleared.json<SparePart>()).toMatchObject({ name: 'Keeps code 2', code: null });
    // The code is free again.
    expect((await sendForm(t, token, 'POST', '/api/spareparts', partFields({ code: 'KEEP-1' }))).statusCode).toBe(201);
  });

  it('search finds a code exactly and by its beginning, not by its middle', async () => {
    expect(await partNames('q=NP38-COL-25')).toEqual(['Collet 25']);
    expect(await partNames('q=np38-col')).toEqual(['Collet 25']);
    expect(await partNames('q=COL-25')).toEqual([]);
  });
});

describe('typed specifications', () => {
  it('stores number and unit, returns them in specificationList and the printed text in the SPEC map', async () => {
    const machine = await createMachine(t, token, { name: 'Typed machine', specifications: typedSpecs });
    const stored = await getMachine(machine.id);
    expect(stored.specificationList).toEqual([
      { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
      { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
      { key: 'Weight', value: '', number: 100000, unit: 'kg' },
      { key: 'Type', value: 'All geared' },
    ]);
    expect(stored.specifications).toEqual({
      'Bar capacity': '38 mm',
      'Spindle speed': '2,000 rpm (max)',
      Weight: '1,00,000 kg',
      Type: 'All geared',
    });
    const part = await createPart(t, token, {
      name: 'Typed part',
      specifications: JSON.stringify([
        { key: 'Bore', number: '25.5', unit: 'mm' },
        { key: 'Angle', number: 45, unit: '°' },
      ]),
    });
    expect((await getPart(part.id)).specs).toEqual({ Bore: '25.5 mm', Angle: '45°' });
  });

  it('an update without specifications keeps the typed rows', async () => {
    const machine = await createMachine(t, token, { name: 'Typed keep', specifications: typedSpecs });
    const before = await getMachine(machine.id);
    const response = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, { name: 'Typed keep 2' });
    expect(response.statusCode).toBe(200);
    expect(response.json<Machine>().specificationList).toEqual(before.specificationList);
  });

  it('refuses a unit outside the list, changing nothing', async () => {
    const before = await wholeState(t);
    const response = await sendForm(
      t,
      token,
      'POST',
      '/api/products',
      machineFields({
        specifications: JSON.stringify([
          { key: 'Bore', number: 25, unit: 'cm' },
          { key: 'Type', value: 'x' },
        ]),
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(await wholeState(t)).toEqual(before);
  });
});

describe('fits', () => {
  let np38: string;
  let np50: string;
  let alpha: string;

  beforeAll(async () => {
    np38 = (await createMachine(t, token, { name: 'Fits NP-38', code: 'FIT-NP-38', price: '1500000' })).id;
    np50 = (await createMachine(t, token, { name: 'Fits NP-50', code: 'FIT-NP-50' })).id;
    alpha = (await createMachine(t, token, { name: 'Alpha turret', code: 'FIT-ALPHA' })).id;
  });

  it('stores the machines a part fits and answers them in the machines’ name order', async () => {
    const part = await createPart(t, token, {
      name: 'Fits collet',
      code: 'FIT-COL',
      fits: JSON.stringify([np50, alpha, np38]),
    });
    expect((await getPart(part.id)).fits).toEqual([alpha, np38, np50]);
    const entry = (await get<SparePart[]>('/api/spareparts?q=fits%20collet')).body[0];
    expect(entry?.fits).toEqual([alpha, np38, np50]);
  });

  it('refuses an unknown machine (or a part id) in fits, changing nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const before = await wholeState(t);
    const response = await sendForm(
      t,
      token,
      'POST',
      '/api/spareparts',
      partFields({ fits: JSON.stringify([np38, unknown]) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: `Unknown machine in fits: ${unknown}` });
    const aPart = (await get<SparePart[]>('/api/spareparts?q=fits%20collet')).body[0]?.id ?? '';
    const notMachine = await sendForm(
      t,
      token,
      'POST',
      '/api/spareparts',
      partFields({ fits: JSON.stringify([aPart]) }),
    );
    expect(notMachine.json()).toEqual({ message: `Unknown machine in fits: ${aPart}` });
    expect(await wholeState(t)).toEqual(before);
  });

  it('lists the parts that fit a machine with ?machine= and on the machine’s details', async () => {
    await createPart(t, token, { name: 'Fits bearing', code: 'FIT-BRG', price: '950', fits: JSON.stringify([np38]) });
    await createPart(t, token, { name: 'Fits pulley', fits: JSON.stringify([np50]) });
    expect(await partNames(`machine=${np38}`)).toEqual(['Fits bearing', 'Fits collet']);
    expect(await partNames(`machine=${np38}&q=bearing`)).toEqual(['Fits bearing']);
    expect((await get<SparePart[]>(`/api/spareparts?machine=${np50}`)).total).toBe(2);

    const details = await getMachine(np38);
    expect(details.partsThatFit).toEqual([
      { id: expect.any(String), name: 'Fits bearing', code: 'FIT-BRG', price: 950 },
      { id: expect.any(String), name: 'Fits collet', code: 'FIT-COL', price: 1850 },
    ]);
    // Lists leave the parts out: they are for the details page.
    const entry = (await get<Machine[]>('/api/products?q=fits%20np-38')).body[0];
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty('partsThatFit');
  });

  it('shows the first 50 parts that fit a machine on its details, in name order, with their Tamil and Hindi names', async () => {
    const machine = await createMachine(t, token, { name: 'Many-parts lathe', code: 'FIT-MANY' });
    // Created out of order: numbers in names count by value ("Part 9" before "Part 10").
    const numbers = Array.from({ length: 55 }, (_, n) => ((n * 23) % 55) + 1);
    for (const number of numbers) {
      await createPart(t, token, {
        name: `Many part ${number}`,
        code: `MANY-${number}`,
        fits: JSON.stringify([machine.id]),
        ...(number === 7 ? { translations: JSON.stringify({ ta: { name: 'பகுதி 7' }, hi: { name: 'पुर्जा 7' } }) } : {}),
      });
    }
    const parts = (await getMachine(machine.id)).partsThatFit ?? [];
    expect(parts.map((part) => part.name)).toEqual(Array.from({ length: 50 }, (_, n) => `Many part ${n + 1}`));
    expect(parts[6]).toEqual({
      id: expect.any(String),
      name: 'Many part 7',
      code: 'MANY-7',
      price: 1850,
      translations: { ta: { name: 'பகுதி 7' }, hi: { name: 'पुर्जा 7' } },
    });
    expect(parts[0]).not.toHaveProperty('translations');
  });

  it('an update without fits keeps them; [] clears them', async () => {
    const part = await createPart(t, token, { name: 'Fits keep', fits: JSON.stringify([np38, np50]) });
    const renamed = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { name: 'Fits keep 2' });
    expect(renamed.json<SparePart>().fits).toEqual([np38, np50]);
    const changed = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, {
      fits: JSON.stringify([alpha]),
    });
    expect(changed.json<SparePart>().fits).toEqual([alpha]);
    const cleared = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { fits: '[]' });
    expect(cleared.json<SparePart>()).toMatchObject({ name: 'Fits keep 2', fits: [] });
  });

  it('deleting a machine removes it from every part’s fits', async () => {
    const gone = (await createMachine(t, token, { name: 'Fits doomed' })).id;
    const part = await createPart(t, token, { name: 'Fits survivor', fits: JSON.stringify([gone, np38]) });
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${gone}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(204);
    expect((await getPart(part.id)).fits).toEqual([np38]);
    expect((await get<SparePart[]>(`/api/spareparts?machine=${gone}`)).total).toBe(0);
  });
});

describe('machine categories', () => {
  const categories = async () => (await get<MachineCategory[]>('/api/machine-categories')).body;
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>, as = token) =>
    t.app.inject(
      payload === undefined ? { method, url, headers: bearer(as) } : { method, url, headers: bearer(as), payload },
    );

  it('lists the seeded categories in order with their machine counts', async () => {
    await createMachine(t, token, { name: 'Cat capstan', category: 'capstan-lathe' });
    const list = await categories();
    expect(list.slice(0, 3).map(({ slug, name }) => ({ slug, name }))).toEqual([
      { slug: 'capstan-lathe', name: 'Capstan lathe' },
      { slug: 'cnc-lathe', name: 'CNC lathe / turning centre' },
      { slug: 'turret-lathe', name: 'Turret lathe' },
    ]);
    expect(list.find((c) => c.slug === 'capstan-lathe')?.machineCount).toBe(1);
    // The cached answer moves on with the next machine write.
    await createMachine(t, token, { name: 'Cat capstan 2', category: 'capstan-lathe' });
    expect((await categories()).find((c) => c.slug === 'capstan-lathe')?.machineCount).toBe(2);
  });

  it('staff create (slug from the name), rename and delete a category, each audited', async () => {
    const created = await send('POST', '/api/machine-categories', { name: 'Bar feeders & loaders' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ slug: 'bar-feeders-loaders', name: 'Bar feeders & loaders', machineCount: 0 });

    const machine = await createMachine(t, token, { name: 'Cat feeder', category: 'bar-feeders-loaders' });
    expect((await getMachine(machine.id)).category).toBe('bar-feeders-loaders');
    expect((await get<Machine[]>('/api/products?category=bar-feeders-loaders')).body.map((m) => m.id)).toEqual([
      machine.id,
    ]);

    const renamed = await send('PUT', '/api/machine-categories/bar-feeders-loaders', { name: 'Bar feeders' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ slug: 'bar-feeders-loaders', name: 'Bar feeders', machineCount: 1 });

    const refused = await send('DELETE', '/api/machine-categories/bar-feeders-loaders');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Bar feeders still has 1 machine; move them to another category first.');
    expect((await categories()).some((c) => c.slug === 'bar-feeders-loaders')).toBe(true);

    expect(
      (await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, { category: 'turret-lathe' })).statusCode,
    ).toBe(200);
    expect((await send('DELETE', '/api/machine-categories/bar-feeders-loaders')).statusCode).toBe(204);
    expect((await categories()).some((c) => c.slug === 'bar-feeders-loaders')).toBe(false);

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/activity?limit=20', headers: bearer(token) });
    const actions = audit
      .json<AuditPage>()
      .entries.filter((entry) => entry.target?.type === 'category')
      .map((entry) => [entry.action, entry.changes?.name]);
    expect(actions).toEqual([
      ['category.delete', { before: 'Bar feeders', after: null }],
      ['category.update', { before: 'Bar feeders & loaders', after: 'Bar feeders' }],
      ['category.create', { before: null, after: 'Bar feeders & loaders' }],
    ]);
  });

  it('refuses a duplicate name, the reserved `machine`, an empty name and an unknown slug, changing nothing', async () => {
    const before = await wholeState(t);
    expect((await send('POST', '/api/machine-categories', { name: 'turret LATHE' })).statusCode).toBe(409);
    expect((await send('POST', '/api/machine-categories', { name: 'Turret-lathe!' })).statusCode).toBe(409);
    expect((await send('POST', '/api/machine-categories', { name: 'Machine' })).statusCode).toBe(400);
    expect((await send('POST', '/api/machine-categories', { name: '  ' })).statusCode).toBe(400);
    expect((await send('PUT', '/api/machine-categories/cnc-lathe', { name: 'Capstan lathe' })).statusCode).toBe(409);
    expect((await send('PUT', '/api/machine-categories/nothing', { name: 'X' })).statusCode).toBe(404);
    expect((await send('DELETE', '/api/machine-categories/nothing')).statusCode).toBe(404);
    expect(await wholeState(t)).toEqual(before);
  });

  it('a machine in an unknown category is refused; the old default `machine` stays valid', async () => {
    const refused = await sendForm(t, token, 'POST', '/api/products', machineFields({ category: 'lathes' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Unknown machine category: lathes');
    const plain = await createMachine(t, token, { name: 'Cat default' });
    expect((await getMachine(plain.id)).category).toBe('machine');
  });

  it('needs a signed-in editor: no token 401, a sales account 403', async () => {
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/machine-categories', payload: { name: 'Anon' } });
    expect(anonymous.statusCode).toBe(401);
    const sales = await signInAs(t, 'sales');
    expect((await send('POST', '/api/machine-categories', { name: 'Sales cat' }, sales.token)).statusCode).toBe(403);
    expect((await send('DELETE', '/api/machine-categories/cnc-lathe', undefined, sales.token)).statusCode).toBe(403);
    const editor = await signInAs(t, 'editor');
    expect((await send('POST', '/api/machine-categories', { name: 'Editor cat' }, editor.token)).statusCode).toBe(201);
  });
});
