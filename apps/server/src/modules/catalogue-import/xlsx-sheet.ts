import path from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type yauzl from 'yauzl';
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_UNPACKED_BYTES } from '@capstan/shared';
import { HttpError } from '../../http-error';
import { listEntries, openEntry, openZip, UnpackBudget } from './zip-entries';

/** Receives the rows of the sheet in order, each as its row number and its cells' text. */
export type RowSink = (line: number, cells: string[]) => void;

/** `x:row` and `row` alike: some writers prefix every element. */
const localName = (name: string): string => name.slice(name.indexOf(':') + 1);

function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** `AB12` → 27 (zero-based column), or undefined when the reference is not a cell's. */
function columnOf(reference: string): number | undefined {
  const letters = /^([A-Z]{1,3})\d*$/i.exec(reference)?.[1];
  if (letters === undefined) return undefined;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

/**
 * Streams one XML entry through a SAX parser: the entry is never held whole, as bytes or as text,
 * so its size bounds the time it takes, not the memory.
 */
async function parseXml(
  stream: Readable,
  notASheet: string,
  handlers: {
    open?: (name: string, tag: SaxesTagPlain) => void;
    close?: (name: string) => void;
    text?: (text: string) => void;
  },
): Promise<void> {
  const parser = new SaxesParser({ xmlns: false });
  let failure: unknown;
  parser.on('error', (error) => {
    failure ??= error;
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(localName(tag.name), tag as SaxesTagPlain));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(localName(tag.name)));
  }
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (failure !== undefined) break;
    }
    if (failure === undefined) parser.write(decoder.decode()).close();
  } catch (error) {
    stream.destroy();
    if (error instanceof HttpError) throw error;
    failure ??= error;
  }
  if (failure instanceof HttpError) throw failure;
  if (failure !== undefined) throw new HttpError(400, notASheet);
}

/** `worksheets/sheet1.xml` relative to `xl/workbook.xml`, or `/xl/worksheets/sheet1.xml` absolute. */
const resolveTarget = (target: string): string =>
  target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join('xl', target));

/**
 * Reads the first sheet of an .xlsx file row by row (decision 048). Only the entries a sheet's
 * text needs are unpacked (the workbook, its relations, the shared strings, the sheet), each one
 * checked against the unpack budget first and metered while it streams.
 */
export async function readXlsxRows(file: string, notASheet: string, onRow: RowSink): Promise<void> {
  const zip = await openZip(file, notASheet);
  try {
    const entries = new Map<string, yauzl.Entry>();
    for (const entry of await listEntries(zip, notASheet)) entries.set(entry.fileName.replace(/^\//, ''), entry);
    const budget = new UnpackBudget(MAX_IMPORT_UNPACKED_BYTES, 'The spreadsheet');
    const open = async (name: string) => {
      const entry = entries.get(name);
      if (!entry) throw new HttpError(400, notASheet);
      return openEntry(zip, entry, budget, notASheet);
    };

    let firstSheetRel: string | undefined;
    await parseXml(await open('xl/workbook.xml'), notASheet, {
      open: (name, tag) => {
        if (name === 'sheet' && firstSheetRel === undefined) firstSheetRel = attribute(tag, 'id');
      },
    });
    const targets = new Map<string, string>();
    let sharedStringsPath: string | undefined;
    if (entries.has('xl/_rels/workbook.xml.rels')) {
      await parseXml(await open('xl/_rels/workbook.xml.rels'), notASheet, {
        open: (name, tag) => {
          if (name !== 'Relationship') return;
          const target = attribute(tag, 'Target');
          const id = attribute(tag, 'Id');
          if (target === undefined) return;
          if (id !== undefined) targets.set(id, resolveTarget(target));
          if (attribute(tag, 'Type')?.endsWith('/sharedStrings')) sharedStringsPath = resolveTarget(target);
        },
      });
    }
    const sheetPath =
      (firstSheetRel === undefined ? undefined : targets.get(firstSheetRel)) ?? 'xl/worksheets/sheet1.xml';
    sharedStringsPath ??= entries.has('xl/sharedStrings.xml') ? 'xl/sharedStrings.xml' : undefined;

    const shared: string[] = [];
    if (sharedStringsPath !== undefined) {
      let text: string[] | null = null;
      let phonetic = 0;
      let inT = false;
      await parseXml(await open(sharedStringsPath), notASheet, {
        open: (name) => {
          if (name === 'si') text = [];
          else if (name === 'rPh') phonetic++;
          else if (name === 't') inT = true;
        },
        close: (name) => {
          if (name === 'si') {
            shared.push(text?.join('') ?? '');
            text = null;
          } else if (name === 'rPh') phonetic--;
          else if (name === 't') inT = false;
        },
        text: (value) => {
          if (inT && phonetic === 0) text?.push(value);
        },
      });
    }

    await parseXml(await open(sheetPath), notASheet, sheetHandlers(shared, notASheet, onRow));
  } finally {
    zip.close();
  }
}

function cellValue(type: string | undefined, raw: string, shared: readonly string[], notASheet: string): string {
  switch (type) {
    case 's': {
      const text = shared[Number(raw)];
      if (raw === '' || text === undefined) throw new HttpError(400, notASheet);
      return text;
    }
    case 'b':
      return raw === '1' ? 'true' : raw === '0' ? 'false' : raw;
    case 'd':
      // A date cell (ISO 8601): the day, as the import reads dates.
      return raw.slice(0, 10);
    case 'str':
    case 'inlineStr':
    case 'e':
      return raw;
    default: {
      // A number as Excel stores it (`1.5E-3`, `38`): written the way a person types it.
      if (raw.trim() === '') return '';
      const number = Number(raw);
      return Number.isFinite(number) ? String(number) : raw;
    }
  }
}

function sheetHandlers(shared: readonly string[], notASheet: string, onRow: RowSink) {
  let line = 0;
  let cells: string[] = [];
  let column = -1;
  let type: string | undefined;
  let value: string[] | null = null;
  let collecting = false;
  let phonetic = 0;
  return {
    open: (name: string, tag: SaxesTagPlain) => {
      switch (name) {
        case 'row': {
          const r = Number(attribute(tag, 'r'));
          // Row numbers only go down in a damaged file; without one, a row follows the last.
          line = Number.isInteger(r) && r > line ? r : line + 1;
          cells = [];
          column = -1;
          break;
        }
        case 'c': {
          const reference = attribute(tag, 'r');
          const at = reference === undefined ? undefined : columnOf(reference);
          column = at !== undefined && at > column ? at : column + 1;
          type = attribute(tag, 't');
          value = [];
          break;
        }
        case 'rPh':
          phonetic++;
          break;
        case 'v':
        case 't':
          if (value !== null && phonetic === 0) collecting = true;
          break;
      }
    },
    close: (name: string) => {
      switch (name) {
        case 'v':
        case 't':
          collecting = false;
          break;
        case 'rPh':
          phonetic--;
          break;
        case 'c': {
          const text = cellValue(type, value?.join('') ?? '', shared, notASheet);
          value = null;
          if (text === '') break;
          if (column >= MAX_IMPORT_COLUMNS) {
            throw new HttpError(
              400,
              `Row ${line} has a cell in column ${column + 1}: at most ${MAX_IMPORT_COLUMNS} columns are read.`,
            );
          }
          while (cells.length < column) cells.push('');
          cells[column] = text;
          break;
        }
        case 'row':
          if (cells.length > 0) onRow(line, cells);
          cells = [];
          break;
      }
    },
    text: (text: string) => {
      if (collecting) value?.push(text);
    },
  };
}
