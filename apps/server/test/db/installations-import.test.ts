import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuditPage,
  IMPORT_PLAN_CHANGED_MESSAGE,
  INSTALLATION_IMPORT_COLUMNS,
  type InstallationDetail,
  type InstallationImportSummary,
  type InstallationListResponse,
  WARRANTY_MONTHS_MESSAGE,
} from '@capstan/shared';
import { createMachine } from '../helpers/items';
import { createInstallation, importInstallations, installationBody } from '../helpers/installations';
import { signInAs, wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// Installed machines from and to CSV and Excel files (issue 40), with the catalogue importer's
// preview, per-line errors, valid rows on request and plan id.

let t: TestApp;
let token: string;
const machines: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machines.cl25 = (await createMachine(t, token, { name: 'CL-25 All-Geared Capstan Lathe', code: 'CL-25' })).id;
  machines.tc200 = (await createMachine(t, token, { name: 'TC-200 CNC Turning Centre', code: 'TC-200' })).id;
  machines.uncoded = (await createMachine(t, token, { name: 'Bar Feeder BF-1' })).id;
  // Site settings are stored on their first read (the default warranty is one): a site in use has them.
  await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(token) });
}, 60_000);
afterAll(async () => t.close());

const HEADER = INSTALLATION_IMPORT_COLUMNS.join(',');

async function preview(data: string | Buffer, name = 'machines.csv'): Promise<InstallationImportSummary> {
  const response = await importInstallations(t, token, { name, data }, { mode: 'preview' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InstallationImportSummary>();
}

async function apply(data: string | Buffer, mode: 'apply' | 'valid-rows' = 'apply', name = 'machines.csv') {
  const { planId } = await preview(data, name);
  const response = await importInstallations(t, token, { name, data }, { mode, planId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<InstallationImportSummary>();
}

async function exported(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/installations/export?format=${format}`,
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return response.rawPayload;
}

const bySerial = async (serial: string): Promise<InstallationDetail> => {
  const list = await t.app.inject({ method: 'GET', url: `/api/installations?q=${serial}`, headers: bearer(token) });
  const found = list.json<InstallationListResponse>().installations.find((row) => row.serial === serial);
  if (!found) throw new Error(`no machine ${serial}`);
  const read = await t.app.inject({ method: 'GET', url: `/api/installations/${found.id}`, headers: bearer(token) });
  return read.json<InstallationDetail>();
};

const FIRST_FILE = [
  HEADER,
  'IMP-001,cl-25,Kovai Auto Components,Arjun Mehta,+91 94430 11111,arjun@kovai.example,,Tamil Nadu,"Peelamedu, Coimbatore",ta,INV-1,02-04-2026,2026-04-10,,Fanuc,',
  'IMP-002,TC-200 CNC Turning Centre,Rao Auto Components,Manjunath Rao,080 2345 6789,,,29,,English,,,46143,12,Siemens,Two shifts',
  'IMP-003,NOPE-1,Velan Valves,,12,bad-email,,XX,,fr,,,2026-13-01,200,,',
  ' imp-001,CL-25,Another company,A. N. Other,9999999999,,,,,,,,2026-01-01,,,',
].join('\n');

describe('importing a file of installed machines', () => {
  it('previews what each row would do and every invalid cell, with its line, column and the form’s message', async () => {
    const before = await wholeState(t);
    const summary = await preview(FIRST_FILE);
    expect(summary).toMatchObject({
      kind: 'installations',
      rows: 4,
      create: 2,
      update: 0,
      unchanged: 0,
      invalidRows: 2,
    });
    expect(summary.errors).toEqual([
      {
        line: 4,
        column: 'model',
        message: 'Unknown model "NOPE-1": write the code or the English name of a machine of the catalogue',
      },
      { line: 4, column: 'contact_name', message: 'Contact person is required' },
      { line: 4, column: 'phone', message: 'Enter a valid phone number' },
      { line: 4, column: 'email', message: 'Enter a valid email address' },
      { line: 4, column: 'state', message: 'Choose a state from the list' },
      { line: 4, column: 'language', message: 'The language must be en, ta or hi' },
      { line: 4, column: 'commissioned_on', message: 'Commissioning date must be a date (YYYY-MM-DD)' },
      { line: 4, column: 'warranty_months', message: WARRANTY_MONTHS_MESSAGE },
      { line: 5, column: 'serial', message: 'Serial IMP-001 is also on line 2' },
    ]);
    expect(summary.errorCount).toBe(9);
    expect(summary.changes).toEqual([
      { line: 2, action: 'create', code: 'IMP-001', name: 'Kovai Auto Components', fields: [] },
      { line: 3, action: 'create', code: 'IMP-002', name: 'Rao Auto Components', fields: [] },
    ]);
    expect(await wholeState(t)).toEqual(before);
  });

  it('refuses to apply a file with an invalid row, and changes nothing', async () => {
    const { planId } = await preview(FIRST_FILE);
    const before = await wholeState(t);
    const response = await importInstallations(
      t,
      token,
      { name: 'machines.csv', data: FIRST_FILE },
      { mode: 'apply', planId },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The file has 9 invalid cells in 2 rows: nothing was imported.' });
    expect(await wholeState(t)).toEqual(before);
  });

  it('imports the valid rows on request and answers the others as a file to correct', async () => {
    const summary = await apply(FIRST_FILE, 'valid-rows');
    expect(summary).toMatchObject({ create: 2, invalidRows: 2 });
    const rejected = (summary.rejectedCsv ?? '').replace(/^\uFEFF/, '').split('\r\n');
    expect(rejected[0]).toBe(`${INSTALLATION_IMPORT_COLUMNS.map((c) => `"${c}"`).join(',')},"errors"`);
    expect(rejected[1]).toContain('"IMP-003"');
    expect(rejected[1]).toContain('Line 4, contact_name: Contact person is required');
    expect(rejected[rejected.length - 2]).toContain('Line 5, serial: Serial IMP-001 is also on line 2');

    expect(await bySerial('IMP-001')).toMatchObject({
      machineId: machines.cl25,
      model: 'CL-25 All-Geared Capstan Lathe',
      customer: { company: 'Kovai Auto Components', state: '33', address: 'Peelamedu, Coimbatore', language: 'ta' },
      invoiceDate: '2026-04-02',
      commissionedOn: '2026-04-10',
      // An empty warranty is Site → Company's default.
      warrantyMonths: 24,
      warrantyEndsOn: '2028-04-09',
      notes: null,
    });
    expect(await bySerial('IMP-002')).toMatchObject({
      machineId: machines.tc200,
      customer: { state: '29', language: 'en', email: null },
      // Excel's day number 46143 is 2026-05-01.
      commissionedOn: '2026-05-01',
      warrantyMonths: 12,
      warrantyEndsOn: '2027-04-30',
    });
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?action=installation.import',
      headers: bearer(token),
    });
    expect(audit.json<AuditPage>().entries[0]?.changes).toEqual({
      file: { before: null, after: 'machines.csv' },
      created: { before: null, after: 2 },
      updated: { before: null, after: 0 },
      unchanged: { before: null, after: 0 },
      rejected: { before: null, after: 2 },
    });
  });

  it('updates by serial only the columns the file has: an empty cell clears, a missing column keeps', async () => {
    const before = await bySerial('IMP-002');
    const file = ['Serial,PHONE,control_make', 'imp-002 ,+91 94430 22222,'].join('\n');
    const summary = await preview(file);
    expect(summary).toMatchObject({ rows: 1, create: 0, update: 1, unchanged: 0 });
    expect(summary.changes).toEqual([
      { line: 2, action: 'update', code: 'IMP-002', name: 'Rao Auto Components', fields: ['phone', 'control_make'] },
    ]);
    await apply(file);
    const after = await bySerial('IMP-002');
    expect(after).toEqual({
      ...before,
      customer: { ...before.customer, phone: '+91 94430 22222' },
      controlMake: null,
      updatedAt: expect.any(String),
    });
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  it('refuses with 409 a file whose effect changed since its preview', async () => {
    const file = ['serial,notes', 'IMP-001,Checked on site'].join('\n');
    const { planId } = await preview(file);
    const machine = await bySerial('IMP-001');
    await t.app.inject({
      method: 'PUT',
      url: `/api/installations/${machine.id}`,
      headers: bearer(token),
      payload: { notes: 'Edited meanwhile' },
    });
    const before = await wholeState(t);
    const response = await importInstallations(t, token, { name: 'm.csv', data: file }, { mode: 'apply', planId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: IMPORT_PLAN_CHANGED_MESSAGE });
    expect(await wholeState(t)).toEqual(before);
  });

  it('says what is wrong with the header', async () => {
    const summary = await preview(['serial,modle,company', 'X-1,CL-25,Co'].join('\n'));
    expect(summary.errors).toEqual([
      {
        line: 1,
        column: null,
        message: `Unknown column "modle": the columns are ${INSTALLATION_IMPORT_COLUMNS.join(', ')}`,
      },
    ]);
    const noSerial = await preview(['model,company', 'CL-25,Co'].join('\n'));
    expect(noSerial.errors.map((error) => error.message)).toEqual([
      'The file needs a serial column: each row is the machine with that serial number',
    ]);
    expect(noSerial.invalidRows).toBe(1);
  });

  it('is refused to sales, who may only download the register', async () => {
    const sales = (await signInAs(t, 'sales')).token;
    const response = await importInstallations(t, sales, { name: 'm.csv', data: FIRST_FILE }, { mode: 'preview' });
    expect(response.statusCode).toBe(403);
  });
});

describe('exporting the register', () => {
  beforeAll(async () => {
    // Cells a spreadsheet would take for formulas, line breaks, commas, quotes and Tamil text.
    await createInstallation(
      t,
      token,
      installationBody(machines.uncoded ?? '', {
        serial: 'EXP/7-A',
        customer: {
          company: 'Sri "Murugan", Engineering',
          contactName: 'செந்தில் குமார்',
          phone: '+91 98430 55555',
          address: 'Plot 12,\nSIDCO Estate, Kurichi',
          language: 'ta',
        },
        notes: '=HYPERLINK("x")\nsecond line',
      }),
    );
    // A machine whose model has left the catalogue keeps the name the register knows it by.
    const gone = await createMachine(t, token, { name: 'Old Model OM-1', code: 'OM-1' });
    await createInstallation(t, token, installationBody(gone.id, { serial: 'EXP-OLD' }));
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${gone.id}`, headers: bearer(token) });
    expect(deleted.statusCode).toBe(204);
  });

  it('writes the import’s columns, and an unedited CSV export imports as unchanged', async () => {
    const csv = await exported('csv');
    const text = csv.toString('utf8');
    expect(text.startsWith(`\uFEFF${INSTALLATION_IMPORT_COLUMNS.map((c) => `"${c}"`).join(',')}\r\n`)).toBe(true);
    expect(text).toContain('"Bar Feeder BF-1"');
    expect(text).toContain('"Old Model OM-1"');
    expect(text).toContain(`"'=HYPERLINK(""x"")`);
    const total = (
      await t.app.inject({ method: 'GET', url: '/api/installations', headers: bearer(token) })
    ).json<InstallationListResponse>().total;
    const summary = await preview(csv, 'installations.csv');
    expect(summary).toMatchObject({ rows: total, create: 0, update: 0, unchanged: total, invalidRows: 0, errors: [] });
    const before = await wholeState(t);
    expect(await apply(csv, 'apply', 'installations.csv')).toMatchObject({ unchanged: total });
    expect(await wholeState(t)).toEqual(before);
  });

  it('and so does an unedited Excel export', async () => {
    const xlsx = await exported('xlsx');
    expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
    const summary = await preview(xlsx, 'installations.xlsx');
    expect(summary).toMatchObject({ create: 0, update: 0, invalidRows: 0, errors: [] });
    expect(summary.unchanged).toBe(summary.rows);
  });

  it('answers a file staff may download with the register’s name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/installations/export', headers: bearer(token) });
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="installations-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
  });
});

describe('a larger file', () => {
  it('imports 2,000 new machines in one go, then finds them unchanged', async () => {
    const rows = Array.from(
      { length: 2000 },
      (_, n) =>
        `BULK-${String(n).padStart(5, '0')},CL-25,Bulk Buyer ${n},Contact ${n},+91 9${String(n).padStart(9, '0')},,,33,,en,,,2025-06-01,24,,`,
    );
    const file = [HEADER, ...rows].join('\n');
    const started = Date.now();
    expect(await apply(file)).toMatchObject({ create: 2000, invalidRows: 0 });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(await preview(file)).toMatchObject({ unchanged: 2000 });
  }, 60_000);
});
