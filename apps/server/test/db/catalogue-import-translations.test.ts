import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readXlsxFile from 'read-excel-file/node';
import {
  IMPORT_COLUMNS,
  type ImportKind,
  type ImportProgressLine,
  type ImportSummary,
  type ItemTranslations,
  type Machine,
  TRANSLATION_COLUMNS,
  TRANSLATION_COLUMNS_BY_KIND,
} from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

// The import and export carry the Tamil and Hindi texts (decision 072) in columns of their own
// (TRANSLATION_COLUMNS), patched like the item forms patch them: an absent column keeps a text, an
// empty cell removes it, a value sets it within the English field's limit.

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

const stored = async (code: string) =>
  t.ctx.db.selectFrom('items').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
const translationsOf = async (code: string): Promise<ItemTranslations> =>
  JSON.parse((await stored(code)).translations ?? '{}') as ItemTranslations;

const SPECS = 'spec: Bar capacity [mm],spec: Coolant';
const TAMIL_NAME = 'கேப்ஸ்டன் லேத் 38';
const HINDI_NAME = 'कैप्स्टन लेथ 38';

describe('translation columns', () => {
  it('imports Tamil and Hindi names, descriptions and key features, one feature a line', async () => {
    const csv = [
      // Headers are found ignoring case, like the fixed columns.
      `code,name,description,features,Name_TA,name_hi,description_ta,description_hi,features_ta,FEATURES_HI,${SPECS}`,
      `TR-38,Capstan lathe 38,A capstan lathe for bar work.,"Hardened bed\nSix-station turret",${TAMIL_NAME},${HINDI_NAME},பார் வேலைக்கான லேத்.,बार के काम की लेथ.,"கடினமான படுக்கை\n  ஆறு நிலை டரட்  \n","कठोर बेड\nछह स्टेशन टरेट",38,Flood`,
      `TR-50,Capstan lathe 50,A bigger capstan lathe.,,,,,,,,50,Mist`,
    ].join('\n');
    expect(await importFile('machines', csv)).toMatchObject({ create: 2, invalidRows: 0 });
    expect(await translationsOf('TR-38')).toEqual({
      ta: { name: TAMIL_NAME, description: 'பார் வேலைக்கான லேத்.', features: ['கடினமான படுக்கை', 'ஆறு நிலை டரட்'] },
      hi: { name: HINDI_NAME, description: 'बार के काम की लेथ.', features: ['कठोर बेड', 'छह स्टेशन टरेट'] },
    });
    // Empty cells of a new item: no translation, the English shows.
    expect((await stored('TR-50')).translations).toBeNull();

    // The public answer in Hindi: the import refreshed what buyers are served.
    const { id } = await stored('TR-38');
    const hindi = (await t.app.inject({ method: 'GET', url: `/api/products/${id}?lang=hi` })).json<Machine>();
    expect(hindi).toMatchObject({ name: HINDI_NAME, features: ['कठोर बेड', 'छह स्टेशन टरेट'] });
  });

  it('removes a text for an empty cell, keeps those whose column is absent, and lists what changes', async () => {
    const { id } = await stored('TR-38');
    // Specification labels are entered in the back office, not in the file: an import keeps them.
    const labels: ItemTranslations = {
      ...(await translationsOf('TR-38')),
      ta: { ...(await translationsOf('TR-38')).ta, specifications: { Coolant: 'குளிரூட்டி' } },
    };
    await t.ctx.db
      .updateTable('items')
      .set({ translations: JSON.stringify(labels) })
      .where('id', '=', id)
      .execute();

    const file = `id,name_ta,features_hi\n${id},,"नया बेड\nआठ स्टेशन टरेट"`;
    const summary = await preview('machines', file);
    expect(summary.changes).toEqual([
      { line: 2, action: 'update', code: 'TR-38', name: 'Capstan lathe 38', fields: ['name_ta', 'features_hi'] },
    ]);
    await importFile('machines', file);
    expect(await translationsOf('TR-38')).toEqual({
      ta: {
        description: 'பார் வேலைக்கான லேத்.',
        features: ['கடினமான படுக்கை', 'ஆறு நிலை டரட்'],
        specifications: { Coolant: 'குளிரூட்டி' },
      },
      hi: { name: HINDI_NAME, description: 'बार के काम की लेथ.', features: ['नया बेड', 'आठ स्टेशन टरेट'] },
    });
    const tamil = (await t.app.inject({ method: 'GET', url: `/api/products/${id}?lang=ta` })).json<Machine>();
    expect(tamil.name).toBe('Capstan lathe 38');

    // No translation column: a price change keeps every text.
    const before = await translationsOf('TR-38');
    const priced = await importFile('machines', 'code,price\nTR-38,1500000');
    expect(priced.changes[0]?.fields).toEqual(['price']);
    expect(await translationsOf('TR-38')).toEqual(before);

    // The same texts again change nothing.
    const same = await preview('machines', `code,name_hi,description_ta\nTR-38,${HINDI_NAME},பார் வேலைக்கான லேத்.`);
    expect(same).toMatchObject({ update: 0, unchanged: 1, invalidRows: 0 });
  });

  it('refuses a Hindi name over the English limit for that row, which changes nothing', async () => {
    const before = await stored('TR-38');
    const file = `code,name,name_hi\nTR-38,Renamed lathe,${'न'.repeat(201)}\nTR-50,Capstan lathe 50,कैप्स्टन लेथ 50`;
    const summary = await preview('machines', file);
    expect(summary).toMatchObject({ invalidRows: 1, update: 1 });
    expect(summary.errors).toEqual([{ line: 2, column: 'name_hi', message: 'Name must be at most 200 characters' }]);

    const refused = await send('machines', file, `?mode=apply&planId=${summary.planId}`);
    expect(refused.statusCode).toBe(400);
    const valid = await send('machines', file, `?mode=valid-rows&planId=${summary.planId}`);
    expect(valid.statusCode, valid.body).toBe(200);
    expect(await stored('TR-38')).toEqual(before);
    expect(await translationsOf('TR-50')).toEqual({ hi: { name: 'कैप्स्टन लेथ 50' } });
  });

  it('takes names and descriptions for spare parts and services, and refuses their key features like features', async () => {
    await importFile(
      'spare-parts',
      'code,name,description,name_ta,description_hi,spec: Bore [mm],spec: Material\n' +
        'TR-COL,Spring collet,Spring collet for TR-38.,ஸ்பிரிங் கோலெட்,टीआर-38 के लिए स्प्रिंग कोलेट।,25,EN-31',
    );
    expect(await translationsOf('TR-COL')).toEqual({
      ta: { name: 'ஸ்பிரிங் கோலெட்' },
      hi: { description: 'टीआर-38 के लिए स्प्रिंग कोलेट।' },
    });
    await importFile(
      'services',
      'code,name,description,name_hi\nTR-AMC,Annual maintenance,Two visits a year.,वार्षिक रखरखाव',
    );
    expect(await translationsOf('TR-AMC')).toEqual({ hi: { name: 'वार्षिक रखरखाव' } });

    for (const kind of ['spare-parts', 'services'] as const) {
      const english = await preview(kind, 'code,features\nTR-COL,Hard');
      const tamil = await preview(kind, 'code,features_ta\nTR-COL,கடினம்');
      expect(english.errors).toEqual([
        { line: 1, column: null, message: `Column "features" is not used for ${kind.replace('-', ' ')}` },
      ]);
      expect(tamil.errors).toEqual([
        { line: 1, column: null, message: `Column "features_ta" is not used for ${kind.replace('-', ' ')}` },
      ]);
    }
    const twice = await preview('services', 'code,name_ta,NAME_TA\nTR-AMC,a,b');
    expect(twice.errors).toEqual([{ line: 1, column: null, message: 'Column "NAME_TA" appears twice' }]);
  });

  it('exports each item’s texts in the columns of its kind, empty when none, as CSV and as a workbook', async () => {
    const csv = (await exported('machines', 'csv')).toString('utf8');
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toContain(
      '"warranty_months","hsn_code","gst_rate","name_ta","name_hi","description_ta","description_hi","features_ta","features_hi","spec: ',
    );
    expect(lines.find((line) => line.includes('"TR-38"'))).toContain(
      `"","${HINDI_NAME}","பார் வேலைக்கான லேத்.","बार के काम की लेथ.","கடினமான படுக்கை\nஆறு நிலை டரட்","नया बेड\nआठ स्टेशन टरेट"`,
    );
    expect(lines.find((line) => line.includes('"TR-50"'))).toContain('"","कैप्स्टन लेथ 50","","","",""');

    const [columns = [], ...rows] = await readXlsxFile(await exported('machines', 'xlsx')).then(
      (sheets) => sheets[0]?.data ?? [],
    );
    const row = rows.find((cells) => cells[1] === 'TR-38') ?? [];
    const cellOf = (column: string) => row[columns.indexOf(column)];
    expect(cellOf('name_ta')).toBeNull();
    expect(cellOf('name_hi')).toBe(HINDI_NAME);
    expect(cellOf('features_ta')).toBe('கடினமான படுக்கை\nஆறு நிலை டரட்');
    expect(cellOf('description_hi')).toBe('बार के काम की लेथ.');

    // Every header is its own, and each kind's file has exactly its translation columns, in the table's order.
    const headers = [...Object.values(IMPORT_COLUMNS), ...TRANSLATION_COLUMNS.map((column) => column.column)];
    expect(new Set(headers).size).toBe(headers.length);
    for (const kind of ['machines', 'spare-parts', 'services'] as const) {
      const head =
        (await exported(kind, 'csv'))
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .split('\r\n')[0] ?? '';
      const names = head.split(',').map((cell) => cell.replace(/"/g, ''));
      const translated = names.filter((name) => TRANSLATION_COLUMNS.some((column) => column.column === name));
      expect(translated, kind).toEqual(TRANSLATION_COLUMNS_BY_KIND[kind].map((column) => column.column));
    }
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`imports its own ${format} export as unchanged, texts and specification labels kept`, async () => {
      const before = await t.ctx.db.selectFrom('items').selectAll().orderBy('id').execute();
      for (const kind of ['machines', 'spare-parts', 'services'] as const) {
        const file = await exported(kind, format);
        const summary = await preview(kind, file, `export.${format}`);
        expect(summary, kind).toMatchObject({ create: 0, update: 0, invalidRows: 0, errors: [] });
        expect(summary.unchanged).toBe(summary.rows);
        await importFile(kind, file, `export.${format}`);
      }
      expect(await t.ctx.db.selectFrom('items').selectAll().orderBy('id').execute()).toEqual(before);
    });
  }
});
