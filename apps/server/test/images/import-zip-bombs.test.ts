import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportKind, type ImportSummary, MAX_IMPORT_FILE_BYTES } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { multipart } from '../helpers/multipart';
import { deflatedRepeats, deflatedZipOf, rawZip, type RawZipEntry } from '../helpers/zip';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const MiB = 1024 * 1024;

async function send(kind: ImportKind, data: Buffer, path = '?mode=preview', name = 'file.xlsx') {
  const body = await multipart({}, [{ name, type: 'application/octet-stream', data }], 'file');
  return t.app.inject({
    method: 'POST',
    url: `/api/catalogue-import/${kind}${path}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
const WORKBOOK = xml(
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
);
const RELS = xml(
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
);

/** An .xlsx file whose sheet entry is given as written (deflated bytes and declared sizes). */
function xlsxWithSheet(sheet: Omit<RawZipEntry, 'name'>): Buffer {
  const honest = (name: string, data: Buffer): RawZipEntry => ({
    name,
    stored: zlib.deflateRawSync(data),
    method: 8,
    uncompressedSize: data.length,
    crc: zlib.crc32(data),
  });
  return rawZip([
    honest('xl/workbook.xml', WORKBOOK),
    honest('xl/_rels/workbook.xml.rels', RELS),
    honest('xl/sharedStrings.xml', xml('<sst/>')),
    { name: 'xl/worksheets/sheet1.xml', ...sheet },
  ]);
}

/** The sheet of a bomb: a header row, then the same row over and over, 1 MiB a copy. */
function bombSheet(copies: number): { stored: Buffer; bytes: number } {
  const row = '<row><c t="inlineStr"><is><t>bomb</t></is></c></row>';
  const chunk = Buffer.from(row.repeat(Math.floor(MiB / row.length)).padEnd(MiB, ' '));
  return { stored: deflatedRepeats(chunk, copies), bytes: chunk.length * copies };
}

/** Runs `work` while visitors keep asking for the catalogue, and says how they and memory fared. */
async function underLoad<T>(work: () => Promise<T>) {
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = Date.now();
  let running = true;
  const visitorStatuses: number[] = [];
  const visitors = (async () => {
    while (running) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      visitorStatuses.push(response.statusCode);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    const result = await work();
    return { result, seconds: (Date.now() - started) / 1000, growthMb: (peak - rssBefore) / MiB, visitorStatuses };
  } finally {
    running = false;
    await visitors;
    clearInterval(sampler);
  }
}

describe('ZIP bombs in the catalogue import', () => {
  it('refuses an .xlsx whose sheet unpacks to 2 GiB at once, with the limit named, and keeps serving', async () => {
    const bomb = bombSheet(2048);
    // Within the upload limit: the limit on the upload alone lets this in.
    expect(bomb.stored.length).toBeLessThan(MAX_IMPORT_FILE_BYTES);
    const file = xlsxWithSheet({ stored: bomb.stored, method: 8, uncompressedSize: bomb.bytes - 1, crc: 0 });
    const outcome = await underLoad(() => send('spare-parts', file));
    expect(outcome.result.statusCode).toBe(400);
    expect(outcome.result.json<{ message: string }>().message).toBe(
      'The spreadsheet unpacks to more than 200 MB, the most we read: nothing was imported. Split it into smaller files.',
    );
    expect(outcome.seconds).toBeLessThan(10);
    expect(outcome.growthMb).toBeLessThan(200);
    expect(outcome.visitorStatuses.length).toBeGreaterThan(0);
    expect(outcome.visitorStatuses.every((status) => status === 200)).toBe(true);
  });

  it('refuses a sheet packed far tighter than any real file, before unpacking it', async () => {
    const bomb = bombSheet(150);
    const file = xlsxWithSheet({ stored: bomb.stored, method: 8, uncompressedSize: bomb.bytes, crc: 0 });
    const response = await send('spare-parts', file);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'The spreadsheet holds "xl/worksheets/sheet1.xml", packed more than 100 times, which no real file is (a ZIP bomb?): nothing was imported.',
    );
  });

  it('stops a sheet that lies about its size where its declared size ends, in the same time and memory', async () => {
    const bomb = bombSheet(2048);
    // Declares 64 KB: the sizes pass every check before unpacking, the bytes that come do not.
    const file = xlsxWithSheet({ stored: bomb.stored, method: 8, uncompressedSize: 64 * 1024, crc: 0 });
    const outcome = await underLoad(() => send('spare-parts', file));
    expect(outcome.result.statusCode).toBe(400);
    expect(outcome.result.json<{ message: string }>().message).toMatch(
      /^The (spreadsheet is damaged|file is not a CSV)/,
    );
    expect(outcome.seconds).toBeLessThan(10);
    expect(outcome.growthMb).toBeLessThan(200);
    expect(outcome.visitorStatuses.every((status) => status === 200)).toBe(true);
    // The server is still there and still imports.
    const ok = await send(
      'services',
      Buffer.from('code,name,description\nSVC-1,Service,Text\n'),
      '?mode=preview',
      'a.csv',
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('reads what real spreadsheets hold: shared and rich text, inline text, numbers, cells without positions', async () => {
    const sheet = xml(
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
        '<x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>description</x:t></x:is></x:c><x:c r="D1" t="s"><x:v>2</x:v></x:c></x:row>' +
        '<x:row r="3"><x:c t="s"><x:v>3</x:v></x:c><x:c t="s"><x:v>4</x:v></x:c><x:c t="str"><x:f>A3</x:f><x:v>Calc &amp; text</x:v></x:c><x:c><x:v>4.8E1</x:v></x:c></x:row>' +
        '</x:sheetData></x:worksheet>',
    );
    const strings = xml(
      '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        '<si><t>code</t></si><si><t>name</t></si><si><t>spec: Response time [number]</t></si><si><t>SVC-RICH</t></si>' +
        '<si><r><rPr><b/></rPr><t>Rich </t></r><r><t xml:space="preserve">service</t></r><rPh><t>ignored</t></rPh></si></sst>',
    );
    const file = deflatedZipOf([
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/_rels/workbook.xml.rels', data: RELS },
      { name: 'xl/sharedStrings.xml', data: strings },
      { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ]);
    const response = await send('services', file);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json<ImportSummary>();
    expect(summary).toMatchObject({ rows: 1, create: 1, invalidRows: 0, errors: [] });
    expect(summary.changes).toEqual([
      { line: 3, action: 'create', code: 'SVC-RICH', name: 'Rich service', fields: [] },
    ]);
  });
});

describe('ZIP bombs in the pictures import', () => {
  it('refuses pictures that unpack far beyond their packed size, or beyond what they declare, changing nothing', async () => {
    const csv = Buffer.from('code,name,description\nPIC-1,Pictured,Text\nPIC-2,Pictured two,Text\n');
    const preview = await send('services', csv, '?mode=preview', 'a.csv');
    const applied = await send('services', csv, `?mode=apply&planId=${preview.json<ImportSummary>().planId}`, 'a.csv');
    expect(applied.statusCode, applied.body).toBe(200);
    const imagesBefore = await t.ctx.db.selectFrom('images').select('id').orderBy('id').execute();

    const chunk = Buffer.alloc(MiB, 0);
    const packed = rawZip([
      { name: 'PIC-1.png', stored: deflatedRepeats(chunk, 9), method: 8, uncompressedSize: 9 * MiB, crc: 0 },
    ]);
    const tight = await send('services', packed, '/pictures', 'p.zip');
    expect(tight.statusCode).toBe(400);
    expect(tight.json<{ message: string }>().message).toBe(
      'The pictures ZIP holds "PIC-1.png", packed more than 100 times, which no real file is (a ZIP bomb?): nothing was imported.',
    );

    const lying = rawZip([
      { name: 'PIC-2.png', stored: deflatedRepeats(chunk, 2048), method: 8, uncompressedSize: 64 * 1024, crc: 0 },
    ]);
    const outcome = await underLoad(() => send('services', lying, '/pictures', 'p.zip'));
    expect(outcome.result.statusCode).toBe(400);
    expect(outcome.result.json<{ message: string }>().message).toBe(
      'The pictures ZIP is damaged: nothing was imported.',
    );
    expect(outcome.seconds).toBeLessThan(10);
    expect(outcome.growthMb).toBeLessThan(200);
    expect(await t.ctx.db.selectFrom('images').select('id').orderBy('id').execute()).toEqual(imagesBefore);
  });
});
