import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import { MAX_IMPORT_CELLS, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from '@capstan/shared';
import { unguardFormula } from '../../csv-field';
import { HttpError } from '../../http-error';
import { readXlsxRows } from './xlsx-sheet';

/** A file's cells as text, with each row's number as a spreadsheet shows it (the header is 1). */
export interface Sheet {
  header: string[];
  rows: { line: number; cells: string[] }[];
}

export const NOT_A_SHEET_MESSAGE = 'The file is not a CSV or Excel (.xlsx) file we can read.';
const NOT_UTF8_MESSAGE =
  'The CSV file is not UTF-8 text: in Excel save it as “CSV UTF-8 (Comma delimited)”, or import the .xlsx file itself.';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const tooManyRows = () =>
  new HttpError(
    400,
    `The file has more than ${MAX_IMPORT_ROWS} rows: at most ${MAX_IMPORT_ROWS} can be imported at once.`,
  );
const tooManyCells = () =>
  new HttpError(
    400,
    `The file has more than ${MAX_IMPORT_CELLS.toLocaleString('en-IN')} cells: split it into smaller files.`,
  );

/**
 * Collects a file's rows as they are read, refusing as soon as the file passes the row, column or
 * cell limits, so a file never costs more memory than those limits allow.
 */
class SheetBuilder {
  private header: string[] | null = null;
  private readonly rows: Sheet['rows'] = [];
  private bodyRows = 0;
  private cells = 0;

  add(line: number, cells: string[]): void {
    if (cells.length > MAX_IMPORT_COLUMNS && cells.slice(MAX_IMPORT_COLUMNS).some((cell) => cell !== '')) {
      throw new HttpError(
        400,
        `Row ${line} has cells past column ${MAX_IMPORT_COLUMNS}: at most ${MAX_IMPORT_COLUMNS} columns are read.`,
      );
    }
    this.cells += cells.length;
    if (this.cells > MAX_IMPORT_CELLS) throw tooManyCells();
    if (this.header === null) {
      this.header = cells.map((cell) => cell.trim());
      return;
    }
    if (++this.bodyRows > MAX_IMPORT_ROWS) throw tooManyRows();
    // Blank rows (a spreadsheet's trailing ones, say) are no rows at all; line numbers still count them.
    if (cells.some((cell) => cell.trim() !== '')) this.rows.push({ line, cells });
  }

  finish(): Sheet {
    return { header: this.header ?? [], rows: this.rows };
  }
}

/** The separator of the header line: a comma unless the line has more semicolons or tabs. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  const candidates = [',', ';', '\t'].map((char) => [char, count(char)] as const);
  return candidates.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
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
    let cells = 0;
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: false,
      // Counted as the records come: a file of commas alone is millions of cells.
      on_record: (record: string[]) => {
        cells += record.length;
        if (cells > MAX_IMPORT_CELLS) throw tooManyCells();
        return record;
      },
    }) as string[][];
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const reason = error instanceof Error ? error.message : 'malformed';
    throw new HttpError(400, `The CSV file could not be read: ${reason}`);
  }
  const sheet = new SheetBuilder();
  records.forEach((cells, index) => sheet.add(index + 1, cells.map(unguardFormula)));
  return sheet.finish();
}

async function readXlsx(file: string): Promise<Sheet> {
  const sheet = new SheetBuilder();
  await readXlsxRows(file, NOT_A_SHEET_MESSAGE, (line, cells) => sheet.add(line, cells));
  return sheet.finish();
}

/** A file's size, and whether it is a ZIP (an .xlsx file) by its first bytes. */
async function fileStart(file: string): Promise<{ size: number; zipped: boolean }> {
  const handle = await fs.open(file);
  try {
    const magic = Buffer.alloc(4);
    await handle.read(magic, 0, 4, 0);
    return { size: (await handle.stat()).size, zipped: magic.equals(ZIP_MAGIC) };
  } finally {
    await handle.close();
  }
}

/**
 * Reads the first sheet of an .xlsx file, or a CSV file (by content, never by the file's name), in
 * the calling thread: `readSheet` runs it in a worker.
 */
export async function readSheetHere(file: string): Promise<Sheet> {
  return readSheetKnown(file, await fileStart(file));
}

async function readSheetKnown(file: string, { size, zipped }: { size: number; zipped: boolean }): Promise<Sheet> {
  if (size === 0) throw new HttpError(400, 'The file is empty.');
  const sheet = zipped ? await readXlsx(file) : readCsv(await fs.readFile(file));
  if (sheet.header.every((cell) => cell === '')) throw new HttpError(400, 'The file has no header row.');
  return sheet;
}

/** What the sheet reader's worker posts back. */
export type SheetReaderAnswer = { ok: true; sheet: Sheet } | { ok: false; statusCode: number; message: string };

/** A CSV file up to this size is read in the calling thread: a price list of 5,000 parts, say. */
const READ_IN_PLACE_MAX_BYTES = 256 * 1024;

/** The reader's heap: room for the largest file the limits let through, and no more. */
const WORKER_HEAP_MB = 384;
/** A reader left idle this long is stopped, giving its memory back. */
const WORKER_IDLE_MS = 60_000;
const TOO_MUCH_MEMORY_MESSAGE =
  'The file needs more memory to read than an import may use: split it into smaller files.';

const thisFile = fileURLToPath(import.meta.url);
/** The worker's module sits beside this one, a `.ts` file under tsx (worker-entry.mjs says why). */
const WORKER_ENTRY = new URL('./worker-entry.mjs', import.meta.url);
const WORKER_MODULE = pathToFileURL(
  path.join(path.dirname(thisFile), `sheet-reader.worker${path.extname(thisFile)}`),
).href;

/**
 * One worker thread reads the import files, one file at a time: starting a worker costs about a
 * second (loading the reader's modules), so it stays for the next file and stops when idle. Files
 * wait their turn, so a few large imports cannot add up their memory.
 */
class SheetReader {
  private worker: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  private queue: Promise<unknown> = Promise.resolve();

  read(file: string): Promise<Sheet> {
    const job = this.queue.then(() => this.run(file));
    this.queue = job.catch(() => undefined);
    return job;
  }

  private start(): Worker {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { entry: WORKER_MODULE },
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // A reader waiting for work must not keep the process from exiting.
    worker.unref();
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = null;
    });
    return worker;
  }

  private run(file: string): Promise<Sheet> {
    if (this.idle) clearTimeout(this.idle);
    const worker = (this.worker ??= this.start());
    return new Promise<Sheet>((resolve, reject) => {
      const settle = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.idle = setTimeout(() => void this.stop(), WORKER_IDLE_MS).unref();
      };
      const onMessage = (answer: SheetReaderAnswer) => {
        settle();
        if (answer.ok) resolve(answer.sheet);
        else if (answer.statusCode < 500) reject(new HttpError(answer.statusCode, answer.message));
        else reject(new Error(`Reading the import file failed: ${answer.message}`));
      };
      const onError = (error: Error & { code?: string }) => {
        settle();
        this.worker = null;
        void worker.terminate();
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(400, TOO_MUCH_MEMORY_MESSAGE)
            : new Error('The import file reader failed', { cause: error }),
        );
      };
      const onExit = (code: number) => {
        settle();
        reject(new Error(`The import file reader stopped (exit code ${code})`));
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ file });
    });
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}

const reader = new SheetReader();

/**
 * Reads the first sheet of an .xlsx file, or a CSV file, in a worker thread with a memory limit
 * (decision 048), so the event loop keeps serving visitors meanwhile.
 */
export async function readSheet(file: string): Promise<Sheet> {
  const start = await fileStart(file);
  // A small CSV cannot grow as it is read, unlike a ZIP: it is read in place, in a few ms, without
  // the reader's thread (about 40 MB while it runs) (decision 084).
  if (!start.zipped && start.size <= READ_IN_PLACE_MAX_BYTES) return readSheetKnown(file, start);
  return reader.read(file);
}
