import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_PAGE_LIMIT, type CatalogueSummary } from '@capstan/shared';
import { bumpCatalogueRevision } from '../../src/modules/catalogue/catalogue-revision-bump';
import { insertItem, type ItemFields } from '../../src/modules/catalogue/catalogue.repository';
import type { ItemKind } from '../../src/db/schema';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

let t: TestApp;
let token: string;

const PARTS = 130;
const partName = (n: number) => `Part ${n}`;
/** Every 10th part is a bearing, named so or described so; prices fall as n grows; every 25th featured. */
function partFieldsFor(n: number): ItemFields {
  return {
    name: n % 20 === 0 ? `${partName(n)} BEARING` : partName(n),
    description: n % 20 === 10 ? 'Deep groove ball bearing, sealed.' : 'A spare part for capstan lathes.',
    price: n % 7 === 0 ? null : 10_000 - n,
    featured: n % 25 === 0,
    specifications: [],
  };
}

async function insert(kind: ItemKind, fields: ItemFields, category?: string): Promise<string> {
  const id = randomUUID();
  await insertItem(t.ctx.db, id, kind, { ...fields, category: category ?? null }, new Date().toISOString());
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  for (let n = 1; n <= PARTS; n += 1) await insert('spare', partFieldsFor(n));
  const machine = (name: string): ItemFields => ({
    name,
    description: 'A lathe.',
    featured: false,
    specifications: [],
  });
  await insert('machine', { ...machine('CL-25 Capstan'), featured: true }, 'machine');
  await insert('machine', machine('CNC Turning Centre'), 'cnc-lathe');
  await insert('machine', machine('Bar Feeder'), 'turret-lathe');
  await insert('service', { name: 'Annual Maintenance', description: 'Visits.', featured: true, specifications: [] });
  await bumpCatalogueRevision(t.ctx.db, 'everything');
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function page(url: string): Promise<{ names: string[]; total: number; prices: (number | null)[] }> {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json<{ name: string; price?: number | null }[]>();
  return {
    names: items.map((item) => item.name),
    prices: items.map((item) => item.price ?? null),
    total: Number(response.headers['x-total-count']),
  };
}

describe('list pages (decision 010)', () => {
  it('answers a bare call with the first page in name order and the total count', async () => {
    const first = await page('/api/spareparts');
    expect(first.total).toBe(PARTS);
    expect(first.names).toHaveLength(LIST_PAGE_LIMIT);
    // SPEC §5 name order: numbers compare as numbers.
    expect(first.names.slice(0, 3)).toEqual(['Part 1', 'Part 2', 'Part 3']);
    const rest = await page('/api/spareparts?offset=100');
    expect(rest).toMatchObject({ total: PARTS });
    expect(rest.names).toHaveLength(PARTS - LIST_PAGE_LIMIT);
    expect(rest.names.at(-1)).toBe('Part 130');
    expect(new Set([...first.names, ...rest.names]).size).toBe(PARTS);
    expect(await page('/api/spareparts?offset=500')).toEqual({ names: [], prices: [], total: PARTS });
  });

  it('pages with offset and limit', async () => {
    expect((await page('/api/spareparts?offset=10&limit=3')).names).toEqual(['Part 11', 'Part 12', 'Part 13']);
  });

  it('searches name or description, ignoring case, and counts only the matches', async () => {
    const bearings = await page('/api/spareparts?q=%20bEaRiNg%20');
    const expected = Array.from({ length: PARTS }, (_, i) => i + 1)
      .filter((n) => n % 10 === 0)
      .map((n) => partFieldsFor(n).name);
    expect(bearings.total).toBe(expected.length);
    expect([...bearings.names].sort()).toEqual([...expected].sort());
    expect(await page('/api/spareparts?q=no-such-part')).toEqual({ names: [], prices: [], total: 0 });
  });

  it('sorts by price with a missing price as 0, and featured first, each then by name', async () => {
    const byPrice = await page(`/api/spareparts?sort=price&limit=${LIST_PAGE_LIMIT}`);
    const unpriced = Array.from({ length: PARTS }, (_, i) => i + 1).filter((n) => n % 7 === 0);
    expect(byPrice.prices.slice(0, unpriced.length)).toEqual(unpriced.map(() => null));
    expect(byPrice.names.slice(0, 2)).toEqual(['Part 7', 'Part 14']);
    const priced = byPrice.prices.slice(unpriced.length) as number[];
    expect(priced).toEqual([...priced].sort((a, b) => a - b));

    const featured = await page('/api/spareparts?sort=featured&limit=6');
    expect(featured.names).toEqual(['Part 25', 'Part 50', 'Part 75', 'Part 100 BEARING', 'Part 125', 'Part 1']);
  });

  it('keeps every distinct query apart in the cache', async () => {
    const a = await page('/api/spareparts?q=part%201&limit=5');
    const b = await page('/api/spareparts?q=part%202&limit=5');
    expect(a.names[0]).toBe('Part 1');
    expect(b.names[0]).toBe('Part 2');
    // 'part 1': Part 1, 10–19 and 100–130; 'part 2': Part 2 and 20–29.
    expect([a.total, b.total]).toEqual([42, 11]);
    expect(await page('/api/spareparts?q=part%201&limit=5')).toEqual(a);
  });

  it('filters machines by category before paging; category=machine is every machine (decision 031)', async () => {
    const machines = await page('/api/products?category=machine');
    expect(machines).toMatchObject({ names: ['Bar Feeder', 'CL-25 Capstan', 'CNC Turning Centre'], total: 3 });
    expect(await page('/api/products')).toMatchObject({ total: 3 });
    expect(await page('/api/products?category=cnc-lathe')).toMatchObject({ names: ['CNC Turning Centre'], total: 1 });
    expect(await page('/api/products?category=turret-lathe&limit=1')).toMatchObject({ names: ['Bar Feeder'] });
    expect(await page('/api/products?category=machine&q=cnc')).toMatchObject({ names: ['CNC Turning Centre'] });
    expect(await page('/api/products?category=nothing')).toEqual({ names: [], prices: [], total: 0 });
    expect(await page('/api/services?q=maintenance')).toMatchObject({ names: ['Annual Maintenance'], total: 1 });
  });

  it('refuses bad or unknown parameters with 400 and a message naming them', async () => {
    const cases: [string, string][] = [
      ['/api/spareparts?limit=101', 'limit must be at most 100'],
      ['/api/spareparts?limit=0', 'limit must be at least 1'],
      ['/api/spareparts?offset=-1', 'offset must be at least 0'],
      ['/api/spareparts?offset=1.5', 'offset must be a whole number'],
      ['/api/services?offset=ten', 'offset must be a whole number'],
      ['/api/products?sort=cheapest', 'sort must be one of name, price, featured'],
      [`/api/spareparts?q=${'x'.repeat(201)}`, 'q must be at most 200 characters'],
      ['/api/spareparts?category=machine', 'Unrecognized key'],
      ['/api/services?serach=collet', 'Unrecognized key'],
    ];
    for (const [url, message] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json<{ message: string }>().message, url).toContain(message);
    }
  });

  it('revalidates a page with its ETag and shows a write in the next answer', async () => {
    const url = '/api/spareparts?q=zz%20top%20collet';
    const before = await get(url);
    expect(before.headers['x-total-count']).toBe('0');
    const etag = String(before.headers['etag']);
    const unchanged = await get(url, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);

    await createPart(t, token, { name: 'ZZ Top Collet' });
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['x-total-count']).toBe('1');
    expect(after.json<{ name: string }[]>().map((item) => item.name)).toEqual(['ZZ Top Collet']);
    expect((await page('/api/spareparts')).total).toBe(PARTS + 1);
  });
});

describe('GET /api/catalogue/summary', () => {
  it('counts every list and its featured items, and follows writes', async () => {
    const summary = (await get('/api/catalogue/summary')).json<CatalogueSummary>();
    const spares = (await page('/api/spareparts?limit=1')).total;
    expect(summary).toEqual({
      products: { total: 3, featured: 1 },
      // category=machine is every machine, whatever its category (decision 031).
      machines: { total: 3, featured: 1 },
      spareParts: { total: spares, featured: 5 },
      services: { total: 1, featured: 1 },
      // cnc-lathe and turret-lathe hold a machine; capstan-lathe none, and "machine" is no category.
      machineCategories: 2,
    });

    const target = (await get('/api/products?category=machine&q=cnc')).json<{ id: string }[]>()[0]!;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${target.id}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(changed.statusCode).toBe(200);
    const after = (await get('/api/catalogue/summary')).json<CatalogueSummary>();
    expect(after.machines).toEqual({ total: 3, featured: 2 });
    expect(after.products).toEqual({ total: 3, featured: 2 });
  });

  it('counts the machine categories from the data: an empty category is not counted, a filled one is', async () => {
    const before = (await get('/api/catalogue/summary')).json<CatalogueSummary>().machineCategories;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/machine-categories',
      headers: bearer(token),
      payload: { name: 'Automatic bar lathe' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await get('/api/catalogue/summary')).json<CatalogueSummary>().machineCategories).toBe(before);

    const slug = created.json<{ slug: string }>().slug;
    const machine = await createMachine(t, token, { name: 'AB-16 Automatic', category: slug });
    expect((await get('/api/catalogue/summary')).json<CatalogueSummary>().machineCategories).toBe((before ?? 0) + 1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${machine.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    expect((await get('/api/catalogue/summary')).json<CatalogueSummary>().machineCategories).toBe(before);
  });
});
