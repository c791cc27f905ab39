import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_SERVICE_UNKNOWN_MESSAGE, type Inquiry } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

let nextAddress = 1;
const freshAddress = () => `10.90.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const inquiry = (overrides: Record<string, string> = {}): Record<string, string> => ({
  firstName: 'Arun',
  lastName: 'Prakash',
  email: 'arun.prakash@example.in',
  phone: '+91 98765 11111',
  message: 'I would like a quote for KPM CNC-200 Turning Centre.',
  product: 'KPM CNC-200 Turning Centre',
  ...overrides,
});

const postJson = (payload: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/inquiries', payload, remoteAddress: freshAddress() });

const postForm = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: freshAddress(),
  });

async function rowCount(table: 'inquiries' | 'outbox' | 'machine_categories'): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const storedRow = (id: string) =>
  t.ctx.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const staffEmailOf = (id: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .select(['text_body', 'html_body'])
    .where('inquiry_id', '=', id)
    .where('kind', '=', 'inquiry.staff')
    .executeTakeFirstOrThrow();

const csvExport = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) })).body;

describe('the Service of an inquiry follows the machine categories', () => {
  it('stores a CNC machine quote under its own category, with the label the buyer saw, in the email and the CSV', async () => {
    const response = await postJson(inquiry({ service: 'cnc-lathe', email: 'cnc.quote@example.in' }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    expect(await storedRow(id)).toMatchObject({ service: 'cnc-lathe', service_label: 'CNC lathe / turning centre' });

    const email = await staffEmailOf(id);
    expect(email.text_body.split('\n')).toContain('Service: CNC lathe / turning centre');
    expect(email.text_body).not.toContain('Capstan');

    const listed = (await t.app.inject({ method: 'GET', url: '/api/inquiries', headers: bearer(token) }))
      .json<Inquiry[]>()
      .find((entry) => entry.id === id);
    expect(listed).toMatchObject({ service: 'cnc-lathe', serviceLabel: 'CNC lathe / turning centre' });

    const line = (await csvExport()).split('\r\n').find((row) => row.includes('cnc.quote@example.in'));
    expect(line).toContain(',"CNC lathe / turning centre",');
  });

  it('keeps the label the buyer saw when staff rename the category later', async () => {
    const response = await postJson(inquiry({ service: 'turret-lathe', email: 'turret@example.in' }));
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/api/machine-categories/turret-lathe',
      headers: bearer(token),
      payload: { name: 'Turret lathes (all sizes)' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await storedRow(id)).service_label).toBe('Turret lathe');
    const line = (await csvExport()).split('\r\n').find((row) => row.includes('turret@example.in'));
    expect(line).toContain(',"Turret lathe",');
  });

  it('accepts the fixed options: spare parts, engineering services, maintenance, other machines, general', async () => {
    for (const [service, label] of [
      ['spare-parts', 'Spare parts'],
      ['services', 'Engineering services'],
      ['maintenance', 'Maintenance & AMC'],
      ['machine', 'Other machines'],
      ['general', 'General Inquiry'],
    ] as const) {
      const response = await postJson(inquiry({ service, email: `${service}@example.in` }));
      expect(response.statusCode).toBe(201);
      expect(await storedRow(response.json<{ id: string }>().id)).toMatchObject({ service, service_label: label });
    }
  });

  it('refuses a service the list does not offer on the JSON route, with an issue on service, storing nothing', async () => {
    const before = await rowCount('inquiries');
    const outboxBefore = await rowCount('outbox');
    for (const service of ['installation', 'no-such-category', 'x'.repeat(101)]) {
      const response = await postJson(inquiry({ service }));
      expect(response.statusCode).toBe(400);
      expect(response.json<{ issues: { path: string[]; message: string }[] }>().issues).toEqual([
        { path: ['service'], message: CONTACT_SERVICE_UNKNOWN_MESSAGE },
      ]);
    }
    expect(await rowCount('inquiries')).toBe(before);
    expect(await rowCount('outbox')).toBe(outboxBefore);
  });

  it('refuses it on the form without JavaScript too: the page says why and lists the current options', async () => {
    const before = await rowCount('inquiries');
    const response = await postForm(inquiry({ service: 'custom-machining' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(CONTACT_SERVICE_UNKNOWN_MESSAGE);
    expect(response.body).toContain('<option value="cnc-lathe">CNC lathe / turning centre</option>');
    expect(response.body).toContain('<option value="spare-parts">Spare parts</option>');
    expect(response.body).toContain('<option value="maintenance">Maintenance &amp; AMC</option>');
    expect(response.body).not.toContain('Capstan Lathe Machines');
    expect(await rowCount('inquiries')).toBe(before);

    const stored = await postForm(inquiry({ service: 'cnc-lathe', email: 'form.cnc@example.in' }));
    expect(stored.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('inquiries')
      .selectAll()
      .where('email', '=', 'form.cnc@example.in')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service: 'cnc-lathe', service_label: 'CNC lathe / turning centre' });
  });

  it('refuses a deleted category once it is gone', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/machine-categories',
      headers: bearer(token),
      payload: { name: 'Bar feeders' },
    });
    expect(created.statusCode).toBe(201);
    expect((await postJson(inquiry({ service: 'bar-feeders', email: 'bar1@example.in' }))).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/machine-categories/bar-feeders',
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(204);
    expect((await postJson(inquiry({ service: 'bar-feeders', email: 'bar2@example.in' }))).statusCode).toBe(400);
  });

  it('labels inquiries stored before labels were kept from the old list', async () => {
    await t.ctx.db
      .insertInto('inquiries')
      .values({
        id: '00000000-0000-4000-8000-000000000957',
        first_name: 'Old',
        last_name: 'Row',
        email: 'old.install@example.in',
        phone: '+91 98765 22222',
        service: 'installation',
        service_label: null,
        message: 'Installation please',
        product: null,
        status: 'new',
        client_ip: '10.0.0.1',
        created_at: '2026-11-20T10:00:00.000Z',
        reference: 'KPM-2026-99957',
        assignee_id: null,
        follow_up_on: null,
      })
      .execute();
    const line = (await csvExport()).split('\r\n').find((row) => row.includes('old.install@example.in'));
    expect(line).toContain(',"Installation Services",');
  });

  it('refuses a machine category named like a fixed option, with a clear 400', async () => {
    const before = await rowCount('machine_categories');
    for (const name of ['Spare parts', 'Services', 'Maintenance', 'General']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/machine-categories',
        headers: bearer(token),
        payload: { name },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(
        `"${name}" is the name of a fixed contact form option; choose another name.`,
      );
    }
    expect(await rowCount('machine_categories')).toBe(before);
  });
});
