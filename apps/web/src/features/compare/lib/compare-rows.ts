import {
  convertSpecNumber,
  formatSpecification,
  specKeySlug,
  type Specification,
  type SpecUnit,
} from '@capstan/shared';

/** One cell of the comparison: what is printed, and what was entered when it was converted. */
export interface CompareCell {
  text: string;
  /** The value as staff entered it, when the row shows it in another unit. */
  entered: string | null;
}

export interface CompareRow {
  key: string;
  /** One per machine, in column order; null where a machine has no such specification. */
  cells: (CompareCell | null)[];
  /** The machines do not all say the same (a missing value is a difference too). */
  differs: boolean;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function rowUnit(rows: readonly (Specification | undefined)[]): SpecUnit | null {
  const counts = new Map<SpecUnit, number>();
  for (const row of rows) {
    if (row?.unit && row.number !== null && row.number !== undefined) {
      counts.set(row.unit, (counts.get(row.unit) ?? 0) + 1);
    }
  }
  let best: SpecUnit | null = null;
  let bestCount = 0;
  // Ties go to the unit of the left-most machine (Map keeps first-seen order).
  for (const [unit, count] of counts) {
    if (count > bestCount) {
      best = unit;
      bestCount = count;
    }
  }
  return best;
}

/** What a cell says, to tell whether two machines differ: the number in the row's unit, or the text. */
function cellOf(row: Specification, unit: SpecUnit | null): { cell: CompareCell; same: string } {
  const printed = formatSpecification(row);
  if (row.number === null || row.number === undefined)
    return { cell: { text: printed, entered: null }, same: printed.toLowerCase() };
  if (unit !== null && row.unit && row.unit !== unit) {
    const converted = convertSpecNumber(row.number, row.unit, unit);
    if (converted !== null) {
      const value = round3(converted);
      return {
        cell: { text: formatSpecification({ value: row.value, number: value, unit }), entered: printed },
        same: `${value} ${unit}`,
      };
    }
  }
  return { cell: { text: printed, entered: null }, same: `${round3(row.number)} ${row.unit ?? ''}` };
}

/**
 * The machines' specifications aligned by key (spelling and case aside), in the order they first
 * appear from left to right, each row in one unit (the one most of its machines use; the others
 * converted where the units measure the same thing, decision 035).
 */
export function compareRows(machines: readonly { specificationList: readonly Specification[] }[]): CompareRow[] {
  const order: string[] = [];
  const names = new Map<string, string>();
  const bySlug = machines.map((machine) => {
    const own = new Map<string, Specification>();
    for (const row of machine.specificationList) {
      const slug = specKeySlug(row.key) || row.key;
      if (own.has(slug)) continue;
      own.set(slug, row);
      if (!names.has(slug)) {
        names.set(slug, row.key);
        order.push(slug);
      }
    }
    return own;
  });
  return order.map((slug) => {
    const rows = bySlug.map((own) => own.get(slug));
    const unit = rowUnit(rows);
    const cells = rows.map((row) => (row ? cellOf(row, unit) : null));
    const distinct = new Set(cells.map((cell) => cell?.same ?? '\u0000missing'));
    return {
      key: names.get(slug) ?? slug,
      cells: cells.map((cell) => cell?.cell ?? null),
      differs: machines.length > 1 && distinct.size > 1,
    };
  });
}

/** `ids=a,b,c` as the compare page's URL carries it: known ids once each, at most `max`. */
export function parseCompareIds(value: string | null, max: number): string[] {
  const ids = (value ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  return [...new Set(ids)].slice(0, max);
}
