import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CatalogueFacets, Specification } from '@capstan/shared';
import { bumpCatalogueRevision } from '../../src/modules/catalogue/catalogue-revision-bump';
import { insertItem, type ItemFields } from '../../src/modules/catalogue/catalogue.repository';
import type { ItemKind } from '../../src/db/schema';
import { createPart } from '../helpers/items';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

const typed = (key: string, number: number, unit: Specification['unit'], value = ''): Specification => ({
  key,
  value,
  number,
  unit,
});

async function insert(kind: ItemKind, label: string, fields: Partial<ItemFields> & { name: string }) {
  const id = randomUUID();
  ids[label] = id;
  await insertItem(
    t.ctx.db,
    id,
    kind,
    { description: '', featured: false, specifications: [], ...fields },
    new Date().toISOString(),
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await insert('machine', 'np38', {
    name: 'Capstan Lathe NP-38',
    code: 'NP-38',
    category: 'capstan-lathe',
    price: 650_000,
    specifications: [typed('Bar capacity', 38, 'mm'), typed('Motor power', 3, 'HP')],
  });
  await insert('machine', 'np50', {
    name: 'Capstan Lathe NP-50',
    code: 'NP-50',
    category: 'capstan-lathe',
    specifications: [typed('Bar Capacity', 50, 'mm'), typed('Motor power', 3.7, 'kW')],
  });
  await insert('machine', 'cnc', {
    name: 'Kovai Turning Centre',
    code: 'KTC-65',
    category: 'cnc-lathe',
    // Entered in inches: filtered and faceted in mm, the unit most machines use for this key.
    specifications: [typed('Bar capacity', 2.5, 'inch'), { key: 'Control', value: 'Fanuc 0i' }],
  });
  await insert('machine', 'old', {
    name: 'Old Lathe',
    category: 'machine',
    specifications: [{ key: 'Bar capacity', value: 'about 30 mm' }],
  });

  await insert('spare', 'collet', {
    name: 'Spring Collet 25 mm',
    code: 'NP38-COL-25',
    description: 'Hardened spring steel.',
    price: 2_400,
    specifications: [typed('Bore', 25, 'mm'), typed('Weight', 0.4, 'kg')],
    fits: [ids.np38!],
  });
  await insert('spare', 'collet-small', {
    name: 'Spring Collet 16 mm',
    code: 'NP38-COL-16',
    description: 'Hardened spring steel.',
    price: 2_100,
    specifications: [typed('Bore', 16, 'mm'), typed('Weight', 0.3, 'kg')],
    fits: [ids.np38!, ids.np50!],
  });
  await insert('spare', 'holder', {
    name: 'Tool Holder',
    code: 'TH-10',
    description: 'Takes a collet adaptor.',
    specifications: [typed('Weight', 1.2, 'kg')],
    fits: [ids.np50!],
  });
  await insert('spare', 'belt', {
    name: 'Drive Belt',
    code: 'NP-38',
    description: 'V-belt; a part whose code equals a machine code.',
    fits: [ids.cnc!],
  });
  await insert('spare', 'bearing', { name: 'Spindle Bearing', description: 'Deep groove.' });
  await bumpCatalogueRevision(t.ctx.db, 'everything');
});
afterAll(async () => t.close());

async function names(url: string): Promise<{ names: string[]; total: number }> {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return {
    names: response.json<{ name: string }[]>().map((item) => item.name),
    total: Number(response.headers['x-total-count']),
  };
}

async function facets(query: string): Promise<CatalogueFacets> {
  const response = await t.app.inject({ method: 'GET', url: `/api/catalogue/facets?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CatalogueFacets>();
}

describe('search ranking: codes, then names, then descriptions', () => {
  it('answers an exact part number first, then parts whose number it begins', async () => {
    expect((await names('/api/spareparts?q=NP38-COL-25')).names).toEqual(['Spring Collet 25 mm']);
    // A prefix, typed without the dash: both collets by code; the other parts fit no NP38.
    expect((await names('/api/spareparts?q=np38col')).names).toEqual(['Spring Collet 16 mm', 'Spring Collet 25 mm']);
  });

  it('puts the exact code before the parts of the machine with that code, whatever the sort', async () => {
    // "NP-38": the belt's own code, the collets by code prefix (np38…), then parts that fit machine NP-38.
    const { names: found } = await names('/api/spareparts?q=NP-38&sort=price');
    expect(found[0]).toBe('Drive Belt');
    expect(found.slice(1)).toEqual(['Spring Collet 16 mm', 'Spring Collet 25 mm']);
  });

  it('ranks name matches before description matches', async () => {
    expect((await names('/api/spareparts?q=collet')).names).toEqual([
      'Spring Collet 16 mm',
      'Spring Collet 25 mm',
      'Tool Holder',
    ]);
  });

  it('forgives one typo in words of five letters or more', async () => {
    expect((await names('/api/spareparts?q=colet')).names).toEqual([
      'Spring Collet 16 mm',
      'Spring Collet 25 mm',
      'Tool Holder',
    ]);
    expect((await names('/api/spareparts?q=bearnig')).names).toEqual(['Spindle Bearing']);
    // Four letters: no guessing ("belr" is not "belt").
    expect((await names('/api/spareparts?q=belr')).total).toBe(0);
  });

  it('finds the parts that fit a machine by its name', async () => {
    expect((await names('/api/spareparts?q=turning%20centre')).names).toEqual(['Drive Belt']);
    expect((await names('/api/spareparts?q=np-50')).names).toEqual(['Spring Collet 16 mm', 'Tool Holder']);
  });

  it('searches machines by code as well', async () => {
    expect((await names('/api/products?category=machine&q=ktc')).names).toEqual(['Kovai Turning Centre']);
  });
});

describe('specification filters', () => {
  it('filters by a range in the key’s one unit, converting other units', async () => {
    // 2.5 inch = 63.5 mm; the text-only row of the Old Lathe has no number and never matches.
    expect((await names('/api/products?category=machine&f=bar-capacity:40-65')).names).toEqual([
      'Capstan Lathe NP-50',
      'Kovai Turning Centre',
    ]);
    expect((await names('/api/products?f=bar-capacity:-40')).names).toEqual(['Capstan Lathe NP-38']);
    // Motor power: most rows… one HP, one kW; the first seen (HP) wins the tie, 3.7 kW ≈ 4.96 HP.
    expect((await names('/api/products?f=motor-power:4-')).names).toEqual(['Capstan Lathe NP-50']);
    // HP is not its family's base unit: the number converted and rounded (4.961782 HP) is held to
    // the range exactly at both ends, as is a number entered in the key's own unit.
    expect((await names('/api/products?f=motor-power:4.961782-4.961782')).names).toEqual(['Capstan Lathe NP-50']);
    expect((await names('/api/products?f=motor-power:4.961783-')).total).toBe(0);
    expect((await names('/api/products?f=motor-power:-4.961781')).names).toEqual(['Capstan Lathe NP-38']);
    expect((await names('/api/products?f=motor-power:3-3')).names).toEqual(['Capstan Lathe NP-38']);
  });

  it('combines ranges, search, category and machine', async () => {
    expect((await names('/api/spareparts?f=weight:0.3-0.5&f=bore:20-')).names).toEqual(['Spring Collet 25 mm']);
    expect((await names('/api/spareparts?q=collet&f=weight:-0.35')).names).toEqual(['Spring Collet 16 mm']);
    expect((await names(`/api/spareparts?machine=${ids.np50}&f=weight:1-`)).names).toEqual(['Tool Holder']);
    expect((await names('/api/products?category=capstan-lathe&f=bar-capacity:45-')).names).toEqual([
      'Capstan Lathe NP-50',
    ]);
  });

  it('an unknown specification matches nothing rather than failing a shared link', async () => {
    expect(await names('/api/spareparts?f=no-such-thing:1-2')).toEqual({ names: [], total: 0 });
  });

  it.each([
    ['f=bar-capacity', 'f must look like bar-capacity:25-65'],
    ['f=bar-capacity:65-25', 'runs from 65 down to 25'],
    ['f=bar-capacity:-', 'must look like 25-65'],
    ['f=Bar%20Capacity:1-2', 'is not a specification slug'],
    [Array.from({ length: 11 }, (_, n) => `f=k${n}:1-2`).join('&'), 'at most 10 times'],
  ])('refuses %s with a clear 400', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/spareparts?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
  });
});

describe('GET /api/catalogue/facets', () => {
  it('offers the specifications the tab shares, in one unit each, with counts', async () => {
    const machines = await facets('kind=machine');
    expect(machines.total).toBe(4);
    expect(machines.specs).toEqual([
      { slug: 'bar-capacity', key: 'Bar capacity', unit: 'mm', min: 38, max: 63.5, count: 3, selected: null },
      { slug: 'motor-power', key: 'Motor power', unit: 'HP', min: 3, max: 4.962, count: 2, selected: null },
    ]);
    expect(machines.categories).toEqual([
      { slug: 'capstan-lathe', name: 'Capstan lathe', count: 2 },
      { slug: 'cnc-lathe', name: 'CNC lathe / turning centre', count: 1 },
      { slug: 'turret-lathe', name: 'Turret lathe', count: 0 },
    ]);
  });

  it('counts each facet over the other filters, and categories over the search and ranges', async () => {
    const narrowed = await facets('kind=machine&category=capstan-lathe&f=bar-capacity:45-');
    expect(narrowed.total).toBe(1);
    const bar = narrowed.specs.find((facet) => facet.slug === 'bar-capacity');
    // Its own range is left out of its count: both capstan lathes have a bar capacity.
    expect(bar).toMatchObject({ count: 2, min: 38, max: 50, selected: { min: 45, max: null } });
    expect(narrowed.specs.find((facet) => facet.slug === 'motor-power')).toMatchObject({ count: 1, min: 4.961 });
    expect(narrowed.categories.map((c) => [c.slug, c.count])).toEqual([
      ['capstan-lathe', 1],
      ['cnc-lathe', 1],
      ['turret-lathe', 0],
    ]);
  });

  it('follows the search and the machine a part fits', async () => {
    const spares = await facets('kind=spare&q=collet');
    expect(spares.total).toBe(3);
    expect(spares.categories).toEqual([]);
    expect(spares.specs.map((facet) => [facet.slug, facet.count])).toEqual([
      ['weight', 3],
      ['bore', 2],
    ]);
    const forNp50 = await facets(`kind=spare&machine=${ids.np50}`);
    expect(forNp50.total).toBe(2);
    expect(forNp50.specs.find((facet) => facet.slug === 'weight')).toMatchObject({ min: 0.3, max: 1.2, count: 2 });
  });

  it('refuses a call without a kind, or with an unknown parameter', async () => {
    for (const query of ['', 'kind=parts', 'kind=spare&sort=price']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/catalogue/facets?${query}` });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('moves with the catalogue: a new part is in the next answer', async () => {
    await facets('kind=spare&q=collet');
    await createPart(t, token, {
      name: 'Heavy Collet',
      description: 'For big bars.',
      code: 'NP50-COL-40',
      specifications: JSON.stringify([
        { key: 'Bore', number: 40, unit: 'mm' },
        { key: 'Weight', number: 2, unit: 'kg' },
      ]),
    });
    const after = await facets('kind=spare&q=collet');
    expect(after.total).toBe(4);
    expect(after.specs.find((facet) => facet.slug === 'bore')).toMatchObject({ max: 40, count: 3 });
    expect((await names('/api/spareparts?q=NP50-COL-40')).names).toEqual(['Heavy Collet']);
  });
});

describe('a range reads each part by its first number for the key', () => {
  it('ignores a second row of the key, and holds converted numbers to the range exactly at its ends', async () => {
    // Staff cannot enter a key twice; an older catalogue or an import of one may hold it.
    await insert('spare', 'twinBore', {
      name: 'Twin Bore Bush',
      specifications: [typed('Bore', 12, 'mm'), typed('Bore', 25, 'mm')],
    });
    // 1 inch is 25.4 mm: on the bound itself, not a hair past it.
    await insert('spare', 'imperial', { name: 'Imperial Bush', specifications: [typed('Bore', 1, 'inch')] });
    await bumpCatalogueRevision(t.ctx.db, 'everything');
    // On SQLite the list answers from its previous copy while it reads the catalogue again (decision 070).
    await vi.waitFor(async () => expect((await names('/api/spareparts?q=bush')).names).toHaveLength(2));
    expect((await names('/api/spareparts?f=bore:20-30')).names).toEqual(['Imperial Bush', 'Spring Collet 25 mm']);
    expect((await names('/api/spareparts?f=bore:10-13')).names).toEqual(['Twin Bore Bush']);
    expect((await names('/api/spareparts?f=bore:25.4-25.4')).names).toEqual(['Imperial Bush']);
    expect((await names('/api/spareparts?f=bore:25.401-')).names).not.toContain('Imperial Bush');
    expect((await names('/api/spareparts?f=bore:-25.399')).names).not.toContain('Imperial Bush');
    // A facet over another key's range counts the parts that range lets through: of those two, the
    // collet alone has a weight.
    const weight = (await facets('kind=spare&f=bore:20-30')).specs.find((facet) => facet.slug === 'weight');
    expect(weight).toMatchObject({ count: 1, min: 0.4, max: 0.4 });
  });
});
