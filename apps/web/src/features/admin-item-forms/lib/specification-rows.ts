import {
  formatSpecification,
  isSpecUnit,
  remarkRepeatsNumber,
  type Specification as SharedSpecification,
  type SpecUnit,
} from '@capstan/shared';

/** A row as the form edits it: the number as typed, the unit as chosen ('' for none). */
export interface SpecificationRow {
  id: string;
  key: string;
  value: string;
  number: string;
  unit: SpecUnit | '';
}

/** A row as the server sends and takes it (text, or a number with an optional unit: decision 031). */
export type Specification = SharedSpecification;

let sequence = 0;

export function newSpecificationRow(spec: Partial<Specification> = {}): SpecificationRow {
  sequence += 1;
  const hasNumber = spec.number !== null && spec.number !== undefined;
  // A stored text that only repeats the number (`600 mm` beside 600 mm) is shown once, as the number.
  const repeated = hasNumber && remarkRepeatsNumber(spec.value ?? '', spec.number ?? 0, spec.unit);
  return {
    id: `spec-${sequence}`,
    key: spec.key ?? '',
    value: repeated ? '' : (spec.value ?? ''),
    number: hasNumber ? String(spec.number) : '',
    unit: spec.unit ?? '',
  };
}

/** The ordered list if the server sent one, else the map's entries. */
export function specificationsOf(
  list: readonly Specification[] | null | undefined,
  map: Record<string, string> | null | undefined,
): Specification[] {
  if (list && list.length > 0) return list.map((row) => ({ ...row }));
  return Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));
}

/** The typed number of a row, or null when blank or not a number ("1,500" is read as 1500). */
export function rowNumber(row: Pick<SpecificationRow, 'number'>): number | null {
  const text = row.number.trim().replaceAll(',', '');
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** What the public page will print for this row (formatSpecification), or '' while it says nothing. */
export function printedRow(row: SpecificationRow): string {
  const number = rowNumber(row);
  return formatSpecification({ value: row.value, number, unit: number === null || row.unit === '' ? null : row.unit });
}

/**
 * SPEC §5: a specification is complete when its key and its value are non-blank; the
 * value may be a number (with its unit) instead of text. Rows are sent in the shared row shape.
 */
export function completeSpecifications(rows: readonly SpecificationRow[]): Specification[] {
  const complete: Specification[] = [];
  for (const row of rows) {
    const key = row.key.trim();
    const value = row.value.trim();
    const number = rowNumber(row);
    if (key === '' || (value === '' && number === null)) continue;
    const unit = isSpecUnit(row.unit) ? row.unit : null;
    complete.push(
      number === null
        ? { key, value }
        : { key, value: remarkRepeatsNumber(value, number, unit) ? '' : value, number, unit },
    );
  }
  return complete;
}
