import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_ITEMS_MAX_IDS, catalogueItemsUrl, type CatalogueItemsEntry } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, sendForm } from '../helpers/items';

let t: TestApp;
let token: string;
let machine: string;
let part: string;
let otherPart: string;
let service: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machine = (await createMachine(t, token, { name: 'NP-38 Capstan Lathe' })).id;
  part = (await createPart(t, token, { name: 'Spring Collet 25 mm', price: '1850' })).id;
  otherPart = (await createPart(t, token, { name: 'Bearing 6205' })).id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: { name: 'Annual Maintenance', description: 'Two visits a year.', featured: false, images: [] },
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json<{ id: string }>().id;
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/catalogue/items (the Favourites view)', () => {
  it('answers items of every kind by id: machines, then parts, then services, each by name', async () => {
    const response = await get(catalogueItemsUrl([service, part, machine, otherPart]));
    expect(response.statusCode, response.body).toBe(200);
    const entries = response.json<CatalogueItemsEntry[]>();
    expect(entries.map((entry) => [entry.kind, entry.item.name])).toEqual([
      ['machine', 'NP-38 Capstan Lathe'],
      ['spare', 'Bearing 6205'],
      ['spare', 'Spring Collet 25 mm'],
      ['service', 'Annual Maintenance'],
    ]);
    const collet = entries.find((entry) => entry.item.id === part);
    expect(collet).toMatchObject({ kind: 'spare', item: { price: 1850 } });
  });

  it('leaves out ids that name nothing, such as an item deleted since it was marked', async () => {
    const deleted = (await createPart(t, token, { name: 'Gone Part' })).id;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/spareparts/${deleted}`, headers: bearer(token) });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const response = await get(catalogueItemsUrl([machine, deleted, randomUUID()]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CatalogueItemsEntry[]>().map((entry) => entry.item.id)).toEqual([machine]);
  });

  it('sees a change made after an earlier answer was cached', async () => {
    const before = await get(catalogueItemsUrl([part]));
    expect(before.json<CatalogueItemsEntry[]>()[0]?.item.name).toBe('Spring Collet 25 mm');
    const renamed = await sendForm(t, token, 'PUT', `/api/spareparts/${part}/full`, { name: 'Spring Collet 26 mm' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await get(catalogueItemsUrl([part]));
    expect(after.json<CatalogueItemsEntry[]>()[0]?.item.name).toBe('Spring Collet 26 mm');
  });

  it.each([
    ['no ids', '/api/catalogue/items'],
    ['an empty list', '/api/catalogue/items?ids='],
    ['something that is not an id', '/api/catalogue/items?ids=abc'],
    ['an unknown parameter', `/api/catalogue/items?ids=${randomUUID()}&kind=spare`],
  ])('refuses %s with a clear 400', async (_label, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it(`refuses more than ${CATALOGUE_ITEMS_MAX_IDS} ids`, async () => {
    const ids = Array.from({ length: CATALOGUE_ITEMS_MAX_IDS + 1 }, () => randomUUID());
    const response = await get(`/api/catalogue/items?ids=${ids.join(',')}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(`at most ${CATALOGUE_ITEMS_MAX_IDS}`);
  });
});
