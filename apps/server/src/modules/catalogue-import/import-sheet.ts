import { parse } from 'csv-parse/sync';
import { MAX_IMPORT_ROWS } from '@capstan/shared';
import { HttpError } from '../../http-error';

/** A file's cells as text, with each row's number as a spreadsheet shows it (the header is 1). */
export interface Sheet {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

export const NOT_A_SHEET_MESSAGE = 'The file is not a CSV or Excel (.xlsx) file we can read.';
const NOT_UTF8_MESSAGE =
  'The CSV file is not UTF-8 text: in Excel save it as “CSV UTF-8 (Comma delimited)”, or import the .xlsx file itself.';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The apostrophe the export puts before a value a spreadsheet would run as a formula (csvField). */
const FORMULA_GUARD = /^'(?=[=+\-@\t\r])/;

function tooManyRows(count: number): HttpError {
  return new HttpError(400, `The file has ${count} rows; at most ${MAX_IMPORT_ROWS} can be imported at once.`);
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** The separator of the header line: a comma unless the line has more semicolons or tabs. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  const candidates = [',', ';', '\t'].map((char) => [char, count(char)] as const);
  return candidates.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function fromRows(rows: string[][]): Sheet {
  const [header = [], ...body] = rows;
  if (body.length > MAX_IMPORT_ROWS) throw tooManyRows(body.length);
  return {
    header: header.map((cell) => cell.trim()),
    rows: body
      .map((cells, index) => ({ line: index + 2, cells }))
      // Blank rows (a spreadsheet's trailing ones, say) are no rows at all; line numbers still count them.
      .filter((row) => row.cells.some((cell) => cell.trim() !== '')),
  };
}

function readCsv(bytes: Buffer): Sheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, NOT_UTF8_MESSAGE);
  }
  // A NUL never appears in text: this is some binary file with a .csv name.
  if (text.includes('\u0000')) throw new HttpError(400, NOT_A_SHEET_MESSAGE);
  text = text.replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'malformed';
    throw new HttpError(400, `The CSV file could not be read: ${reason}`);
  }
  return fromRows(records.map((cells) => cells.map((cell) => cell.replace(FORMULA_GUARD, ''))));
}

async function readXlsx(bytes: Buffer): Promise<Sheet> {
  // Loaded on first use: the workbook reader takes ~0.4 s to load, which every start would pay.
  const { readSheet: readXlsxSheet } = await import('read-excel-file/node');
  let data: unknown[][];
  try {
    data = await readXlsxSheet(bytes, { trim: false });
  } catch {
    throw new HttpError(400, NOT_A_SHEET_MESSAGE);
  }
  return fromRows(data.map((cells) => cells.map(cellText)));
}

/** Reads the first sheet of an .xlsx file, or a CSV file (by content, never by the file's name). */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.length === 0) throw new HttpError(400, 'The file is empty.');
  const sheet = bytes.subarray(0, 4).equals(ZIP_MAGIC) ? await readXlsx(bytes) : readCsv(bytes);
  if (sheet.header.every((cell) => cell === '')) throw new HttpError(400, 'The file has no header row.');
  return sheet;
}
