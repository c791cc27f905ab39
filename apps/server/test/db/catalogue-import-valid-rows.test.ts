import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportKind, ImportProgressLine, ImportSummary, SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

async function send(kind: ImportKind, data: string, query: string, name = 'parts.csv') {
  const body = await multipart({}, [{ name, type: 'text/csv', data: Buffer.from(data) }], 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogue-import/${kind}${query}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

async function preview(kind: ImportKind, data: string): Promise<ImportSummary> {
  const response = await send(kind, data, '?mode=preview');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportSummary>();
}

const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as ImportProgressLine);

const revision = async () =>
  Number((await t.ctx.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow()).revision);
const spareCodes = async () =>
  (await t.ctx.db.selectFrom('items').select('code').where('kind', '=', 'spare').orderBy('code').execute()).map(
    (row) => row.code,
  );

const MACHINES =
  'code,name,description,spec: Bar capacity [mm],spec: Coolant\nVR-38,Valid rows lathe,A capstan lathe for bar work.,38,Flood\n';

const PARTS = [
  'code,name,description,price,fits,spec: Bore [mm],spec: Material',
  'VR-1,Collet 1,Spring collet.,100,VR-38,25,EN-31',
  'VR-2,Collet 2,Spring collet.,abc,VR-38,25,EN-31',
  'VR-3,Collet 3,Spring collet.,300,,30,EN-31',
  'VR-4,,Needs a name.,400,NOPE-9,thirty,EN-31',
  'VR-5,Collet 5,"Spring collet, with a comma.",500,VR-38,35,EN-31',
  'VR-6,Collet 6,Spring collet.,600,,40,EN-31',
].join('\n');

describe('importing the valid rows of a file with invalid ones', () => {
  it('imports the valid rows in one transaction and answers the rejected ones as a CSV with their errors', async () => {
    const machines = await preview('machines', MACHINES);
    const made = await send('machines', MACHINES, `?mode=apply&planId=${machines.planId}`, 'machines.csv');
    expect(made.statusCode, made.body).toBe(200);

    const summary = await preview('spare-parts', PARTS);
    expect(summary).toMatchObject({ rows: 6, create: 4, invalidRows: 2, errorCount: 4 });
    const revisionBefore = await revision();

    // The whole file is still refused as it was.
    const whole = await send('spare-parts', PARTS, `?mode=apply&planId=${summary.planId}`);
    expect(whole.statusCode).toBe(400);
    expect(await spareCodes()).toEqual([]);

    const response = await send('spare-parts', PARTS, `?mode=valid-rows&planId=${summary.planId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const done = lines(response.body).at(-1);
    if (done?.type !== 'done') throw new Error(response.body);
    expect(done.summary).toMatchObject({ create: 4, update: 0, invalidRows: 2 });
    expect(done.rejectedCsv).toBe(
      '\uFEFF"code","name","description","price","fits","spec: Bore [mm]","spec: Material","errors"\r\n' +
        '"VR-2","Collet 2","Spring collet.","abc","VR-38","25","EN-31","Line 3, price: Price must be a number"\r\n' +
        '"VR-4","","Needs a name.","400","NOPE-9","thirty","EN-31","Line 5, fits: Unknown machine in fits: NOPE-9\n' +
        'Line 5, spec: Bore [mm]: ""thirty"" is not a number: write a number such as 38, or 38 (max) with a remark\n' +
        'Line 5, name: Name is required"\r\n',
    );

    expect(await spareCodes()).toEqual(['VR-1', 'VR-3', 'VR-5', 'VR-6']);
    expect(await revision()).toBe(revisionBefore + 1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'catalogue.import')
      .orderBy('at', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.changes ?? '{}')).toMatchObject({
      file: { after: 'parts.csv' },
      created: { after: 4 },
      rejected: { after: 2 },
    });
    const parts = (await t.app.inject({ method: 'GET', url: '/api/spareparts?q=VR-5' })).json<SparePart[]>();
    expect(parts[0]?.description).toBe('Spring collet, with a comma.');

    // The rejected rows' file, corrected, imports as it is: its errors column is skipped.
    const corrected = (done.rejectedCsv ?? '')
      .replace('"abc"', '"200"')
      .replace('"VR-4","",', '"VR-4","Collet 4",')
      .replace('"NOPE-9"', '"VR-38"')
      .replace('"thirty"', '"30"');
    const again = await preview('spare-parts', corrected);
    expect(again).toMatchObject({ rows: 2, create: 2, invalidRows: 0, errors: [] });
  });

  it('refuses a stale plan, a file whose header is wrong and a file with no valid row, changing nothing', async () => {
    const head = 'code,name,description,price,spec: Bore [mm],spec: Material';
    const file = `${head}\nVR-7,Collet 7,Spring collet.,70,25,EN-31\nVR-8,Collet 8,Spring collet.,abc,25,EN-31\n`;
    const summary = await preview('spare-parts', file);
    expect(summary).toMatchObject({ create: 1, invalidRows: 1 });
    const other = await preview('spare-parts', `${head}\nVR-7,Collet 7,Other.,70,25,EN-31\n`);
    const before = await spareCodes();
    const revisionBefore = await revision();

    const stale = await send('spare-parts', file, `?mode=valid-rows&planId=${other.planId}`);
    expect(stale.statusCode).toBe(409);

    const header = await send('spare-parts', 'code,name,colour\nVR-9,Collet 9,red\n', '?mode=valid-rows');
    expect(header.statusCode).toBe(400);
    expect(header.json<{ message: string }>().message).toBe(
      'The header row has errors, so no row can be read: correct the columns and preview again. Nothing was imported.',
    );

    const none = await send('spare-parts', 'code,name,price\nVR-10,Collet 10,abc\n', '?mode=valid-rows');
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toBe('No row of the file is valid: nothing was imported.');

    expect(await spareCodes()).toEqual(before);
    expect(await revision()).toBe(revisionBefore);

    // The same plan id serves the valid rows once nothing changed.
    const applied = await send('spare-parts', file, `?mode=valid-rows&planId=${summary.planId}`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await spareCodes()).toEqual([...before, 'VR-7'].sort());
  });
});
