/**
 * What every section of the bench report is made of. Its own module so that the sections
 * (load mix, overload guard) and the report that gathers them need not import each other.
 */

export interface BudgetRow {
  budget: string;
  value: string;
  limit: string;
  /** null: not measured in this run. */
  pass: boolean | null;
}

export interface TableData {
  headers: string[];
  rows: string[][];
}

/** A printed section: lines, and tables for the report's table formatter. */
export type Section = (string | TableData)[];

export const ms = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));

export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export const printSection = (section: Section): string[] =>
  section.map((part) => (typeof part === 'string' ? part : table(part.headers, part.rows)));

export const budgetTable = (rows: readonly BudgetRow[]): string =>
  table(
    ['budget', 'value', 'budget', 'result'],
    rows.map((b) => [b.budget, b.value, b.limit, b.pass === null ? 'n/a' : b.pass ? 'pass' : 'FAIL']),
  );
