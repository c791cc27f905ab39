import {
  contactServiceLabel,
  DEFAULT_LOCALE,
  type Inquiry,
  type InquiryItemLine,
  type InquiryNote,
  type Locale,
} from '@capstan/shared';
import { csvField } from '../../csv-field';
import { type ServerMessageKey, serverTranslator } from '../../i18n/server-translator';

/** A column's key in the `csv` catalogue. */
type CsvColumn<Key = ServerMessageKey> = Key extends `csv.${infer Column}` ? Column : never;

const indianTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * Excel's limit for one cell: a longer field does not open intact (the rest spills over into other
 * cells). Notes are the only cell without a bound of its own (many notes of up to 2,000 characters).
 */
export const CSV_CELL_MAX = 32_767;

const noteLine = (note: InquiryNote) => `${indianTime.format(new Date(note.createdAt))} — ${note.author}: ${note.text}`;

const omittedLine = (count: number) =>
  `… ${count} older note${count === 1 ? '' : 's'}: see the inquiry in the back office`;

/**
 * All notes in one cell, newest first, one a line, each with when and who. When they would pass
 * Excel's cell limit (less one character for the formula guard's apostrophe), the oldest give way
 * and the last line says how many were left out.
 */
export function notesCell(notes: readonly InquiryNote[]): string {
  const budget = CSV_CELL_MAX - 1;
  const lines = notes.map(noteLine);
  const whole = lines.join('\n');
  if (whole.length <= budget) return whole;
  const room = budget - omittedLine(notes.length).length - 1;
  const kept: string[] = [];
  let length = -1;
  for (const line of lines) {
    if (length + 1 + line.length > room) break;
    kept.push(line);
    length += 1 + line.length;
  }
  return [...kept, omittedLine(notes.length - kept.length)].join('\n');
}

/**
 * The quote list's lines in one cell, `NP-25 × 2; Collet chuck × 10`: an item by its code (what
 * staff look it up by), by its name when it has none. At most 50 lines, so no cell limit to mind.
 */
export const itemsCell = (items: readonly InquiryItemLine[]): string =>
  items.map((line) => `${line.code ?? line.name} × ${line.quantity}`).join('; ');

const COLUMNS: [CsvColumn, (inquiry: Inquiry) => string][] = [
  ['reference', (i) => i.reference],
  ['received', (i) => indianTime.format(new Date(i.createdAt))],
  ['status', (i) => i.status],
  ['firstName', (i) => i.firstName],
  ['lastName', (i) => i.lastName],
  ['email', (i) => i.email],
  ['phone', (i) => i.phone],
  ['service', (i) => contactServiceLabel(i) ?? ''],
  ['product', (i) => i.product ?? ''],
  ['items', (i) => itemsCell(i.items)],
  ['message', (i) => i.message],
  // Staff accounts have no name besides their sign-in email.
  ['assignedTo', (i) => i.assignee?.email ?? ''],
  // YYYY-MM-DD: Excel and Sheets read it as a date in every locale, so the column sorts.
  ['followUpOn', (i) => i.followUpOn ?? ''],
  ['notes', (i) => notesCell(i.notes)],
];

/**
 * The inquiries as a CSV file Excel opens correctly: UTF-8 with a byte-order mark (without it
 * Excel reads Tamil or Hindi as Windows-1252 garbage) and CRLF line ends. The inquiries come
 * with their notes (the list reads them in one batch, not a query per row). The header row is in
 * the reader's language; the values are as stored (a file for people, not for re-import).
 */
export function inquiriesCsv(inquiries: Inquiry[], locale: Locale = DEFAULT_LOCALE): string {
  const { t } = serverTranslator(locale);
  const lines = [
    COLUMNS.map(([column]) => csvField(t(`csv.${column}`))).join(','),
    ...inquiries.map((inquiry) => COLUMNS.map(([, value]) => csvField(value(inquiry))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
