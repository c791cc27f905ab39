import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage, MachineCategory } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine } from '../helpers/items';
import { wholeState } from '../helpers/staff';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/machine-categories${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MachineCategory[]>();
};
const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });
const find = (categories: MachineCategory[], slug: string) => categories.find((category) => category.slug === slug);

describe('machine category names in Tamil and Hindi', () => {
  it('stores them on create, answers them beside the name, and in place with ?lang (English where missing)', async () => {
    const created = await send('POST', '/api/machine-categories', {
      name: 'Bar feeders',
      translations: { ta: ' பார் ஃபீடர்கள் ', hi: '' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      slug: 'bar-feeders',
      name: 'Bar feeders',
      machineCount: 0,
      translations: { ta: 'பார் ஃபீடர்கள்' },
    });
    await createMachine(t, token, { name: 'BF-1 Bar feeder', category: 'bar-feeders' });

    expect(find(await list(), 'bar-feeders')).toEqual({
      slug: 'bar-feeders',
      name: 'Bar feeders',
      machineCount: 1,
      translations: { ta: 'பார் ஃபீடர்கள்' },
    });
    expect(find(await list('?lang=ta'), 'bar-feeders')).toEqual({
      slug: 'bar-feeders',
      name: 'பார் ஃபீடர்கள்',
      machineCount: 1,
    });
    expect(find(await list('?lang=hi'), 'bar-feeders')).toEqual({
      slug: 'bar-feeders',
      name: 'Bar feeders',
      machineCount: 1,
    });
    // Order and counts are the English answer's.
    expect((await list('?lang=ta')).map((category) => [category.slug, category.machineCount])).toEqual(
      (await list()).map((category) => [category.slug, category.machineCount]),
    );
  });

  it('patches per language on a rename: absent keeps, empty removes, and answers each language from its own cache entry', async () => {
    const tamilBefore = await t.app.inject({ method: 'GET', url: '/api/machine-categories?lang=ta' });
    const renamed = await send('PUT', '/api/machine-categories/bar-feeders', {
      name: 'Bar feeders',
      translations: { hi: 'बार फ़ीडर' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<MachineCategory>().translations).toEqual({ ta: 'பார் ஃபீடர்கள்', hi: 'बार फ़ीडर' });
    expect(find(await list('?lang=hi'), 'bar-feeders')?.name).toBe('बार फ़ीडर');

    // A rename that does not mention them keeps them.
    expect(
      (await send('PUT', '/api/machine-categories/bar-feeders', { name: 'Bar feeders & loaders' })).statusCode,
    ).toBe(200);
    expect(find(await list('?lang=ta'), 'bar-feeders')?.name).toBe('பார் ஃபீடர்கள்');

    const cleared = await send('PUT', '/api/machine-categories/bar-feeders', {
      name: 'Bar feeders & loaders',
      translations: { ta: '' },
    });
    expect(cleared.json<MachineCategory>().translations).toEqual({ hi: 'बार फ़ीडर' });
    const tamilAfter = await t.app.inject({ method: 'GET', url: '/api/machine-categories?lang=ta' });
    expect(tamilAfter.headers.etag).not.toBe(tamilBefore.headers.etag);
    expect(find(tamilAfter.json<MachineCategory[]>(), 'bar-feeders')?.name).toBe('Bar feeders & loaders');

    const audit = await t.app.inject({ method: 'GET', url: '/api/admin/activity?limit=20', headers: bearer(token) });
    const updates = audit
      .json<AuditPage>()
      .entries.filter((entry) => entry.action === 'category.update' && entry.target?.id === 'bar-feeders')
      .map((entry) => entry.changes);
    expect(updates[0]).toEqual({
      translations: { before: ['ta: பார் ஃபீடர்கள்', 'hi: बार फ़ीडर'], after: ['hi: बार फ़ीडर'] },
    });
    expect(updates[2]).toEqual({
      translations: { before: ['ta: பார் ஃபீடர்கள்'], after: ['ta: பார் ஃபீடர்கள்', 'hi: बार फ़ीडर'] },
    });
  });

  it('refuses an overlong translation, another language or a bad lang, changing nothing', async () => {
    const before = await wholeState(t);
    const long = await send('PUT', '/api/machine-categories/bar-feeders', {
      name: 'Bar feeders',
      translations: { ta: 'க'.repeat(61) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ issues: { path: unknown[]; message: string }[] }>().issues).toContainEqual(
      expect.objectContaining({ path: ['translations', 'ta'], message: 'Category name must be at most 60 characters' }),
    );
    expect(
      (await send('POST', '/api/machine-categories', { name: 'Chucks', translations: { fr: 'Mandrins' } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/machine-categories?lang=de' })).statusCode).toBe(400);
    expect(await wholeState(t)).toEqual(before);
  });
});
