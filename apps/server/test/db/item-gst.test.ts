import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditPage,
  GST_RATE_MESSAGE,
  HSN_CODE_MESSAGE,
  type ImportKind,
  type ImportProgressLine,
  type ImportSummary,
  type Machine,
  type Service,
  type SparePart,
} from '@capstan/shared';
import { loadConfig } from '../../src/config';
import { createDatabase } from '../../src/db/database';
import { migrations } from '../../src/db/migrate';
import { createMachine, createPart, sendForm } from '../helpers/items';
import { multipart } from '../helpers/multipart';
import { bearer, createPostgresDatabase, createTestApp, onPostgres, type TestApp } from '../helpers/test-app';

// Every item's HSN/SAC code and GST rate (issue 39, decision 075): defaults by kind (machines by
// category) on a create, kept by an edit that leaves them out, back to the default when emptied,
// answered by the item API (not the list entries), audited, and in the import and export file.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const category = await t.app.inject({
    method: 'POST',
    url: '/api/machine-categories',
    headers: bearer(token),
    payload: { name: 'Vertical machining centre' },
  });
  expect(category.statusCode, category.body).toBe(201);
});
afterAll(async () => t.close());

const get = async <T>(url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

const service = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: { name: 'Spindle rebuild', description: 'Regrind and new bearings.', ...payload },
  });

let made = 0;
const code = (prefix: string) => `${prefix}-${++made}`;

describe('HSN/SAC code and GST rate of a new item', () => {
  it('default by kind, and by category for machines: lathes 8458, machining centres 8457', async () => {
    const lathe = await createMachine(t, token, { code: code('CL'), category: 'capstan-lathe' });
    expect(lathe).toMatchObject({ hsnCode: '8458', gstRate: 18 });
    const uncategorised = await createMachine(t, token, { code: code('M') });
    expect(uncategorised).toMatchObject({ hsnCode: '8458', gstRate: 18 });
    const centre = await createMachine(t, token, { code: code('VMC'), category: 'vertical-machining-centre' });
    expect(centre).toMatchObject({ hsnCode: '8457', gstRate: 18 });
    const part = await createPart(t, token, { code: code('P') });
    expect(part).toMatchObject({ hsnCode: '8466', gstRate: 18 });
    const created = await service({ code: code('S') });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Service>()).toMatchObject({ hsnCode: '9987', gstRate: 18 });

    // Stored, not computed on each read: the rows hold them.
    const row = await t.ctx.db
      .selectFrom('items')
      .select(['hsn_code', 'gst_rate'])
      .where('id', '=', centre.id)
      .executeTakeFirstOrThrow();
    expect({ hsn: row.hsn_code, rate: Number(row.gst_rate) }).toEqual({ hsn: '8457', rate: 18 });
  });

  it('takes a code as people write it and a rate as text, an empty one as the default', async () => {
    const machine = await createMachine(t, token, { code: code('CL'), hsnCode: '8458.11 00', gstRate: '28' });
    expect(machine).toMatchObject({ hsnCode: '84581100', gstRate: 28 });
    const part = await createPart(t, token, { code: code('P'), hsnCode: '', gstRate: '' });
    expect(part).toMatchObject({ hsnCode: '8466', gstRate: 18 });
    const created = await service({ code: code('S'), hsnCode: '998717', gstRate: 12 });
    expect(created.json<Service>()).toMatchObject({ hsnCode: '998717', gstRate: 12 });
  });

  it('refuses a wrong code or rate with its message, and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('items')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const badCode = await sendForm(t, token, 'POST', '/api/products', {
      name: 'Lathe',
      description: 'A lathe.',
      specifications: JSON.stringify({ Bore: '25 mm', Motor: '3 HP' }),
      hsnCode: '84',
    });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json<{ message: string }>().message).toContain(HSN_CODE_MESSAGE);
    const badRate = await service({ gstRate: 7 });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json<{ issues: { path: string[]; message: string }[] }>().issues).toEqual([
      expect.objectContaining({ path: ['gstRate'], message: GST_RATE_MESSAGE }),
    ]);
    expect(await count()).toBe(before);
  });
});

describe('HSN/SAC code and GST rate on an edit', () => {
  it('an edit of another field keeps them; an edit of one changes only it, and the audit trail says so', async () => {
    const part = await createPart(t, token, { code: code('P'), hsnCode: '84669390', gstRate: '12' });
    const url = `/api/spareparts/${part.id}/full`;
    const priced = await sendForm(t, token, 'PUT', url, { price: '2100' });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json<SparePart>()).toMatchObject({ price: 2100, hsnCode: '84669390', gstRate: 12 });

    const before = await get<SparePart>(`/api/spareparts/${part.id}`);
    const rated = await sendForm(t, token, 'PUT', url, { gstRate: '18' });
    expect(rated.statusCode, rated.body).toBe(200);
    const after = rated.json<SparePart>();
    expect(after).toEqual({ ...before, gstRate: 18, updatedAt: after.updatedAt });

    const activity = await t.app.inject({ method: 'GET', url: '/api/admin/activity', headers: bearer(token) });
    const entry = activity
      .json<AuditPage>()
      .entries.find((e) => e.action === 'item.update' && e.target?.id === part.id);
    expect(entry?.changes).toEqual({ gstRate: { before: 12, after: 18 } });
  });

  it('emptied, they go back to the default of the kind and of the category the machine is saved in', async () => {
    const machine = await createMachine(t, token, { code: code('CL'), hsnCode: '845811', gstRate: '5' });
    const url = `/api/products/${machine.id}`;
    const moved = await sendForm(t, token, 'PUT', url, {
      category: 'vertical-machining-centre',
      hsnCode: '',
      gstRate: '',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Machine>()).toMatchObject({
      category: 'vertical-machining-centre',
      hsnCode: '8457',
      gstRate: 18,
    });

    // A category change alone keeps the code staff gave.
    const back = await sendForm(t, token, 'PUT', url, { category: 'capstan-lathe' });
    expect(back.json<Machine>()).toMatchObject({ category: 'capstan-lathe', hsnCode: '8457' });

    const served = await service({ code: code('S'), hsnCode: '998717' });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${served.json<Service>().id}/full`,
      headers: bearer(token),
      payload: { hsnCode: null },
    });
    expect(cleared.json<Service>()).toMatchObject({ hsnCode: '9987', gstRate: 18 });
  });

  it('a refused edit changes nothing', async () => {
    const part = await createPart(t, token, { code: code('P') });
    const before = await get<SparePart>(`/api/spareparts/${part.id}`);
    const refused = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, {
      price: '999',
      hsnCode: '99871700',
    });
    expect(refused.statusCode).toBe(400);
    expect(await get<SparePart>(`/api/spareparts/${part.id}`)).toEqual(before);
  });
});

describe('what the catalogue answers', () => {
  it('an item’s details carry its code and rate; list entries leave them out (quotations read the item)', async () => {
    const machine = await createMachine(t, token, { code: code('CL') });
    expect(await get<Machine>(`/api/products/${machine.id}`)).toMatchObject({ hsnCode: '8458', gstRate: 18 });
    const list = await get<Record<string, unknown>[]>('/api/products?limit=100');
    const entry = list.find((item) => item.id === machine.id);
    expect(entry).toBeDefined();
    expect(entry).not.toHaveProperty('hsnCode');
    expect(entry).not.toHaveProperty('gstRate');
  });
});

describe('the import and export file', () => {
  async function send(kind: ImportKind, csv: string, query: string) {
    const body = await multipart({}, [{ name: 'f.csv', type: 'text/csv', data: Buffer.from(csv) }], 'file');
    return t.app.inject({
      method: 'POST',
      url: `/api/catalogue-import/${kind}${query}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  }
  async function preview(kind: ImportKind, csv: string): Promise<ImportSummary> {
    const response = await send(kind, csv, '?mode=preview');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportSummary>();
  }
  async function importCsv(kind: ImportKind, csv: string): Promise<ImportSummary> {
    const { planId } = await preview(kind, csv);
    const response = await send(kind, csv, `?mode=apply&planId=${planId}`);
    expect(response.statusCode, response.body).toBe(200);
    const last = JSON.parse(response.body.trim().split('\n').at(-1) ?? '{}') as ImportProgressLine;
    if (last.type !== 'done') throw new Error(response.body);
    return last.summary;
  }
  const exported = async (kind: ImportKind) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/catalogue-export/${kind}?format=csv`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return response.body.replace(/^\uFEFF/, '');
  };
  const byCode = async (itemCode: string) =>
    t.ctx.db
      .selectFrom('items')
      .select(['hsn_code', 'gst_rate'])
      .where('code', '=', itemCode)
      .executeTakeFirstOrThrow();
  const stored = async (itemCode: string) => {
    const row = await byCode(itemCode);
    return { hsnCode: row.hsn_code, gstRate: Number(row.gst_rate) };
  };

  it('exports both columns and imports its own export as unchanged', async () => {
    await createPart(t, token, { code: 'GST-P-1', hsnCode: '84669390', gstRate: '12' });
    const csv = await exported('spare-parts');
    const [header, ...lines] = csv.split('\r\n');
    expect(header).toContain('"hsn_code","gst_rate"');
    expect(lines.find((line) => line.includes('"GST-P-1"'))).toContain('"84669390","12"');
    const summary = await preview('spare-parts', csv);
    expect(summary).toMatchObject({ create: 0, update: 0, errorCount: 0 });
  });

  it('new rows without the columns get their defaults, by category for machines; given ones are kept', async () => {
    const summary = await importCsv(
      'machines',
      [
        'code,name,description,category,hsn_code,gst_rate,spec: Bore [mm],spec: Motor [kW]',
        'GST-M-1,Lathe one,A lathe.,capstan-lathe,,,25,3',
        'GST-M-2,Centre two,A machining centre.,Vertical machining centre,,,40,7.5',
        'GST-M-3,Lathe three,A lathe.,capstan-lathe,8458 11,12%,25,3',
      ].join('\n'),
    );
    expect(summary).toMatchObject({ create: 3, errorCount: 0 });
    expect(await stored('GST-M-1')).toEqual({ hsnCode: '8458', gstRate: 18 });
    expect(await stored('GST-M-2')).toEqual({ hsnCode: '8457', gstRate: 18 });
    expect(await stored('GST-M-3')).toEqual({ hsnCode: '845811', gstRate: 12 });
  });

  it('an absent column keeps the item’s; an empty cell puts the default back', async () => {
    await createPart(t, token, { code: 'GST-P-2', hsnCode: '84669390', gstRate: '12' });
    await createPart(t, token, { code: 'GST-P-3', hsnCode: '84669390', gstRate: '12' });
    const kept = await importCsv('spare-parts', 'code,name,price\nGST-P-2,Collet renamed,1900\n');
    expect(kept).toMatchObject({ update: 1 });
    expect(await stored('GST-P-2')).toEqual({ hsnCode: '84669390', gstRate: 12 });

    const emptied = await importCsv('spare-parts', 'code,hsn_code,gst_rate\nGST-P-3,,\n');
    expect(emptied.changes[0]?.fields).toEqual(['hsn_code', 'gst_rate']);
    expect(await stored('GST-P-3')).toEqual({ hsnCode: '8466', gstRate: 18 });
  });

  it('refuses a wrong code or rate in its cell, changing nothing', async () => {
    const summary = await preview(
      'services',
      'code,name,description,hsn_code,gst_rate\nGST-S-1,Visit,A visit.,99871700,7\n',
    );
    expect(summary.errors).toEqual([
      { line: 2, column: 'hsn_code', message: expect.stringContaining('SAC') },
      { line: 2, column: 'gst_rate', message: GST_RATE_MESSAGE },
    ]);
  });
});

describe('the migration', () => {
  it('gives the items there are their kind’s code and rate, machining centres 8457', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'capstan-gst-'));
    const pgDatabase = onPostgres ? await createPostgresDatabase() : undefined;
    const database = createDatabase(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgDatabase?.url, LOG_LEVEL: 'silent' }),
    );
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const names = Object.keys(migrations);
      const before = names[names.indexOf('2026-11-29-301-item-gst') - 1] ?? '';
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const now = new Date().toISOString();
      const row = (id: string, kind: string, category: string | null) => ({
        id,
        kind,
        name: id,
        description: 'x',
        category,
        features: '[]',
        featured: 0,
        created_at: now,
        updated_at: now,
        version: 1,
      });
      await database.db
        .insertInto('items')
        .values([
          row('00000000-0000-4000-8000-000000000001', 'machine', 'capstan-lathe'),
          row('00000000-0000-4000-8000-000000000002', 'machine', 'cnc-vmc'),
          row('00000000-0000-4000-8000-000000000003', 'machine', null),
          row('00000000-0000-4000-8000-000000000004', 'spare', null),
          row('00000000-0000-4000-8000-000000000005', 'service', null),
        ] as never)
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await database.db.selectFrom('items').select(['id', 'hsn_code', 'gst_rate']).orderBy('id').execute();
      expect(rows.map((r) => [r.hsn_code, Number(r.gst_rate)])).toEqual([
        ['8458', 18],
        ['8457', 18],
        ['8458', 18],
        ['8466', 18],
        ['9987', 18],
      ]);
    } finally {
      await database.destroy();
      await pgDatabase?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a row an older release writes without them reads as its kind’s default', async () => {
    const machine = await createMachine(t, token, { code: code('OLD'), category: 'vertical-machining-centre' });
    await t.ctx.db.updateTable('items').set({ hsn_code: null, gst_rate: null }).where('id', '=', machine.id).execute();
    expect(await get<Machine>(`/api/products/${machine.id}`)).toMatchObject({ hsnCode: '8457', gstRate: 18 });
  });
});
