import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import {
  type ImportKind,
  type ImportProgressLine,
  type ImportSummary,
  type Machine,
  TERMS_MESSAGES,
} from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

// The import and export carry an item's own availability, lead time and warranty (decision 051),
// checked by the item schemas: an absent column keeps them, an empty cell puts the default back.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

async function send(kind: ImportKind, data: Buffer | string, query: string, name = 'file.csv') {
  const body = await multipart({}, [{ name, type: 'application/octet-stream', data: Buffer.from(data) }], 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogue-import/${kind}${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

async function preview(kind: ImportKind, data: Buffer | string, name?: string): Promise<ImportSummary> {
  const response = await send(kind, data, '?mode=preview', name);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportSummary>();
}

async function importFile(kind: ImportKind, data: Buffer | string, name?: string): Promise<ImportSummary> {
  const { planId } = await preview(kind, data, name);
  const response = await send(kind, data, `?mode=apply&planId=${planId}`, name);
  expect(response.statusCode, response.body).toBe(200);
  const last = JSON.parse(response.body.trim().split('\n').at(-1) ?? '{}') as ImportProgressLine;
  if (last.type !== 'done') throw new Error(response.body);
  return last.summary;
}

async function exported(kind: ImportKind, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/catalogue-export/${kind}?format=${format}`,
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

const terms = async (code: string) =>
  t.ctx.db
    .selectFrom('items')
    .select(['availability', 'lead_time_min_weeks', 'lead_time_max_weeks', 'warranty_months'])
    .where('code', '=', code)
    .executeTakeFirstOrThrow();

const details = async (code: string) => {
  const { id } = await t.ctx.db.selectFrom('items').select('id').where('code', '=', code).executeTakeFirstOrThrow();
  return (await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).json<Machine>();
};

const SPECS = 'spec: Bar capacity [mm],spec: Spindle speed [rpm]';
const machineRow = (code: string, terms: string) => `${code},Lathe ${code},A capstan lathe.,${terms},38,2000`;

describe('availability, lead time and warranty columns', () => {
  it('imports an item’s own terms, in the words of the column help, and leaves empty cells at the default', async () => {
    const csv = [
      `code,name,description,availability,lead_time_weeks,warranty_months,${SPECS}`,
      machineRow('TRM-1', 'made_to_order,6-8,18'),
      machineRow('TRM-2', 'In stock,,36'),
      machineRow('TRM-3', ',,'),
      machineRow('TRM-4', 'made_to_order,10 weeks,0'),
    ].join('\n');
    expect(await importFile('machines', csv)).toMatchObject({ create: 4, invalidRows: 0 });
    expect(await terms('TRM-1')).toEqual({
      availability: 'made_to_order',
      lead_time_min_weeks: 6,
      lead_time_max_weeks: 8,
      warranty_months: 18,
    });
    expect(await terms('TRM-2')).toEqual({
      availability: 'in_stock',
      lead_time_min_weeks: null,
      lead_time_max_weeks: null,
      warranty_months: 36,
    });
    expect(await terms('TRM-3')).toEqual({
      availability: null,
      lead_time_min_weeks: null,
      lead_time_max_weeks: null,
      warranty_months: null,
    });
    expect(await terms('TRM-4')).toMatchObject({
      lead_time_min_weeks: 10,
      lead_time_max_weeks: 10,
      warranty_months: 0,
    });
    // The product page's answer: the item's own, or its kind's default.
    expect(await details('TRM-1')).toMatchObject({
      availability: { status: 'made_to_order', leadTimeWeeks: { min: 6, max: 8 }, isDefault: false },
      warranty: { months: 18, isDefault: false },
    });
    expect(await details('TRM-3')).toMatchObject({ availability: { isDefault: true }, warranty: { isDefault: true } });
  });

  it('refuses bad terms cell by cell, with the item forms’ messages, and imports nothing', async () => {
    const csv = [
      `code,name,description,availability,lead_time_weeks,warranty_months,${SPECS}`,
      machineRow('BAD-1', 'made_to_order,,12'),
      machineRow('BAD-2', 'in_stock,4-6,12'),
      machineRow('BAD-3', 'soon,,12'),
      machineRow('BAD-4', 'made_to_order,8-6,12'),
      machineRow('BAD-5', 'made_to_order,six,12'),
      machineRow('BAD-6', ',,121'),
      machineRow('BAD-7', 'made_to_order,0-2,2.5'),
    ].join('\n');
    const before = await t.ctx.db.selectFrom('items').select('id').execute();
    const summary = await preview('machines', csv);
    expect(summary.invalidRows).toBe(7);
    expect(summary.errors).toEqual([
      { line: 2, column: 'lead_time_weeks', message: TERMS_MESSAGES.leadTimeNeeded },
      { line: 3, column: 'lead_time_weeks', message: TERMS_MESSAGES.leadTimeOnlyMadeToOrder },
      { line: 4, column: 'availability', message: TERMS_MESSAGES.availability },
      { line: 5, column: 'lead_time_weeks', message: TERMS_MESSAGES.leadTimeOrder },
      { line: 6, column: 'lead_time_weeks', message: TERMS_MESSAGES.weeks },
      { line: 7, column: 'warranty_months', message: TERMS_MESSAGES.warranty },
      { line: 8, column: 'lead_time_weeks', message: TERMS_MESSAGES.weeks },
      { line: 8, column: 'warranty_months', message: TERMS_MESSAGES.warranty },
    ]);
    const refused = await send('machines', csv, `?mode=apply&planId=${summary.planId}`);
    expect(refused.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('items').select('id').execute()).toHaveLength(before.length);
  });

  it('keeps the terms when the file leaves the columns out, and puts the default back for an empty cell', async () => {
    await importFile(
      'machines',
      [
        `code,name,description,availability,lead_time_weeks,warranty_months,${SPECS}`,
        machineRow('KEEP-1', 'made_to_order,6-8,18'),
        machineRow('KEEP-2', 'made_to_order,6-8,18'),
      ].join('\n'),
    );
    // No terms columns: a price change keeps them.
    const kept = await importFile('machines', 'code,name,price\nKEEP-1,Lathe KEEP-1,900000');
    expect(kept).toMatchObject({ update: 1 });
    expect(kept.changes[0]?.fields).toEqual(['price']);
    expect(await terms('KEEP-1')).toMatchObject({
      availability: 'made_to_order',
      lead_time_min_weeks: 6,
      warranty_months: 18,
    });

    // A lead time alone updates a made-to-order item; made_to_order alone keeps its weeks.
    await importFile('machines', 'code,lead_time_weeks\nKEEP-1,10-12');
    expect(await terms('KEEP-1')).toMatchObject({
      availability: 'made_to_order',
      lead_time_min_weeks: 10,
      lead_time_max_weeks: 12,
    });
    const unchanged = await preview('machines', 'code,availability\nKEEP-1,made_to_order');
    expect(unchanged).toMatchObject({ update: 0, unchanged: 1, invalidRows: 0 });

    // Empty cells: the kind's default again; in stock drops the weeks.
    const reset = await importFile(
      'machines',
      'code,availability,lead_time_weeks,warranty_months\nKEEP-1,,,\nKEEP-2,in_stock,,',
    );
    expect(reset.changes.map((change) => change.fields)).toEqual([
      ['availability', 'lead_time_weeks', 'warranty_months'],
      ['availability', 'lead_time_weeks', 'warranty_months'],
    ]);
    expect(await terms('KEEP-1')).toEqual({
      availability: null,
      lead_time_min_weeks: null,
      lead_time_max_weeks: null,
      warranty_months: null,
    });
    expect(await terms('KEEP-2')).toEqual({
      availability: 'in_stock',
      lead_time_min_weeks: null,
      lead_time_max_weeks: null,
      warranty_months: null,
    });
  });

  it('takes them for spare parts, and refuses them for services', async () => {
    await importFile(
      'spare-parts',
      'code,name,description,price,availability,lead_time_weeks,warranty_months,spec: Bore [mm],spec: Material\n' +
        'TRM-COL,Terms collet,Spring collet.,1850,made_to_order,2,6,25,EN-31',
    );
    expect(await terms('TRM-COL')).toEqual({
      availability: 'made_to_order',
      lead_time_min_weeks: 2,
      lead_time_max_weeks: 2,
      warranty_months: 6,
    });
    const services = await preview('services', 'code,name,description,warranty_months\nSVC-T,Retrofit,Work.,12');
    expect(services.errors).toEqual([
      { line: 1, column: null, message: 'Column "warranty_months" is not used for services' },
    ]);
  });

  it('exports them so the export imports back unchanged, as CSV and as a workbook', async () => {
    const csv = (await exported('machines', 'csv')).toString('utf8');
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain('"features","availability","lead_time_weeks","warranty_months"');
    const trm1 = lines.find((line) => line.includes('"TRM-1"'));
    expect(trm1).toContain('"made_to_order","6-8","18"');
    expect(lines.find((line) => line.includes('"TRM-3"'))).toContain('"","",""');
    const sheet = await readXlsxFile(await exported('machines', 'xlsx')).then((sheets) => sheets[0]?.data ?? []);
    const columns = sheet[0] ?? [];
    const row = sheet.find((cells) => cells[1] === 'TRM-4') ?? [];
    expect(row[columns.indexOf('lead_time_weeks')]).toBe('10');
    expect(row[columns.indexOf('warranty_months')]).toBe(0);

    for (const [kind, format] of [
      ['machines', 'csv'],
      ['machines', 'xlsx'],
      ['spare-parts', 'csv'],
    ] as const) {
      const file = await exported(kind, format);
      const summary = await preview(kind, file, `export.${format}`);
      expect(summary, `${kind} ${format}`).toMatchObject({ create: 0, update: 0, invalidRows: 0, errors: [] });
      expect(summary.unchanged).toBe(summary.rows);
    }
  });
});
