import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_EDIT_MESSAGE, type Machine, type Service, type SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, machineFields, partFields, sendForm } from '../helpers/items';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const getJson = async <T>(url: string) => (await t.app.inject({ method: 'GET', url })).json<T>();

const serviceBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'On-site Installation',
  description: 'Foundation check, levelling, alignment and a trial run on your shop floor.',
  specification: { Duration: '2-3 days', Engineers: '2' },
  images: [],
  featured: false,
  ...overrides,
});

describe('stale edits are refused with 409', () => {
  it('refuses the second of two machine saves made from the same copy, keeping the first', async () => {
    const created = (await createMachine(t, token)) as unknown as Machine;
    const loaded = created.updatedAt;

    const first = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'Saved by Asha', expectedUpdatedAt: loaded }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json<Machine>().updatedAt).not.toBe(loaded);

    const second = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'Saved by Ravi', expectedUpdatedAt: loaded }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: STALE_EDIT_MESSAGE });
    expect(STALE_EDIT_MESSAGE).toContain('changed by someone else — reload');

    const stored = await getJson<Machine>(`/api/products/${created.id}`);
    expect(stored.name).toBe('Saved by Asha');
    expect(stored.updatedAt).toBe(first.json<Machine>().updatedAt);
  });

  it('accepts a save made from the latest copy, and one without a version (older clients)', async () => {
    const created = (await createMachine(t, token)) as unknown as Machine;
    const first = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'First', expectedUpdatedAt: created.updatedAt }),
    );
    const second = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'Second', expectedUpdatedAt: first.json<Machine>().updatedAt }),
    );
    expect(second.statusCode).toBe(200);
    const unversioned = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'Third' }),
    );
    expect(unversioned.statusCode).toBe(200);
    expect((await getJson<Machine>(`/api/products/${created.id}`)).name).toBe('Third');
  });

  it('changes updatedAt on every update, even back to back', async () => {
    const created = (await createMachine(t, token)) as unknown as Machine;
    const seen = new Set([created.updatedAt]);
    let version = created.updatedAt;
    for (let i = 0; i < 5; i += 1) {
      const response = await sendForm(
        t,
        token,
        'PUT',
        `/api/products/${created.id}`,
        machineFields({ name: `Edit ${i}`, expectedUpdatedAt: version }),
      );
      expect(response.statusCode).toBe(200);
      version = response.json<Machine>().updatedAt;
      expect(version).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      seen.add(version);
    }
    expect(seen.size).toBe(6);
  });

  it('lets exactly one of several concurrent saves from the same copy win', async () => {
    const created = (await createPart(t, token)) as unknown as SparePart;
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta'];
    const responses = await Promise.all(
      names.map((name) =>
        sendForm(
          t,
          token,
          'PUT',
          `/api/spareparts/${created.id}/full`,
          partFields({ name, expectedUpdatedAt: created.updatedAt }),
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = responses.find((r) => r.statusCode === 200)!.json<SparePart>();
    const stored = await getJson<SparePart>(`/api/spareparts/${created.id}`);
    expect(stored.name).toBe(winner.name);
    expect(stored.updatedAt).toBe(winner.updatedAt);
  });

  it('refuses a stale service save (JSON) and keeps the stored one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: serviceBody(),
    });
    const service = created.json<Service>();
    const save = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/services/${service.id}/full`,
        headers: bearer(token),
        payload: serviceBody({ name, expectedUpdatedAt: service.updatedAt }),
      });
    expect((await save('Installation and Training')).statusCode).toBe(200);
    const stale = await save('Installation Only');
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_EDIT_MESSAGE });
    expect((await getJson<Service>(`/api/services/${service.id}`)).name).toBe('Installation and Training');
  });

  it('moves the version on a featured toggle, so a form loaded before it is refused', async () => {
    const created = (await createMachine(t, token)) as unknown as Machine;
    const toggle = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${created.id}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(toggle.statusCode).toBe(200);
    expect(toggle.json<Machine>().updatedAt).not.toBe(created.updatedAt);

    const stale = await sendForm(
      t,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ featured: 'false', expectedUpdatedAt: created.updatedAt }),
    );
    expect(stale.statusCode).toBe(409);
    expect((await getJson<Machine>(`/api/products/${created.id}`)).featured).toBe(true);
  });
});
