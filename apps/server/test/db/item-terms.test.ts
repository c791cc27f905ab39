import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_ITEM_TERMS,
  formatItemTerms,
  type ItemTermsDefaults,
  ITEM_TERMS_URL,
  type Machine,
  type Service,
  type SparePart,
  TERMS_MESSAGES,
} from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

// Availability and warranty per item, with each kind's default in the site settings (decision 051):
// every answer says which holds and whether it is the default.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};
const putTerms = (payload: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'PUT', url: ITEM_TERMS_URL, payload: payload as object, headers });

describe('availability and warranty', () => {
  it('starts from the defaults the chat states: machines made to order with 24 months, parts in stock with 12', async () => {
    const defaults = await get<ItemTermsDefaults>(ITEM_TERMS_URL);
    expect({ machine: defaults.machine, spare: defaults.spare }).toEqual(DEFAULT_ITEM_TERMS);
    expect(formatItemTerms(defaults.machine)).toBe('Made to order: 4-6 weeks. 24-month warranty.');
    expect(formatItemTerms(defaults.spare)).toBe('In stock. 12-month warranty.');

    const machine = await createMachine(t, token, { name: 'CL-25', code: 'CL-25' });
    const part = await createPart(t, token, { name: 'Collet', code: 'COL-1' });
    expect(await get<Machine>(`/api/products/${machine.id}`)).toMatchObject({
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 4, max: 6 }, isDefault: true },
      warranty: { months: 24, isDefault: true },
    });
    expect(await get<SparePart>(`/api/spareparts/${part.id}`)).toMatchObject({
      availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true },
      warranty: { months: 12, isDefault: true },
    });
  });

  it('follows a change of the defaults at once, except on items with terms of their own; audits it', async () => {
    const own = await createMachine(t, token, {
      name: 'CNC TC-200',
      code: 'TC-200',
      availability: 'made_to_order',
      leadTimeMinWeeks: '6',
      leadTimeMaxWeeks: '8',
      warrantyMonths: '18',
    });
    const plain = await createMachine(t, token, { name: 'CL-30', code: 'CL-30' });
    // Read once, so the change below must get past the cached answers.
    await get<Machine>(`/api/products/${plain.id}`);
    const current = await get<ItemTermsDefaults>(ITEM_TERMS_URL);

    const saved = await putTerms({
      machine: { availability: 'in_stock', leadTimeWeeks: null, warrantyMonths: 36 },
      spare: current.spare,
      updatedAt: current.updatedAt,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await get<Machine>(`/api/products/${plain.id}`)).toMatchObject({
      availability: { status: 'in_stock', leadTimeWeeks: null, isDefault: true },
      warranty: { months: 36, isDefault: true },
    });
    expect(await get<Machine>(`/api/products/${own.id}`)).toMatchObject({
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: false },
      warranty: { months: 18, isDefault: false },
    });

    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('action', '=', 'site.terms')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes).toContain('machine.warrantyMonths');

    // A copy read before that save is refused and changes nothing.
    const stale = await putTerms({ machine: current.machine, spare: current.spare, updatedAt: current.updatedAt });
    expect(stale.statusCode).toBe(409);
    expect((await get<ItemTermsDefaults>(ITEM_TERMS_URL)).machine.warrantyMonths).toBe(36);
  });

  it('refuses bad defaults with the field at fault, and anyone without a sign-in', async () => {
    const current = await get<ItemTermsDefaults>(ITEM_TERMS_URL);
    const bad = [
      { machine: { availability: 'made_to_order', leadTimeWeeks: null, warrantyMonths: 24 }, spare: current.spare },
      {
        machine: { availability: 'made_to_order', leadTimeWeeks: { min: 8, max: 4 }, warrantyMonths: 24 },
        spare: current.spare,
      },
      {
        machine: current.machine,
        spare: { availability: 'in_stock', leadTimeWeeks: { min: 1, max: 2 }, warrantyMonths: 12 },
      },
      { machine: current.machine, spare: { availability: 'in_stock', leadTimeWeeks: null, warrantyMonths: 121 } },
      { machine: current.machine },
    ];
    for (const payload of bad) {
      const response = await putTerms(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const refused = await putTerms(bad[0]);
    expect(refused.json<{ issues: { message: string }[] }>().issues.map((issue) => issue.message)).toContain(
      TERMS_MESSAGES.leadTimeNeeded,
    );
    expect((await putTerms({ machine: current.machine, spare: current.spare }, {})).statusCode).toBe(401);
    expect(await get<ItemTermsDefaults>(ITEM_TERMS_URL)).toEqual(current);
  });

  it('gives services neither: a service states its terms in its specification', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Installation', description: 'On site.', code: 'SVC-1' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = await get<Service>(`/api/services/${created.json<Service>().id}`);
    expect(service).not.toHaveProperty('availability');
    expect(service).not.toHaveProperty('warranty');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Training', description: 'At our works.', warrantyMonths: 12 },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('leaves list entries without terms: the cards do not show them', async () => {
    const list = await get<Record<string, unknown>[]>('/api/spareparts');
    expect(list.length).toBeGreaterThan(0);
    for (const entry of list) {
      expect(entry).not.toHaveProperty('availability');
      expect(entry).not.toHaveProperty('warranty');
    }
  });
});
