import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import type { ImportKind, ImportProgressLine, ImportSummary, Machine, Service, SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { pngImage } from '../helpers/images';
import { imageStored } from '../helpers/storage';
import { zipOf } from '../helpers/zip';
import { itemsNamedBy } from '../../src/modules/catalogue-import/import-plan';
import { loadItemsForImport } from '../../src/modules/catalogue-import/import.repository';
import { signInAs } from '../helpers/staff';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const revision = async () =>
  Number((await t.ctx.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow()).revision);
const importAudits = async () =>
  t.ctx.db.selectFrom('audit_log').selectAll().where('action', 'like', 'catalogue.%').orderBy('at').execute();
const itemRows = async () =>
  t.ctx.db.selectFrom('items').select(['id', 'updated_at', 'version']).orderBy('id').execute();

async function send(kind: ImportKind, data: Buffer | string, query: string, name = 'file.csv', path = '') {
  const body = await multipart({}, [{ name, type: 'application/octet-stream', data: Buffer.from(data) }], 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogue-import/${kind}${path}${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

async function preview(kind: ImportKind, data: Buffer | string, name?: string): Promise<ImportSummary> {
  const response = await send(kind, data, '?mode=preview', name);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportSummary>();
}

/** Imports a file after previewing it, as the screen does; returns the stream's lines. */
async function importFile(kind: ImportKind, data: Buffer | string, name?: string): Promise<ImportProgressLine[]> {
  const { planId } = await preview(kind, data, name);
  const response = await send(kind, data, `?mode=apply&planId=${planId}`, name);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
  const lines = response.body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportProgressLine);
  expect(lines.at(-1)?.type, response.body).toBe('done');
  return lines;
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

const MACHINES_CSV = [
  'code,name,description,category,brand,price,original price,features,spec: Bar capacity [mm],spec: Spindle speed [rpm],spec: Motor power [kW],spec: Coolant',
  'IMP-38,Import Lathe 38,A capstan lathe for bar work.,capstan-lathe,Kovai,"15,00,000",1600000,"Hardened bed\nSix-station turret",38 (max),2000,3.7,Flood',
  'IMP-50,Import Lathe 50,A bigger capstan lathe.,Capstan lathe,,,,,50,1500,5.5,',
].join('\r\n');

const PARTS_CSV = [
  'code,name,description,price,fits,spec: Bore [mm],spec: Material',
  'IMP38-COL-25,Import collet 25,Spring collet.,1850,IMP-38; imp-50,25,EN-31',
  'IMP38-BRG-01,Import bearing,Spindle bearing.,,IMP-38,40,Chrome steel',
].join('\n');

const SERVICES_CSV = [
  'code,name,description,spec: Response time [number],spec: Coverage',
  'SVC-AMC,Annual maintenance,"Two visits a year, parts at cost.",48,Tamil Nadu and Kerala',
  'SVC-RTF,Retrofit,Old lathes get new drives.,,',
].join('\n');

describe('catalogue import (CSV and xlsx)', () => {
  it('previews, then imports machines and parts with codes, categories, typed specs and fits, audited once', async () => {
    const revisionBefore = await revision();
    const machinesPreview = await preview('machines', MACHINES_CSV);
    expect(machinesPreview).toMatchObject({ rows: 2, create: 2, update: 0, unchanged: 0, invalidRows: 0, errors: [] });
    expect(await revision()).toBe(revisionBefore);
    expect((await itemRows()).length).toBe(0);

    const lines = await importFile('machines', MACHINES_CSV, 'machines.csv');
    expect(lines).toContainEqual({ type: 'progress', done: 2, total: 2 });
    expect(await revision()).toBe(revisionBefore + 1);

    await importFile('spare-parts', PARTS_CSV);
    const machines = (await t.app.inject({ method: 'GET', url: '/api/products?category=machine&limit=100' })).json<
      Machine[]
    >();
    const lathe = machines.find((m) => m.code === 'IMP-38');
    expect(lathe).toMatchObject({
      name: 'Import Lathe 38',
      category: 'capstan-lathe',
      brand: 'Kovai',
      price: 1500000,
      originalPrice: 1600000,
      features: ['Hardened bed', 'Six-station turret'],
    });
    const bigger = machines.find((m) => m.code === 'IMP-50');
    expect(bigger?.category).toBe('capstan-lathe');
    const details = (await t.app.inject({ method: 'GET', url: `/api/products/${lathe?.id}` })).json<Machine>();
    expect(details.specificationList).toEqual([
      { key: 'Bar capacity', value: 'max', number: 38, unit: 'mm' },
      { key: 'Spindle speed', value: '', number: 2000, unit: 'rpm' },
      { key: 'Motor power', value: '', number: 3.7, unit: 'kW' },
      { key: 'Coolant', value: 'Flood' },
    ]);

    const parts = (await t.app.inject({ method: 'GET', url: `/api/spareparts?machine=${bigger?.id}` })).json<
      SparePart[]
    >();
    expect(parts.map((p) => p.code)).toEqual(['IMP38-COL-25']);
    const collet = parts[0];
    expect([...(collet?.fits ?? [])].sort()).toEqual([lathe?.id, bigger?.id].sort());
    expect(collet?.price).toBe(1850);

    const audits = await importAudits();
    expect(audits).toHaveLength(2);
    expect(audits[0]?.action).toBe('catalogue.import');
    expect(JSON.parse(audits[0]?.changes ?? '{}')).toMatchObject({
      file: { after: 'machines.csv' },
      created: { after: 2 },
      updated: { after: 0 },
    });
  });

  it('lists every invalid cell with its line, column and reason, and a bad file changes nothing', async () => {
    const bad = [
      'code,name,description,price,fits,spec: Bore [mm],spec: Material',
      'IMP38-COL-30,Collet 30,Spring collet.,abc,IMP-38,30,EN-31',
      ',,Needs a name.,100,,12,Brass',
      'IMP38-COL-32,Collet 32,Spring collet.,100,NP-999,thirty,EN-31',
      'IMP38-COL-25,Collet renamed,Spring collet.,100,IMP-38,25,EN-31',
    ].join('\n');
    const before = await itemRows();
    const revisionBefore = await revision();
    const summary = await preview('spare-parts', bad);
    expect(summary).toMatchObject({ rows: 4, invalidRows: 3, create: 0, update: 1 });
    expect(summary.errors).toEqual([
      { line: 2, column: 'price', message: 'Price must be a number' },
      { line: 3, column: 'name', message: 'Name is required' },
      { line: 4, column: 'fits', message: 'Unknown machine in fits: NP-999' },
      {
        line: 4,
        column: 'spec: Bore [mm]',
        message: '"thirty" is not a number: write a number such as 38, or 38 (max) with a remark',
      },
    ]);

    const applied = await send('spare-parts', bad, '?mode=apply');
    expect(applied.statusCode).toBe(400);
    expect(applied.json<{ message: string }>().message).toBe(
      'The file has 4 invalid cells in 3 rows: nothing was imported.',
    );
    expect(await itemRows()).toEqual(before);
    expect(await revision()).toBe(revisionBefore);
  });

  it('refuses a wrong header, a file that is not CSV or xlsx, and a file too large', async () => {
    const header = await preview('spare-parts', 'code,name,colour,category\nX,Y,red,Z\n');
    expect(header.errors.map((e) => [e.line, e.message])).toEqual([
      [
        1,
        'Unknown column "colour": the columns are id, code, name, description, price, fits, availability, lead_time_weeks, warranty_months, hsn_code, gst_rate, name_ta, name_hi, description_ta, description_hi, and "spec: Name [unit]"',
      ],
      [1, 'Column "category" is not used for spare parts'],
    ]);
    expect((await send('spare-parts', 'code,name,colour\nX,Y,red\n', '?mode=apply')).statusCode).toBe(400);

    const png = await send('spare-parts', await pngImage(), '?mode=preview', 'photo.csv');
    expect(png.statusCode).toBe(400);
    expect(png.json<{ message: string }>().message).toMatch(/not UTF-8|not a CSV/);
    const fakeXlsx = await send('spare-parts', Buffer.from('PK\u0003\u0004 not really'), '?mode=preview', 'a.xlsx');
    expect(fakeXlsx.json<{ message: string }>().message).toBe(
      'The file is not a CSV or Excel (.xlsx) file we can read.',
    );

    const huge = await send('spare-parts', Buffer.alloc(20 * 1024 * 1024 + 1, 'a'), '?mode=preview');
    expect(huge.statusCode).toBe(413);
  });

  it('updates by code, refuses a code another item has, and refuses a confirm whose plan changed', async () => {
    const file = 'code,price\nIMP38-COL-25,1999\nIMP38-BRG-01,\n';
    const summary = await preview('spare-parts', file);
    expect(summary).toMatchObject({ update: 1, unchanged: 1, create: 0 });
    expect(summary.changes).toEqual([
      { line: 2, action: 'update', code: 'IMP38-COL-25', name: 'Import collet 25', fields: ['price'] },
    ]);

    const other = await preview('spare-parts', 'code,price\nIMP38-COL-25,2222\n');
    const stale = await send('spare-parts', file, `?mode=apply&planId=${other.planId}`);
    expect(stale.statusCode).toBe(409);

    await importFile('spare-parts', file);
    const parts = (await t.app.inject({ method: 'GET', url: '/api/spareparts?limit=100' })).json<SparePart[]>();
    const id = parts.find((p) => p.code === 'IMP38-COL-25')?.id;
    const collet = (await t.app.inject({ method: 'GET', url: `/api/spareparts/${id}` })).json<SparePart>();
    expect(collet.price).toBe(1999);
    // The columns left out kept their values.
    expect(collet.specificationList.map((s) => s.key)).toEqual(['Bore', 'Material']);
    expect(collet.fits).toHaveLength(2);

    const ids = await t.ctx.db.selectFrom('items').select(['id', 'code']).where('kind', '=', 'spare').execute();
    const bearing = ids.find((row) => row.code === 'IMP38-BRG-01');
    const clash = await preview('spare-parts', `id,code\n${bearing?.id},imp38-col-25\n`);
    expect(clash.errors).toEqual([
      { line: 2, column: 'code', message: 'A spare part with code imp38-col-25 already exists.' },
    ]);
    const twice = await preview('services', 'code,name,description\nNEW-1,A,B\nnew-1,C,D\n');
    expect(twice.errors).toEqual([{ line: 3, column: 'code', message: 'Code new-1 is also on line 2' }]);
  });

  it('imports services with codes and specifications', async () => {
    const summary = await preview('services', SERVICES_CSV);
    expect(summary).toMatchObject({ rows: 2, create: 2, update: 0, invalidRows: 0, errors: [] });
    await importFile('services', SERVICES_CSV, 'services.csv');
    const services = (await t.app.inject({ method: 'GET', url: '/api/services?limit=100' })).json<Service[]>();
    const amc = services.find((service) => service.code === 'SVC-AMC');
    expect(amc).toMatchObject({ name: 'Annual maintenance', description: 'Two visits a year, parts at cost.' });
    const details = (await t.app.inject({ method: 'GET', url: `/api/services/${amc?.id}` })).json<Service>();
    expect(details.specificationList).toEqual([
      { key: 'Response time', value: '', number: 48, unit: null },
      { key: 'Coverage', value: 'Tamil Nadu and Kerala' },
    ]);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`export → import of the ${format} file with no edits reports everything unchanged and changes nothing`, async () => {
      for (const kind of ['machines', 'spare-parts', 'services'] as const) {
        const file = await exported(kind, format);
        const before = await itemRows();
        const revisionBefore = await revision();
        const auditsBefore = (await importAudits()).length;
        const summary = await preview(kind, file, `export.${format}`);
        expect(summary).toMatchObject({ create: 0, update: 0, invalidRows: 0, errors: [] });
        expect(summary.unchanged).toBe(summary.rows);
        expect(summary.rows).toBe(2);
        await importFile(kind, file, `export.${format}`);
        expect(await itemRows()).toEqual(before);
        expect(await revision()).toBe(revisionBefore);
        expect((await importAudits()).length).toBe(auditsBefore);
      }
    });
  }

  it('exports the columns the import reads, typed specifications with their unit in the header', async () => {
    const [header, ...rows] = await readXlsxFile(await exported('machines', 'xlsx')).then(
      (sheets) => sheets[0]?.data ?? [],
    );
    expect(header).toEqual([
      'id',
      'code',
      'name',
      'description',
      'category',
      'brand',
      'price',
      'original price',
      'features',
      'availability',
      'lead_time_weeks',
      'warranty_months',
      'hsn_code',
      'gst_rate',
      'name_ta',
      'name_hi',
      'description_ta',
      'description_hi',
      'features_ta',
      'features_hi',
      'spec: Bar capacity [mm]',
      'spec: Spindle speed [rpm]',
      'spec: Motor power [kW]',
      'spec: Coolant',
    ]);
    const lathe = rows.find((row) => row[1] === 'IMP-38');
    expect(lathe?.slice(6)).toEqual([
      1500000,
      1600000,
      'Hardened bed\nSix-station turret',
      // Its kind's default availability and warranty (decision 051).
      null,
      null,
      null,
      // Its kind's HSN code and GST rate, stored (decision 075).
      '8458',
      18,
      // No Tamil or Hindi texts (decision 072).
      ...Array<null>(6).fill(null),
      '38 (max)',
      2000,
      3.7,
      'Flood',
    ]);
    const csv = (await exported('spare-parts', 'csv')).toString('utf8');
    expect(
      csv.startsWith(
        '\uFEFF"id","code","name","description","price","fits","availability","lead_time_weeks","warranty_months","hsn_code","gst_rate","name_ta","name_hi","description_ta","description_hi","spec: Bore [mm]","spec: Material"\r\n',
      ),
    ).toBe(true);
    expect(csv).toContain('"IMP-38; IMP-50"');
  });
});

describe('pictures from a ZIP named by code', () => {
  it('sets the pictures of the items it names, through the image pipeline, audited once', async () => {
    const zip = zipOf([
      { name: 'IMP38-COL-25.png', data: await pngImage(80, 60, '#ff0000') },
      { name: 'photos/IMP38-COL-25-2.png', data: await pngImage(80, 60, '#00ff00') },
      { name: '__MACOSX/._IMP38-COL-25.png', data: Buffer.from('junk') },
      { name: 'imp38-brg-01.png', data: await pngImage(60, 60, '#0000ff') },
    ]);
    const revisionBefore = await revision();
    const response = await send('spare-parts', zip, '', 'pictures.zip', '/pictures');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ kind: 'spare-parts', items: 2, pictures: 3 });
    expect(await revision()).toBe(revisionBefore + 1);
    const parts = (await t.app.inject({ method: 'GET', url: '/api/spareparts?limit=100' })).json<SparePart[]>();
    const collet = parts.find((p) => p.code === 'IMP38-COL-25');
    expect(collet?.images).toHaveLength(2);
    for (const url of collet?.images ?? []) expect(await imageStored(t, url)).toBe(true);
    expect((await importAudits()).at(-1)?.action).toBe('catalogue.pictures');

    // Again: the pictures are replaced, not added, and the old files go.
    const old = collet?.images ?? [];
    const again = await send(
      'spare-parts',
      zipOf([{ name: 'IMP38-COL-25.png', data: await pngImage() }]),
      '',
      'p.zip',
      '/pictures',
    );
    expect(again.statusCode, again.body).toBe(200);
    const now = (await t.app.inject({ method: 'GET', url: `/api/spareparts/${collet?.id}` })).json<SparePart>();
    expect(now.images).toHaveLength(1);
    for (const url of old) expect(await imageStored(t, url)).toBe(false);
  });

  it('refuses a ZIP with an unknown code, a picture that is not an image, or not a ZIP, changing nothing', async () => {
    const before = await t.ctx.db.selectFrom('images').select('id').orderBy('id').execute();
    const revisionBefore = await revision();

    const unknown = await send(
      'spare-parts',
      zipOf([{ name: 'NOPE-1.png', data: await pngImage() }]),
      '',
      'p.zip',
      '/pictures',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ message: string }>().message).toContain('"NOPE-1.png" names no spare part by its code');

    const notImage = await send(
      'spare-parts',
      zipOf([
        { name: 'IMP38-COL-25.png', data: await pngImage() },
        { name: 'IMP38-BRG-01.jpg', data: Buffer.from('not a picture at all') },
      ]),
      '',
      'p.zip',
      '/pictures',
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json<{ message: string }>().message).toBe(
      '"IMP38-BRG-01.jpg" is not an image we can read: send JPEG, PNG or WebP',
    );

    const tooMany = zipOf(
      await Promise.all(
        [1, 2, 3, 4, 5, 6, 7].map(async (n) => ({ name: `IMP38-COL-25-${n}.png`, data: await pngImage() })),
      ),
    );
    const many = await send('spare-parts', tooMany, '', 'p.zip', '/pictures');
    expect(many.statusCode).toBe(400);
    expect(many.json<{ message: string }>().message).toContain('an item can have at most 6 images');

    const notZip = await send('spare-parts', Buffer.from('hello'), '', 'p.zip', '/pictures');
    expect(notZip.json<{ message: string }>().message).toBe('The pictures file is not a ZIP archive we can read.');

    expect(await t.ctx.db.selectFrom('images').select('id').orderBy('id').execute()).toEqual(before);
    expect(await revision()).toBe(revisionBefore);
  });
});

describe('import access', () => {
  it('needs a signed-in staff member with catalogue permission', async () => {
    const body = await multipart({}, [{ name: 'a.csv', type: 'text/csv', data: Buffer.from('name\nA\n') }], 'file');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/catalogue-import/services?mode=preview',
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalogue-export/services' })).statusCode).toBe(401);
  });

  it('lets sales download every export (the price list), but not import anything', async () => {
    const sales = await signInAs(t, 'sales');
    for (const kind of ['machines', 'spare-parts', 'services'] as const) {
      for (const format of ['csv', 'xlsx'] as const) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/catalogue-export/${kind}?format=${format}`,
          headers: bearer(sales.token),
        });
        expect(response.statusCode, `${kind}.${format}`).toBe(200);
        // The same sheet as staff get. An xlsx is compared by its cells: the zip inside stamps each
        // entry with the time it was written, so two downloads a second apart differ in those bytes.
        if (format === 'csv') expect(response.rawPayload).toEqual(await exported(kind, format));
        else expect(await readXlsxFile(response.rawPayload)).toEqual(await readXlsxFile(await exported(kind, format)));
      }
    }
    const before = await itemRows();
    const body = await multipart({}, [{ name: 'a.csv', type: 'text/csv', data: Buffer.from(SERVICES_CSV) }], 'file');
    for (const path of ['?mode=preview', '?mode=apply', '/pictures']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/catalogue-import/services${path}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(sales.token) },
      });
      expect(response.statusCode, path).toBe(403);
    }
    expect(await itemRows()).toEqual(before);
  });
});

describe('formula guard round trip (CSV)', () => {
  it('keeps phone numbers and signed numbers as typed, guards formulas, and imports its own export unchanged', async () => {
    const csv = [
      'code,name,description,spec: Helpline,spec: Offset,spec: Note,spec: Sum',
      `SVC-GUARD,Guarded service,"=HYPERLINK(""http://x.example"",""Click"")",+91 98430 12345,-5,'+91 old export,-2+3`,
    ].join('\n');
    await importFile('services', csv);
    const [detail] = (
      await t.app.inject({ method: 'GET', url: '/api/services?q=Guarded+service', headers: bearer(token) })
    ).json<Service[]>();
    const service = (await t.app.inject({ method: 'GET', url: `/api/services/${detail?.id}` })).json<Service>();
    expect(service.description).toBe('=HYPERLINK("http://x.example","Click")');
    // An apostrophe before a sign is how earlier exports marked text: it is not part of the value.
    expect(service.specificationList.map((spec) => [spec.key, spec.value])).toEqual([
      ['Helpline', '+91 98430 12345'],
      ['Offset', '-5'],
      ['Note', '+91 old export'],
      ['Sum', '-2+3'],
    ]);

    const file = await exported('services', 'csv');
    const row = file
      .toString('utf8')
      .split('\r\n')
      .find((line) => line.includes('"SVC-GUARD"'));
    expect(row).toContain(`"'=HYPERLINK(""http://x.example"",""Click"")"`);
    expect(row).toContain('"+91 98430 12345","-5","\'+91 old export","\'-2+3"');

    const before = await itemRows();
    const summary = await preview('services', file, 'export.csv');
    expect(summary).toMatchObject({ create: 0, update: 0, invalidRows: 0, errors: [] });
    expect(summary.unchanged).toBe(summary.rows);
    expect(await itemRows()).toEqual(before);
  });
});

// Last: it adds a part the tests above do not expect.
describe('what an import plans against, and what it changes', () => {
  it('changes the parts listed on the pages of the machines they fit, even when those were cached', async () => {
    const machines = (await t.app.inject({ method: 'GET', url: '/api/products?limit=100' })).json<Machine[]>();
    const lathe = machines.find((machine) => machine.code === 'IMP-38')!;
    const partsOnPage = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${lathe.id}` })).json<Machine>().partsThatFit ?? [];
    expect((await partsOnPage()).find((part) => part.code === 'IMP38-COL-25')?.price).toBe(1999);
    await importFile('spare-parts', 'code,price\nIMP38-COL-25,2499\n');
    expect((await partsOnPage()).find((part) => part.code === 'IMP38-COL-25')?.price).toBe(2499);
  });

  it('plans against the items the file names by id or code, with their specifications and fits', async () => {
    await importFile(
      'spare-parts',
      'code,name,description,fits,spec: Bore [mm],spec: Material\nIMP38-OTHER,Other part,Not in the file below.,IMP-38,30,EN-8\n',
    );
    const parts = await t.ctx.db.selectFrom('items').select(['id', 'code']).where('kind', '=', 'spare').execute();
    expect(parts.map((part) => part.code)).toContain('IMP38-OTHER');
    const bearing = parts.find((row) => row.code === 'IMP38-BRG-01')!;
    const sheet = {
      header: ['id', 'code', 'price'],
      rows: [
        { line: 2, cells: [bearing.id, ' imp38-col-25 ', '10'] },
        { line: 3, cells: ['', 'IMP38-BRG-01', '11'] },
        { line: 4, cells: ['', 'NOT-STORED', '12'] },
      ],
    };
    const named = itemsNamedBy('spare-parts', sheet);
    expect(named).toEqual({ ids: [bearing.id], codeKeys: ['imp38-col-25', 'imp38-brg-01', 'not-stored'] });
    const stored = await loadItemsForImport(t.ctx.db, 'spare', named);
    // Read once each, though the bearing is named by its id and its code; no other part is read.
    expect(stored.map((item) => item.code).sort()).toEqual(['IMP38-BRG-01', 'IMP38-COL-25']);
    const collet = stored.find((item) => item.code === 'IMP38-COL-25')!;
    expect(collet.specifications.map((spec) => spec.key)).toEqual(['Bore', 'Material']);
    expect(collet.fits).toHaveLength(2);
  });
});
