import { IMPORT_ERRORS_COLUMN, type ImportError } from '@capstan/shared';
import { csvField } from '../../csv-field';
import type { RejectedRow } from './import-plan';

/** One line a problem: `Line 4, price: Price must be a number`. */
function errorsCell(line: number, errors: readonly ImportError[]): string {
  return errors
    .map((error) => `Line ${line}${error.column === null ? '' : `, ${error.column}`}: ${error.message}`)
    .join('\n');
}

/**
 * The rows an import left out, as a CSV file to correct and import again (decision 048): the
 * file's own columns with the cells as they were read, then an `errors` column the import skips.
 * UTF-8 with a byte-order mark and CRLF, every field quoted and guarded like the exports.
 */
export function rejectedRowsCsv(header: readonly string[], rows: readonly RejectedRow[]): string {
  const width = Math.max(header.length, ...rows.map((row) => row.cells.length));
  // A file of rejected rows rejected again: its old errors give way to the new ones.
  const kept = Array.from({ length: width }, (_, index) => index).filter(
    (index) => header[index]?.toLowerCase() !== IMPORT_ERRORS_COLUMN,
  );
  const line = (cells: readonly string[], errors: string) =>
    [...kept.map((index) => cells[index] ?? ''), errors].map(csvField).join(',');
  return `\uFEFF${[
    line(header, IMPORT_ERRORS_COLUMN),
    ...rows.map((row) => line(row.cells, errorsCell(row.line, row.errors))),
  ].join('\r\n')}\r\n`;
}
