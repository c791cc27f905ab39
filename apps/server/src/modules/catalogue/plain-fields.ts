import type { ITEM_FIELDS } from '@capstan/shared';
import {
  type ItemFieldKind,
  PLAIN_ITEM_FIELDS,
  type PlainItemKey,
  type PlainItemValues,
  type PlainItemValuesOf,
  plainFieldsOf,
  withPlainDefaults,
} from '@capstan/shared';
import type { ItemsTable } from '../../db/schema';

/**
 * The plain fields of the item tables (item-fields.ts, decision 061): each one nullable column
 * of `items`, read, written, mapped and patched from the table alone.
 */

// Fails to compile when a table names a column `items` does not have.
type PlainColumn = Extract<(typeof ITEM_FIELDS)[ItemFieldKind][number], { db: string }>['db'];
const columnsExist: PlainColumn extends keyof ItemsTable ? true : never = true;
void columnsExist;

/** A numeric column as read (PostgreSQL's numeric arrives as a string). */
export const toNumberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** The stored JSON list as a list of strings; anything unreadable is an empty list. */
export function parseLines(json: string | null): string[] {
  if (json === null) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

type ColumnValue = string | number | null;
const cell = (row: ItemsTable, column: string) => (row as unknown as Record<string, ColumnValue>)[column] ?? null;

/**
 * Every plain field of a row (another kind's read as null or empty). A defaulted field an older
 * release left empty reads as its kind's default (decision 065).
 */
export function plainValuesOfRow(row: ItemsTable): PlainItemValues {
  const values: Record<string, unknown> = {};
  for (const f of PLAIN_ITEM_FIELDS) {
    const stored = cell(row, f.db);
    if (f.value === 'rupees' || f.value === 'percent') values[f.key] = toNumberOrNull(stored);
    else if (f.value === 'lines') values[f.key] = parseLines(stored === null ? null : String(stored));
    else values[f.key] = f.required ? String(stored ?? '') : stored;
  }
  return withPlainDefaults(row.kind, row.category, values) as PlainItemValues;
}

/** The columns of the plain values given; a value absent or null is stored as null (a list as []). */
export function plainColumns(values: Partial<PlainItemValues>): Pick<ItemsTable, PlainColumn> {
  const columns: Record<string, ColumnValue> = {};
  for (const f of PLAIN_ITEM_FIELDS) {
    const value = values[f.key];
    if (f.value === 'lines') columns[f.db] = JSON.stringify(value ?? []);
    else columns[f.db] = (value as ColumnValue | undefined) ?? null;
  }
  return columns as unknown as Pick<ItemsTable, PlainColumn>;
}

/** A kind's plain values, as its API answer carries them. */
export function plainValuesOf<K extends ItemFieldKind>(kind: K, values: PlainItemValues): PlainItemValuesOf<K> {
  return Object.fromEntries(plainFieldsOf(kind).map((f) => [f.key, values[f.key]])) as PlainItemValuesOf<K>;
}

/**
 * What a payload sends of a kind's plain fields (decision 011): `undefined` keeps the stored value
 * on an update (a create stores it empty), `null` clears it. The payload schemas have the same keys
 * as the tables (a test holds them together).
 */
export function plainPatch(kind: ItemFieldKind, data: object): Partial<PlainItemValues> {
  const sent = data as Partial<Record<PlainItemKey, unknown>>;
  return Object.fromEntries(plainFieldsOf(kind).map((f) => [f.key, sent[f.key]])) as Partial<PlainItemValues>;
}
