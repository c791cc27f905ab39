/**
 * Spreadsheet cells in the CSV files we write (the inquiries and catalogue exports) and read (the
 * catalogue import). A cell Excel or Sheets would run as a formula gets an apostrophe in front so
 * it shows as typed (CSV injection); every other cell is written exactly as it is, because that
 * apostrophe is not hidden in a CSV file: a buyer's phone number would read `'+91 98430 12345`.
 */

/** `=`, `@`, a tab or a carriage return first: always read as a formula (or a DDE call). */
const ALWAYS_FORMULA = /^[=@\t\r]/;

/**
 * A sign followed only by digits, spaces and the punctuation of phone numbers and amounts
 * (`+91 98430 12345`, `+91-422-257 1234`, `-5`, `-12.50`). Without a letter there is no
 * function or cell reference, and without `+`, `=`, `&`, `|` or a quote there is nothing to join
 * a command to, so such a cell cannot run anything: it stays as typed.
 */
const PLAIN_SIGNED_NUMBER = /^[+-][\d\s().\-/]*\d[\d\s().\-/]*$/;

/** The apostrophe the export adds; the import takes it off the same values (`unguardFormula`). */
const GUARD = "'";

/** Whether a spreadsheet would read the value as a formula, so it needs the apostrophe. */
export function readAsFormula(value: string): boolean {
  if (ALWAYS_FORMULA.test(value)) return true;
  if (value.startsWith('+') || value.startsWith('-')) return !PLAIN_SIGNED_NUMBER.test(value);
  return false;
}

/**
 * An apostrophe the import takes off (`unguardFormula`): one in front of a value that needs the
 * guard, or in front of a sign. The second case reads the files exported before plain phone
 * numbers were left unguarded (`'+91 98430 12345`): there a leading `'` before a sign is a
 * spreadsheet's text marker, never part of the value.
 */
function isTextMarker(cell: string): boolean {
  if (!cell.startsWith(GUARD)) return false;
  const rest = cell.slice(1);
  return /^[+-]/.test(rest) || needsGuard(rest);
}

/** A formula, or a value that starts with what the import would take for our apostrophe. */
function needsGuard(value: string): boolean {
  return readAsFormula(value) || isTextMarker(value);
}

/**
 * The value as the cell holds it: the apostrophe in front of a formula, and also in front of a
 * value that itself starts with such an apostrophe, so that `unguardFormula` gives back exactly
 * what was exported, whatever it was.
 */
export function guardFormula(value: string): string {
  return needsGuard(value) ? `${GUARD}${value}` : value;
}

/** Undoes `guardFormula` on a cell read back from a file. */
export function unguardFormula(cell: string): string {
  return isTextMarker(cell) ? cell.slice(1) : cell;
}

/**
 * One CSV field: always quoted (commas, quotes and line breaks in messages stay in their cell),
 * and guarded against formulas (`guardFormula`).
 */
export function csvField(value: string): string {
  return `"${guardFormula(value).replace(/"/g, '""')}"`;
}
