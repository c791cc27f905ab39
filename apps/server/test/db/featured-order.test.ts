import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Machine, type Service, type SparePart, landingFeatured, orderFeatured } from '@capstan/shared';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

/** The landing page's six, as the browser computes them from the three public featured lists. */
async function landing(): Promise<string[]> {
  const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T[]>();
  const [machines, parts, services] = await Promise.all([
    get<Machine>('/api/products/featured'),
    get<SparePart>('/api/spareparts/featured'),
    get<Service>('/api/services/featured'),
  ]);
  return landingFeatured(orderFeatured(machines, parts, services)).map((item) => item.name);
}

const putOrder = (payload: Record<string, unknown>, auth = true) =>
  t.app.inject({ method: 'PUT', url: '/api/featured/order', payload, headers: auth ? bearer(token) : {} });

const revision = async () =>
  Number((await t.ctx.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow()).revision);

const positions = async () =>
  Object.fromEntries(
    (await t.ctx.db.selectFrom('items').select(['name', 'featured_position']).execute()).map((row) => [
      row.name,
      row.featured_position,
    ]),
  );

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  for (const name of ['M1', 'M2', 'M3', 'M4', 'M5', 'M6']) {
    ids[name] = (await createMachine(t, token, { name, featured: 'true' })).id;
  }
  ids.P1 = (await createPart(t, token, { name: 'P1', featured: 'true' })).id;
  ids.Unfeatured = (await createPart(t, token, { name: 'Unfeatured' })).id;
});
afterAll(async () => t.close());

describe('PUT /api/featured/order', () => {
  it('shows machines first by default, so a featured part is not among the six', async () => {
    expect(await landing()).toEqual(['M1', 'M2', 'M3', 'M4', 'M5', 'M6']);
  });

  it('saves the order staff set: placed items first, the rest after in the merged order', async () => {
    const before = await revision();
    const response = await putOrder({ ids: [ids.P1, ids.M4] });
    expect(response.statusCode).toBe(204);
    expect(await revision()).toBe(before + 1);
    expect(await landing()).toEqual(['P1', 'M4', 'M1', 'M2', 'M3', 'M5']);

    const part = (await t.app.inject({ method: 'GET', url: `/api/spareparts/${ids.P1}` })).json<SparePart>();
    expect(part.featuredPosition).toBe(0);
    const unplaced = (await t.app.inject({ method: 'GET', url: `/api/products/${ids.M1}` })).json<Machine>();
    expect(unplaced.featuredPosition).toBeNull();
  });

  it('keeps the order across later featured toggles of other items, and SPEC per-item PUT still works', async () => {
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.M2}`,
      payload: { featured: false },
      headers: bearer(token),
    });
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json<Machine>()).toMatchObject({ featured: false, featuredPosition: null });
    expect(await landing()).toEqual(['P1', 'M4', 'M1', 'M3', 'M5', 'M6']);
  });

  it('forgets the place of an item taken off the featured list, so featuring it again puts it after', async () => {
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.M4}`,
      payload: { featured: false },
      headers: bearer(token),
    });
    expect(off.statusCode).toBe(200);
    const on = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${ids.M4}`,
      payload: { featured: true },
      headers: bearer(token),
    });
    expect(on.json<Machine>().featuredPosition).toBeNull();
    expect(await landing()).toEqual(['P1', 'M1', 'M3', 'M4', 'M5', 'M6']);
  });

  it('records who changed the order, from what to what, in the audit trail', async () => {
    const response = await putOrder({ ids: [ids.M6, ids.P1] });
    expect(response.statusCode).toBe(204);
    const row = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'featured.order')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.actor_email).toBe(ADMIN_EMAIL);
    expect(JSON.parse(row.changes ?? 'null')).toEqual({
      featuredOrder: { before: ['P1'], after: ['M6', 'P1'] },
    });
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?action=featured.order',
      headers: bearer(token),
    });
    expect(page.statusCode).toBe(200);
    expect(page.json<{ entries: { action: string }[] }>().entries[0]?.action).toBe('featured.order');
  });

  it.each([
    ['an item that is not featured', () => ({ ids: [ids.M1, ids.Unfeatured] }), /not featured/],
    ['an unknown id', () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }), /not featured/],
    ['an id listed twice', () => ({ ids: [ids.M1, ids.M1] }), /listed twice/],
    ['a non-id', () => ({ ids: ['M1'] }), /item id/],
    ['no ids field', () => ({ order: [] }), /./],
    ['an extra field', () => ({ ids: [], featured: true }), /./],
  ])('refuses %s with 400 and a message, changing nothing', async (_what, body, message) => {
    const [beforePositions, beforeRevision, beforeAudit] = [await positions(), await revision(), await auditCount()];
    const response = await putOrder(body());
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await positions()).toEqual(beforePositions);
    expect(await revision()).toBe(beforeRevision);
    expect(await auditCount()).toBe(beforeAudit);
  });

  it('is for staff only', async () => {
    const before = await positions();
    const response = await putOrder({ ids: [ids.M1] }, false);
    expect(response.statusCode).toBe(401);
    expect(await positions()).toEqual(before);
  });

  it('clears every place with an empty list', async () => {
    expect((await putOrder({ ids: [] })).statusCode).toBe(204);
    expect(await landing()).toEqual(['M1', 'M3', 'M4', 'M5', 'M6', 'P1']);
  });
});

const auditCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
