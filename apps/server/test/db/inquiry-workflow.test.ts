import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditPage, type Inquiry, type InquiryAssignee, indianToday, type InquiryNote } from '@capstan/shared';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
let adminId: string;
const OTHER_ID = '0d6f4c2e-5a7b-4c1d-9e8f-2a3b4c5d6e7f';
const DISABLED_ID = '1e7a5d3f-6b8c-4d2e-8f9a-3b4c5d6e7f80';

let nextAddress = 1;
async function send(firstName: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.71.0.${nextAddress++}`,
    payload: { firstName, lastName: 'Iyer', email: 'buyer@example.in', phone: '+91 98765 43210', message: 'Quote' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>, auth = true) =>
  t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    headers: auth ? bearer(token) : {},
  });

const names = async (query: string) => {
  const response = await call('GET', `/api/inquiries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<Inquiry[]>()
    .map((i) => i.firstName)
    .sort();
};

const auditOf = async (action: string) => {
  const response = await call('GET', `/api/admin/activity?action=${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditPage>().entries;
};

/** The day `days` from today in India. */
const dayFromToday = (days: number) => {
  const [y, m, d] = indianToday().split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  adminId = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow())
    .id;
  const now = new Date().toISOString();
  const staff = {
    username: '',
    password_hash: 'x',
    created_at: now,
    password_changed_at: null,
    totp_secret: null,
    role: 'sales' as const,
    last_sign_in_at: null,
  };
  await t.ctx.db
    .insertInto('users')
    .values([
      { ...staff, id: OTHER_ID, email: 'sales@example.com', username: 'sales', disabled_at: null },
      { ...staff, id: DISABLED_ID, email: 'gone@example.com', username: 'gone', disabled_at: now },
    ])
    .execute();
});
afterAll(async () => t.close());

describe('inquiry notes', () => {
  it('adds notes signed by the signed-in staff email, newest first, listed with the inquiry', async () => {
    const id = await send('Noted');
    const first = await call('POST', `/api/inquiries/${id}/notes`, { text: '  Called, will visit Monday  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Inquiry>().notes).toEqual([
      { id: expect.any(String), text: 'Called, will visit Monday', author: ADMIN_EMAIL, createdAt: expect.any(String) },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('POST', `/api/inquiries/${id}/notes`, { text: 'Quote sent' });

    const notes = await call('GET', `/api/inquiries/${id}/notes`);
    expect(notes.json<InquiryNote[]>().map((n) => n.text)).toEqual(['Quote sent', 'Called, will visit Monday']);
    const listed = (await call('GET', '/api/inquiries?q=Noted')).json<Inquiry[]>();
    expect(listed[0]!.notes.map((n) => n.text)).toEqual(['Quote sent', 'Called, will visit Monday']);

    const audit = await auditOf('inquiry.note');
    expect(audit[0]).toMatchObject({
      actor: { email: ADMIN_EMAIL },
      target: { type: 'inquiry', id, label: 'Noted Iyer' },
      changes: { note: { before: null, after: 'Quote sent' } },
    });
  });

  it('refuses an empty, too long or anonymous note, or one on an unknown inquiry, and stores nothing', async () => {
    const id = await send('Refused');
    for (const payload of [{ text: '   ' }, { text: 'x'.repeat(2001) }, {}, { text: 'ok', extra: 1 }]) {
      const response = await call('POST', `/api/inquiries/${id}/notes`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect((await call('POST', `/api/inquiries/${id}/notes`, { text: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await call('POST', `/api/inquiries/${id}/notes`, { text: 'hi' }, false)).statusCode).toBe(401);
    const unknown = await call('POST', `/api/inquiries/${OTHER_ID}/notes`, { text: 'hi' });
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `/api/inquiries/${id}/notes`)).json<InquiryNote[]>()).toHaveLength(1);
    expect((await call('GET', `/api/inquiries/${id}/notes`, undefined, false)).statusCode).toBe(401);
  });
});

describe('assignee and follow-up day', () => {
  it('lists the active staff to assign to', async () => {
    const response = await call('GET', '/api/inquiries/assignees');
    expect(response.statusCode).toBe(200);
    expect(response.json<InquiryAssignee[]>()).toEqual([
      { id: OTHER_ID, email: 'sales@example.com' },
      { id: adminId, email: ADMIN_EMAIL },
    ]);
    expect((await call('GET', '/api/inquiries/assignees', undefined, false)).statusCode).toBe(401);
  });

  it('sets assignee and follow-up, keeps what is not sent, and audits before and after', async () => {
    const id = await send('Assigned');
    const set = await call('PUT', `/api/inquiries/${id}`, { assigneeId: OTHER_ID, followUpOn: '2026-12-01' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Inquiry>()).toMatchObject({
      assignee: { id: OTHER_ID, email: 'sales@example.com' },
      followUpOn: '2026-12-01',
      status: 'new',
    });
    const status = await call('PUT', `/api/inquiries/${id}`, { status: 'quoted' });
    expect(status.json<Inquiry>()).toMatchObject({
      assignee: { id: OTHER_ID },
      followUpOn: '2026-12-01',
      status: 'quoted',
    });
    const cleared = await call('PUT', `/api/inquiries/${id}`, { assigneeId: null, followUpOn: null });
    expect(cleared.json<Inquiry>()).toMatchObject({ assignee: null, followUpOn: null, status: 'quoted' });

    const audit = await auditOf('inquiry.update');
    expect(audit.slice(0, 3).map((entry) => entry.changes)).toEqual([
      { assignee: { before: 'sales@example.com', after: null }, followUpOn: { before: '2026-12-01', after: null } },
      { status: { before: 'new', after: 'quoted' } },
      { assignee: { before: null, after: 'sales@example.com' }, followUpOn: { before: null, after: '2026-12-01' } },
    ]);
  });

  it('refuses an unknown or disabled assignee, a bad date or an empty update, and changes nothing', async () => {
    const id = await send('Unchanged');
    await call('PUT', `/api/inquiries/${id}`, { followUpOn: '2026-12-24' });
    for (const payload of [
      { assigneeId: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d', followUpOn: '2027-01-01' },
      { assigneeId: DISABLED_ID },
      { followUpOn: '24/12/2026' },
      { followUpOn: '2026-02-30' },
      { status: 'lost' },
      {},
      { notes: [] },
    ]) {
      const response = await call('PUT', `/api/inquiries/${id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    const [inquiry] = (await call('GET', '/api/inquiries?q=Unchanged')).json<Inquiry[]>();
    expect(inquiry).toMatchObject({ assignee: null, followUpOn: '2026-12-24', status: 'new' });
    expect((await call('PUT', `/api/inquiries/${OTHER_ID}`, { followUpOn: null })).statusCode).toBe(404);
    expect((await call('PUT', `/api/inquiries/${id}`, { followUpOn: null }, false)).statusCode).toBe(401);
  });

  it('filters by assignee (me, an id, nobody) and overdue (follow-up before today in India, not closed)', async () => {
    const mine = await send('Mine');
    const theirs = await send('Theirs');
    const late = await send('Late');
    const lateClosed = await send('LateClosed');
    const today = await send('Today');
    await call('PUT', `/api/inquiries/${mine}`, { assigneeId: adminId, followUpOn: dayFromToday(-1) });
    await call('PUT', `/api/inquiries/${theirs}`, { assigneeId: OTHER_ID, followUpOn: dayFromToday(3) });
    await call('PUT', `/api/inquiries/${late}`, { followUpOn: dayFromToday(-30), status: 'contacted' });
    await call('PUT', `/api/inquiries/${lateClosed}`, { followUpOn: dayFromToday(-2), status: 'closed' });
    await call('PUT', `/api/inquiries/${today}`, { followUpOn: dayFromToday(0) });

    expect(await names('?assignee=me')).toEqual(['Mine']);
    expect(await names(`?assignee=${OTHER_ID}`)).toEqual(['Theirs']);
    expect(await names('?overdue=true')).toEqual(['Late', 'Mine']);
    expect(await names('?overdue=true&assignee=me')).toEqual(['Mine']);
    expect(await names('?overdue=true&assignee=none')).toEqual(['Late']);
    expect(await names('?overdue=false&q=Today')).toEqual(['Today']);
    expect((await call('GET', '/api/inquiries?overdue=yes')).statusCode).toBe(400);

    const csv = await call('GET', '/api/inquiries/export?overdue=true');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Late');
    expect(csv.body).not.toContain('Theirs');
  });
});
