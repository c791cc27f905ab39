import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '@capstan/shared';
import type { AuditLogTable } from '../../src/db/schema';
import * as auditRepository from '../../src/modules/audit/audit.repository';
import * as auditService from '../../src/modules/audit/audit.service';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, machineFields, pngFile, sendForm } from '../helpers/items';
import { multipart } from '../helpers/multipart';

/**
 * Makes the last statement of a catalogue write transaction (the revision bump) fail while `work`
 * runs, after the audit entry has been written in it: the entry must roll back with the write. A
 * trigger, so the app's own code runs unchanged.
 */
async function withRevisionBumpFailing(work: () => Promise<void>): Promise<void> {
  const db = t.ctx.db;
  if (t.ctx.dialect === 'postgres') {
    await sql`create function audit_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'simulated failure at commit time'; end $$`.execute(db);
    await sql`create trigger audit_test_fail_bump before update on catalogue_revision
      for each row execute function audit_test_fail()`.execute(db);
  } else {
    await sql`create trigger audit_test_fail_bump before update on catalogue_revision
      begin select raise(abort, 'simulated failure at commit time'); end`.execute(db);
  }
  try {
    await work();
  } finally {
    await sql`drop trigger audit_test_fail_bump${t.ctx.dialect === 'postgres' ? sql` on catalogue_revision` : sql``}`.execute(
      db,
    );
    if (t.ctx.dialect === 'postgres') await sql`drop function audit_test_fail()`.execute(db);
  }
}

let t: TestApp;
let token: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  adminId = (await t.ctx.db.selectFrom('users').select('id').where('email', '=', ADMIN_EMAIL).executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => t.close());

const allRows = () => t.ctx.db.selectFrom('audit_log').selectAll().execute();

/** The audit rows written while `work` ran. */
async function rowsWritten(work: () => Promise<unknown>): Promise<AuditLogTable[]> {
  const before = new Set((await allRows()).map((row) => row.id));
  await work();
  return (await allRows()).filter((row) => !before.has(row.id));
}

const changesOf = (row: AuditLogTable | undefined) => JSON.parse(row?.changes ?? 'null') as Record<string, unknown>;

const ADDRESS = '10.77.0.5';

describe('audit trail: one entry per admin action', () => {
  it('records a sign-in with who and from where', async () => {
    const rows = await rowsWritten(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        remoteAddress: ADDRESS,
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'auth.sign_in', actor_id: adminId, actor_email: ADMIN_EMAIL, ip: ADDRESS });
  });

  it('records a failed sign-in with the attempted email lower-cased and never the password', async () => {
    const secret = 'Wrong-Password-4711';
    const rows = await rowsWritten(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'Intruder@Example.COM', password: secret },
        remoteAddress: '10.77.0.6',
      });
      expect(response.statusCode).toBe(401);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'auth.sign_in_failed',
      actor_id: null,
      actor_email: 'intruder@example.com',
      ip: '10.77.0.6',
    });
    expect(JSON.stringify(rows[0])).not.toContain(secret);
  });

  it('records a machine create, update, featured change and delete with a diff of what changed', async () => {
    let id = '';
    const created = await rowsWritten(async () => {
      const response = await sendForm(t, token, 'POST', '/api/products', machineFields({ price: '150000' }), [
        await pngFile(),
      ]);
      expect(response.statusCode).toBe(201);
      id = response.json<{ id: string }>().id;
    });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      action: 'item.create',
      actor_id: adminId,
      actor_email: ADMIN_EMAIL,
      ip: '127.0.0.1',
      target_type: 'machine',
      target_id: id,
      target_label: 'CL-25 All-Geared Capstan Lathe',
    });
    const createChanges = changesOf(created[0]);
    expect(createChanges.name).toEqual({ before: null, after: 'CL-25 All-Geared Capstan Lathe' });
    expect(createChanges.price).toEqual({ before: null, after: 150000 });
    // Images are recorded by address only, never their bytes.
    expect(createChanges.images).toEqual({ before: null, after: [expect.stringMatching(/^\/uploads\/[\w-]+\.webp$/)] });

    const updated = await rowsWritten(async () => {
      const response = await t.app.inject({
        ...(await formRequest(`/api/products/${id}`, machineFields({ price: '175000' }))),
        remoteAddress: ADDRESS,
      });
      expect(response.statusCode).toBe(200);
    });
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ action: 'item.update', target_id: id, ip: ADDRESS, actor_id: adminId });
    // Only the changed field: the name, description and specifications were sent unchanged.
    expect(changesOf(updated[0])).toEqual({ price: { before: 150000, after: 175000 } });

    const featured = await rowsWritten(async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/products/${id}`,
        headers: bearer(token),
        payload: { featured: true },
      });
      expect(response.statusCode).toBe(200);
    });
    expect(featured).toHaveLength(1);
    expect(featured[0]).toMatchObject({ action: 'item.featured', target_id: id, actor_email: ADMIN_EMAIL });
    expect(changesOf(featured[0])).toEqual({ featured: { before: false, after: true } });

    const deleted = await rowsWritten(async () => {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: bearer(token) });
      expect(response.statusCode).toBe(204);
    });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({
      action: 'item.delete',
      target_type: 'machine',
      target_id: id,
      target_label: 'CL-25 All-Geared Capstan Lathe',
    });
    expect(changesOf(deleted[0]).price).toEqual({ before: 175000, after: null });
  });

  it('records spare-part and service writes with their kind', async () => {
    const partRows = await rowsWritten(() => createPart(t, token));
    expect(partRows).toHaveLength(1);
    expect(partRows[0]).toMatchObject({
      action: 'item.create',
      target_type: 'spare',
      target_label: 'Spring Collet 20 mm',
    });

    const service = { name: 'On-site Installation', description: 'Levelling and a trial run.', images: [] };
    let serviceId = '';
    const serviceRows = await rowsWritten(async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/services',
        headers: bearer(token),
        payload: service,
      });
      expect(response.statusCode).toBe(201);
      serviceId = response.json<{ id: string }>().id;
    });
    expect(serviceRows).toHaveLength(1);
    expect(serviceRows[0]).toMatchObject({ action: 'item.create', target_type: 'service', target_id: serviceId });

    const updateRows = await rowsWritten(async () => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/services/${serviceId}/full`,
        headers: bearer(token),
        payload: { ...service, name: 'On-site Installation and Training' },
      });
      expect(response.statusCode).toBe(200);
    });
    expect(updateRows).toHaveLength(1);
    expect(updateRows[0]).toMatchObject({ action: 'item.update', actor_id: adminId, ip: '127.0.0.1' });
    expect(changesOf(updateRows[0])).toEqual({
      name: { before: 'On-site Installation', after: 'On-site Installation and Training' },
    });
  });

  it('records an inquiry status change', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      remoteAddress: '10.77.1.1',
      payload: {
        firstName: 'Ravi',
        lastName: 'Kumar',
        email: 'ravi@example.in',
        phone: '+91 98765 43210',
        message: 'Please quote for a CL-25.',
      },
    });
    const inquiryId = posted.json<{ id: string }>().id;
    const rows = await rowsWritten(async () => {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/inquiries/${inquiryId}`,
        headers: bearer(token),
        payload: { status: 'contacted' },
        remoteAddress: ADDRESS,
      });
      expect(response.statusCode).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'inquiry.status',
      actor_id: adminId,
      ip: ADDRESS,
      target_type: 'inquiry',
      target_id: inquiryId,
      target_label: 'Ravi Kumar',
    });
    expect(changesOf(rows[0])).toEqual({ status: { before: 'new', after: 'contacted' } });
  });

  it('writes no entry when an item write fails, even after the entry was written in its transaction', async () => {
    const machine = await createMachine(t, token, { name: 'Atomic Lathe' });
    const unknownId = '00000000-0000-4000-8000-000000000000';

    const rows = await rowsWritten(async () => {
      await withRevisionBumpFailing(async () => {
        const response = await t.app.inject({
          method: 'PUT',
          url: `/api/products/${machine.id}`,
          headers: bearer(token),
          payload: { featured: true },
        });
        expect(response.statusCode).toBe(500);
      });
      // Refused inside the transaction, and refused before it.
      const badKeep = await sendForm(t, token, 'PUT', `/api/products/${machine.id}`, {
        ...machineFields(),
        keepImages: JSON.stringify(['/uploads/11111111-2222-4333-8444-555555555555.webp']),
      });
      expect(badKeep.statusCode).toBe(400);
      const missing = await t.app.inject({
        method: 'DELETE',
        url: `/api/products/${unknownId}`,
        headers: bearer(token),
      });
      expect(missing.statusCode).toBe(404);
      const invalid = await sendForm(t, token, 'POST', '/api/products', machineFields({ name: '' }));
      expect(invalid.statusCode).toBe(400);
    });
    expect(rows).toEqual([]);
    const stored = await t.ctx.db
      .selectFrom('items')
      .select('featured')
      .where('id', '=', machine.id)
      .executeTakeFirst();
    expect(stored?.featured).toBe(0);
  });
});

describe('GET /api/admin/activity', () => {
  it('needs an admin session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/activity' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('lists entries newest first, filters by action and pages with a cursor', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const page = response.json<AuditPage>();
    expect(page.entries.length).toBe((await allRows()).length);
    const times = page.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
    const failed = page.entries.find((entry) => entry.action === 'auth.sign_in_failed');
    expect(failed).toMatchObject<Partial<AuditEntry>>({
      actor: { userId: null, email: 'intruder@example.com' },
      ip: '10.77.0.6',
      target: null,
    });

    // Links are offered only to targets that still exist.
    const deletedMachine = page.entries.find((entry) => entry.action === 'item.delete');
    expect(deletedMachine?.target).toMatchObject({ type: 'machine', exists: false });
    const part = page.entries.find((entry) => entry.target?.type === 'spare');
    expect(part?.target).toMatchObject({ label: 'Spring Collet 20 mm', exists: true });

    const filtered = (
      await t.app.inject({ method: 'GET', url: '/api/admin/activity?action=item.update', headers: bearer(token) })
    ).json<AuditPage>();
    expect(filtered.entries.length).toBeGreaterThan(0);
    expect(filtered.entries.every((entry) => entry.action === 'item.update')).toBe(true);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/activity?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const next = (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<AuditPage>();
      expect(next.entries.length).toBeLessThanOrEqual(2);
      seen.push(...next.entries.map((entry) => entry.id));
      cursor = next.nextCursor;
    } while (cursor);
    expect(seen).toEqual(page.entries.map((entry) => entry.id));
  });

  it('refuses a bad cursor, filter or limit with a 400 message', async () => {
    for (const query of ['cursor=not-a-cursor', 'action=item.explode', 'limit=0', 'limit=10000']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/activity?${query}`,
        headers: bearer(token),
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
  });
});

describe('the audit trail is append-only', () => {
  it('has no route that changes or removes entries', async () => {
    const [row] = await allRows();
    const before = await allRows();
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      for (const url of ['/api/admin/activity', `/api/admin/activity/${row?.id}`]) {
        const response = await t.app.inject({ method, url, headers: bearer(token), payload: {} });
        expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
      }
    }
    expect(await allRows()).toEqual(before);
  });

  it('offers no update or delete function in its data layer', () => {
    const exported = [...Object.keys(auditRepository), ...Object.keys(auditService)];
    expect(exported).toContain('insertAuditRow');
    expect(exported.filter((name) => /update|delete|remove|clear|purge|edit/i.test(name))).toEqual([]);
  });
});

async function formRequest(url: string, fields: Record<string, string>) {
  const body = await multipart(fields, []);
  return { method: 'PUT' as const, url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } };
}
