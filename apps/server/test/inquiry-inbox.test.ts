import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let token: string;

let nextAddress = 1;
async function send(overrides: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.70.0.${nextAddress++}`,
    payload: {
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi@example.in',
      phone: '+91 98765 43210',
      message: 'Please quote.',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; reference: string }>();
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await send({ firstName: 'Asha', lastName: 'Nair', email: 'asha@nair.example', message: 'Two lathes' });
  await send({ firstName: 'முருகன்', lastName: 'செல்வம்', message: 'இரண்டு லேத் இயந்திரங்கள் வேண்டும்' });
  await send({ phone: '044-2345 6789', product: 'CL-25 Capstan Lathe', message: '=HYPERLINK("http://x.example")' });
  await send({ message: 'Discount of 50%_off, "quoted", with, commas\nand a second line' });
  // One older inquiry, received on 1 November (India), and one closed.
  const old = await send({ firstName: 'Old', message: 'From November' });
  await t.ctx.db
    .updateTable('inquiries')
    .set({ created_at: '2026-10-31T20:00:00.000Z' }) // 1 Nov 2026, 1:30 AM IST
    .where('id', '=', old.id)
    .execute();
  const closed = await send({ firstName: 'Closed', message: 'Done deal' });
  await t.ctx.db.updateTable('inquiries').set({ status: 'closed' }).where('id', '=', closed.id).execute();
});
afterAll(async () => t.close());

const list = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/inquiries${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Inquiry[]>().map((i) => i.firstName);
};

describe('GET /api/inquiries filters in the database', () => {
  it('searches name, email, phone, message, product and reference, case-insensitively, every word', async () => {
    expect(await list('?q=asha')).toEqual(['Asha']);
    expect(await list('?q=ASHA%20NAIR')).toEqual(['Asha']);
    expect(await list('?q=nair.example')).toEqual(['Asha']);
    expect(await list('?q=2345%206789')).toEqual(['Ravi']);
    expect(await list('?q=cl-25')).toEqual(['Ravi']);
    expect(await list(`?q=${encodeURIComponent('லேத்')}`)).toEqual(['முருகன்']);
    expect(await list('?q=KPM-')).toHaveLength(6);
    // % and _ are letters here, not wildcards.
    expect(await list('?q=50%25_off')).toEqual(['Ravi']);
    expect(await list('?q=5%25')).toEqual([]);
    expect(await list('?q=nobody')).toEqual([]);
  });

  it('filters by status and by the days received (India time, both days included)', async () => {
    expect(await list('?status=closed')).toEqual(['Closed']);
    expect(await list('?status=new')).not.toContain('Closed');
    expect(await list('?from=2026-11-01&to=2026-11-01')).toEqual(['Old']);
    expect(await list('?to=2026-10-31')).toEqual([]);
    expect(await list('?from=2026-11-02')).not.toContain('Old');
  });

  it('refuses a bad query with a clear message', async () => {
    for (const query of ['?status=lost', '?from=yesterday', '?from=2026-11-05&to=2026-11-01', '?sort=name']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/inquiries${query}`, headers: bearer(token) });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const dates = await t.app.inject({
      method: 'GET',
      url: '/api/inquiries?from=2026-11-05&to=2026-11-01',
      headers: bearer(token),
    });
    expect(dates.body).toContain('The start date must be on or before the end date');
  });
});

describe('GET /api/inquiries/export (CSV for Excel)', () => {
  it('is UTF-8 with a BOM and CRLF, quotes every field, guards formulas and keeps Tamil intact', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"Reference","Received (IST)","Status","First name","Last name","Email","Phone","Service","Product","Message"',
    );
    expect(text).toContain('"முருகன்","செல்வம்"');
    expect(text).toContain('"இரண்டு லேத் இயந்திரங்கள் வேண்டும்"');
    // A formula becomes text; a phone number starting with + too (Excel would compute it).
    expect(text).toContain(`"'=HYPERLINK(""http://x.example"")"`);
    expect(text).toContain(`"'+91 98765 43210"`);
    // Quotes doubled; the line break stays inside its quoted cell.
    expect(text).toContain('"Discount of 50%_off, ""quoted"", with, commas\nand a second line"');
    expect(lines.filter((line) => line.startsWith('"KPM-'))).toHaveLength(6);
  });

  it('exports the filtered list only, and only to staff', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/inquiries/export?status=closed',
      headers: bearer(token),
    });
    const rows = response.body.split('\r\n').filter((line) => line.startsWith('"KPM-'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('"Closed"');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/inquiries/export' });
    expect(anonymous.statusCode).toBe(401);
  });
});
