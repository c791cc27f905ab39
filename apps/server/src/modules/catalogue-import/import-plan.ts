import { createHash } from 'node:crypto';
import {
  availabilityCellValue,
  type AvailabilityStatus,
  FITS_SEPARATOR,
  IMPORT_COLUMNS,
  IMPORT_ERRORS_COLUMN,
  IMPORT_FIELDS_BY_KIND,
  IMPORT_ITEM_KIND,
  IMPORT_KIND_LABELS,
  type ImportChange,
  type ImportError,
  type ImportField,
  type ImportKind,
  type ImportSummary,
  ITEM_FIELD_BY_KEY,
  ITEM_FIELDS,
  type ItemFieldDefinition,
  type ItemTranslations,
  type ItemTranslationsPatch,
  emptyPlainValues,
  machineInputSchema,
  machineUpdateSchema,
  MAX_LISTED_IMPORT_CHANGES,
  MAX_LISTED_IMPORT_ERRORS,
  parseLeadTimeCell,
  parseSpecColumnHeader,
  PLAIN_ITEM_FIELDS,
  PLAIN_NUMBER_TAG,
  type PlainItemValues,
  serviceInputSchema,
  serviceUpdateSchema,
  sparePartInputSchema,
  sparePartUpdateSchema,
  SPEC_UNITS,
  TRANSLATION_COLUMNS,
  TRANSLATION_COLUMNS_BY_KIND,
  type TranslationColumn,
  withPlainDefaults,
} from '@capstan/shared';
import type { z } from 'zod';
import type { ItemKind } from '../../db/schema';
import { patchTranslations } from '../catalogue/item-translations';
import type { Sheet } from './import-sheet';
import { codeKey, type ImportItemState, type StoredImportItem, type StoredSpec } from './import.repository';

export const ITEM_KIND_OF: Record<ImportKind, ItemKind> = IMPORT_ITEM_KIND;

type FieldColumn = { field: ImportField; header: string; index: number };
type SpecColumn = {
  field: 'spec';
  header: string;
  index: number;
  key: string;
  /** Whether cells hold numbers (a unit tag, `[number]` included). */
  typed: boolean;
  unit: string | null;
};
/** A translated text's column (`name_ta`): its cells go to the item schema's `translations`. */
type TranslatedColumn = { field: 'translation'; header: string; index: number; translation: TranslationColumn };
type Column = FieldColumn | SpecColumn | TranslatedColumn;

export interface PlannedWrite {
  line: number;
  action: 'create' | 'update';
  /** The stored item's id for an update; assigned when written for a create. */
  id: string | null;
  state: ImportItemState;
  codeChanged: boolean;
  specsChanged: boolean;
  fitsChanged: boolean;
  /** An update of the price and nothing else (a price list): no list searches or narrows by what changed. */
  priceOnly: boolean;
  /** The machines the stored part fitted before the import (none for a create). */
  fitsBefore: readonly string[];
}

export interface ImportPlan {
  summary: ImportSummary;
  /** The writes of the valid rows (all rows of a file without errors). */
  writes: PlannedWrite[];
  /** The rows with errors, with their cells as read, in file order. */
  rejected: RejectedRow[];
  /** Whether the header itself is wrong, so no row can be read at all. */
  headerInvalid: boolean;
}

export interface RejectedRow {
  line: number;
  cells: string[];
  errors: ImportError[];
}

export interface PlanInput {
  kind: ImportKind;
  sheet: Sheet;
  stored: readonly StoredImportItem[];
  machines: readonly { id: string; code: string | null }[];
  categories: readonly { slug: string; name: string }[];
}

/** The machine category every machine had before categories existed (still valid, SPEC). */
const UNCATEGORISED = 'machine';

const SCHEMAS: Record<ImportKind, { create: z.ZodType; update: z.ZodType; specField: string }> = {
  machines: { create: machineInputSchema, update: machineUpdateSchema, specField: 'specifications' },
  'spare-parts': { create: sparePartInputSchema, update: sparePartUpdateSchema, specField: 'specifications' },
  services: { create: serviceInputSchema, update: serviceUpdateSchema, specField: 'specification' },
};

/** The fields a schema hands back, whichever kind (each is absent when its column is). */
interface ParsedFields extends Partial<Record<keyof PlainItemValues, unknown>> {
  code?: string | null;
  category?: string | null;
  specifications?: { key: string; value: string; number?: number | null; unit?: string | null }[] | null;
  specification?: { key: string; value: string; number?: number | null; unit?: string | null }[] | null;
  fits?: string[];
  availability?: AvailabilityStatus | null;
  leadTimeMinWeeks?: number | null;
  leadTimeMaxWeeks?: number | null;
  warrantyMonths?: number | null;
  translations?: ItemTranslationsPatch;
}

/**
 * What a row may change: every field with a column of its own, and the specifications (spec columns).
 * The translations compare column by column (changedTranslationColumns).
 */
const comparedFields = (kind: ImportKind): Exclude<keyof ImportItemState, 'translations'>[] =>
  (ITEM_FIELDS[IMPORT_ITEM_KIND[kind]] as readonly ItemFieldDefinition[])
    .filter((f) => (f.column !== undefined && f.key !== 'id') || f.value === 'specifications')
    .map((f) => f.key as Exclude<keyof ImportItemState, 'translations'>);

/** The schema's field of an issue, as the file's column: both ends of a lead time are one cell. */
const SCHEMA_FIELD_COLUMN: Record<string, string> = Object.fromEntries(
  Object.values(ITEM_FIELD_BY_KEY as Record<string, ItemFieldDefinition>).flatMap((f) =>
    f.schemaKeys.filter((key) => key !== f.key).map((key) => [key, f.key]),
  ),
);

const columnLabel = (field: Exclude<keyof ImportItemState, 'translations'>): string =>
  field === 'specifications' ? 'specifications' : IMPORT_COLUMNS[field];

/** The translation columns of the kind whose texts differ, as a preview lists a row's changes. */
const changedTranslationColumns = (kind: ImportKind, current: ItemTranslations, next: ItemTranslations): string[] =>
  TRANSLATION_COLUMNS_BY_KIND[kind]
    .filter(({ locale, field }) => !same(current[locale]?.[field], next[locale]?.[field]))
    .map((column) => column.column);

/** One entry a line, as a `features` cell (English or translated) holds a list. */
const cellLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');

function matchUnit(tag: string): string | null | undefined {
  if (tag.toLowerCase() === PLAIN_NUMBER_TAG) return null;
  const units: readonly string[] = SPEC_UNITS;
  return units.find((unit) => unit === tag) ?? units.find((unit) => unit.toLowerCase() === tag.toLowerCase());
}

function readHeader(kind: ImportKind, header: readonly string[]): { columns: Column[]; errors: string[] } {
  const allowed = IMPORT_FIELDS_BY_KIND[kind];
  const allowedTranslations = TRANSLATION_COLUMNS_BY_KIND[kind];
  const columns: Column[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  const fixed = Object.entries(IMPORT_COLUMNS) as [ImportField, string][];
  header.forEach((text, index) => {
    // The column the rejected rows' file adds: that file, once corrected, imports as it is.
    if (text === '' || text.toLowerCase() === IMPORT_ERRORS_COLUMN) return;
    const spec = parseSpecColumnHeader(text);
    if (spec) {
      if (spec.key === '') return void errors.push(`Column "${text}" names no specification`);
      let unit: string | null = null;
      if (spec.unit !== null) {
        const matched = matchUnit(spec.unit);
        if (matched === undefined) {
          return void errors.push(
            `Column "${text}": unknown unit "${spec.unit}"; use one of ${SPEC_UNITS.join(', ')} or ${PLAIN_NUMBER_TAG}`,
          );
        }
        unit = matched;
      }
      const identity = `spec:${spec.key.toLowerCase()}[${spec.unit === null ? '' : (unit ?? PLAIN_NUMBER_TAG)}]`;
      if (seen.has(identity)) return void errors.push(`Column "${text}" appears twice`);
      seen.add(identity);
      columns.push({ field: 'spec', header: text, index, key: spec.key, typed: spec.unit !== null, unit });
      return;
    }
    const translation = TRANSLATION_COLUMNS.find((c) => c.column === text.toLowerCase());
    if (translation) {
      // Like the English features column on spare parts: a column the kind lacks is refused.
      if (!allowedTranslations.includes(translation)) {
        return void errors.push(`Column "${text}" is not used for ${IMPORT_KIND_LABELS[kind].many}`);
      }
      if (seen.has(translation.column)) return void errors.push(`Column "${text}" appears twice`);
      seen.add(translation.column);
      columns.push({ field: 'translation', header: text, index, translation });
      return;
    }
    const field = fixed.find(([, name]) => name === text.toLowerCase())?.[0];
    if (!field) {
      const names = [...allowed.map((f) => IMPORT_COLUMNS[f]), ...allowedTranslations.map((c) => c.column)].join(', ');
      return void errors.push(`Unknown column "${text}": the columns are ${names}, and "spec: Name [unit]"`);
    }
    if (!allowed.includes(field)) {
      return void errors.push(`Column "${text}" is not used for ${IMPORT_KIND_LABELS[kind].many}`);
    }
    if (seen.has(field)) return void errors.push(`Column "${text}" appears twice`);
    seen.add(field);
    columns.push({ field, header: text, index });
  });
  if (!seen.has('name') && !seen.has('id') && !seen.has('code')) {
    errors.push('The file needs a name column, and an id or code column to update items');
  }
  return { columns, errors };
}

/** `15,00,000`, `₹ 1500000`, `15000/-` → `1500000`; anything else is left for the schema to refuse. */
const moneyText = (cell: string): string => cell.replace(/[₹,\s]/g, '').replace(/\/-$/, '');

const TYPED_CELL = /^([+-]?(?:\d[\d,]*)?(?:\.\d+)?)\s*(?:\((.*)\))?$/s;

/** `38`, `38.5 (max)`, `1,00,000` → number and remark. */
export function parseTypedCell(cell: string): { number: number; remark: string } | null {
  const match = TYPED_CELL.exec(cell);
  const digits = match?.[1]?.replace(/,/g, '') ?? '';
  if (!/\d/.test(digits)) return null;
  const number = Number(digits);
  return Number.isFinite(number) ? { number, remark: (match?.[2] ?? '').trim() } : null;
}

/** The cell the export writes for a typed specification (parseTypedCell reads it back). */
export function typedCellText(spec: Pick<StoredSpec, 'number' | 'value'>): string {
  return spec.value === '' ? String(spec.number) : `${spec.number} (${spec.value})`;
}

function emptyState(kind: ImportKind): ImportItemState {
  return {
    ...emptyPlainValues(IMPORT_ITEM_KIND[kind]),
    code: null,
    category: kind === 'machines' ? UNCATEGORISED : null,
    specifications: [],
    fits: [],
    availability: null,
    leadTimeWeeks: null,
    warrantyMonths: null,
    translations: {},
  };
}

/** Keeps the stored order of keys the item already had; new keys follow in column order. */
function inStoredOrder(stored: readonly StoredSpec[], incoming: readonly StoredSpec[]): StoredSpec[] {
  const rank = new Map(stored.map((spec, index) => [spec.key.toLowerCase(), index]));
  const known = incoming.filter((spec) => rank.has(spec.key.toLowerCase()));
  known.sort((a, b) => (rank.get(a.key.toLowerCase()) ?? 0) - (rank.get(b.key.toLowerCase()) ?? 0));
  return [...known, ...incoming.filter((spec) => !rank.has(spec.key.toLowerCase()))];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

interface RowOutcome {
  line: number;
  errors: ImportError[];
  write?: PlannedWrite;
  target?: StoredImportItem;
  changedFields: string[];
}

/** Rows planned between two turns of the event loop (about 25 ms of work). */
const PLAN_SLICE_ROWS = 250;

/**
 * The stored items a file's plan can read: those its id cells name and those holding a code its
 * code cells name (the rows' targets, and the owners checkCodes asks about). Planning against
 * these alone, not the whole catalogue, keeps a price list of 1,000 parts from reading 25,000
 * (decision 084).
 */
export function itemsNamedBy(kind: ImportKind, sheet: Sheet): { ids: string[]; codeKeys: string[] } {
  const { columns } = readHeader(kind, sheet.header);
  const cellsOf = (field: ImportField) => {
    const column = columns.find((c) => c.field === field);
    if (column === undefined) return [];
    const cells = sheet.rows.map(({ cells }) => (cells[column.index] ?? '').trim()).filter((cell) => cell !== '');
    return [...new Set(cells.map((cell) => cell.toLowerCase()))];
  };
  return { ids: cellsOf('id'), codeKeys: cellsOf('code') };
}

export async function planImport(input: PlanInput): Promise<ImportPlan> {
  const { kind, sheet, stored } = input;
  const { columns, errors: headerErrors } = readHeader(kind, sheet.header);
  const kindLabel = IMPORT_KIND_LABELS[kind];
  if (headerErrors.length > 0) {
    return finish(
      kind,
      sheet,
      headerErrors.map((message) => ({ line: 1, errors: [{ line: 1, column: null, message }], changedFields: [] })),
      false,
    );
  }

  const col = (field: ImportField) => columns.find((c): c is FieldColumn => c.field === field);
  const specColumns = columns.filter((c): c is SpecColumn => c.field === 'spec');
  const translatedColumns = columns.filter((c): c is TranslatedColumn => c.field === 'translation');
  const byId = new Map(stored.map((item) => [item.id.toLowerCase(), item]));
  const byCode = new Map<string, StoredImportItem>();
  for (const item of stored) {
    const key = codeKey(item.code);
    if (key !== null) byCode.set(key, item);
  }
  const machineByRef = new Map<string, string>();
  for (const machine of input.machines) {
    machineByRef.set(machine.id.toLowerCase(), machine.id);
    const key = codeKey(machine.code);
    if (key !== null) machineByRef.set(key, machine.id);
  }
  const categoryByRef = new Map<string, string>([[UNCATEGORISED, UNCATEGORISED]]);
  for (const category of input.categories) {
    categoryByRef.set(category.slug.toLowerCase(), category.slug);
    categoryByRef.set(category.name.toLowerCase(), category.slug);
  }
  const schemas = SCHEMAS[kind];
  const compared = comparedFields(kind);
  const targetedOnLine = new Map<string, number>();

  const planRow = ({ line, cells }: Sheet['rows'][number]): RowOutcome => {
    const errors: ImportError[] = [];
    const fail = (column: Column | null, message: string) =>
      errors.push({ line, column: column?.header ?? null, message });
    const cell = (column: Column | undefined) => (column ? (cells[column.index] ?? '').trim() : '');
    if (cells.length > sheet.header.length && cells.slice(sheet.header.length).some((c) => c.trim() !== '')) {
      fail(null, 'This row has more cells than the header has columns');
    }

    let target: StoredImportItem | undefined;
    const idColumn = col('id');
    const codeColumn = col('code');
    if (cell(idColumn) !== '') {
      target = byId.get(cell(idColumn).toLowerCase());
      if (!target) fail(idColumn ?? null, `No ${kindLabel.one} has this id: leave id empty to add a new one`);
    } else if (cell(codeColumn) !== '') {
      target = byCode.get(codeKey(cell(codeColumn)) ?? '');
    }
    if (target) {
      const earlier = targetedOnLine.get(target.id);
      if (earlier !== undefined)
        fail(idColumn ?? codeColumn ?? null, `Line ${earlier} already changes this ${kindLabel.one}`);
      else targetedOnLine.set(target.id, line);
    }
    if (errors.length > 0) return { line, errors, changedFields: [] };

    const creating = target === undefined;
    const fields: Record<string, unknown> = {};
    const errored = new Set<string>();
    const set = (field: ImportField, value: unknown) => {
      if (creating && value === '') return;
      fields[field] = value;
    };
    for (const column of columns) {
      if (column.field === 'spec' || column.field === 'translation' || column.field === 'id') continue;
      const text = cell(column);
      switch (ITEM_FIELD_BY_KEY[column.field].value) {
        case 'rupees':
          set(column.field, moneyText(text));
          break;
        case 'availability':
          set('availability', availabilityCellValue(text));
          break;
        case 'leadTime': {
          if (creating && text === '') break;
          // Text that is no lead time goes to the schema as it is, which says what one must be.
          const weeks = text === '' ? null : parseLeadTimeCell(text);
          fields.leadTimeMinWeeks = weeks?.min ?? text;
          fields.leadTimeMaxWeeks = weeks?.max ?? text;
          break;
        }
        case 'lines':
          fields[column.field] = cellLines(text);
          break;
        case 'category': {
          const slug = text === '' ? '' : categoryByRef.get(text.toLowerCase());
          if (slug === undefined) {
            errored.add(column.header);
            fail(column, `Unknown machine category "${text}": add it under Machine categories first`);
          } else set('category', slug);
          break;
        }
        case 'fits': {
          const ids: string[] = [];
          for (const ref of text.split(FITS_SEPARATOR).map((part) => part.trim())) {
            if (ref === '') continue;
            const id = machineByRef.get(ref.toLowerCase());
            if (id === undefined) {
              errored.add(column.header);
              fail(column, `Unknown machine in fits: ${ref}`);
            } else if (!ids.includes(id)) ids.push(id);
          }
          fields.fits = ids;
          break;
        }
        default:
          set(column.field, text);
      }
    }

    // Availability and lead time change together (decision 051): a file with only one of the two
    // columns takes the other from the item, so a lead time alone updates a made-to-order item and
    // made_to_order alone keeps the item's weeks.
    if (target) {
      const hasAvailability = col('availability') !== undefined;
      const hasLeadTime = col('leadTimeWeeks') !== undefined;
      if (hasLeadTime && !hasAvailability && target.availability !== null) fields.availability = target.availability;
      if (hasAvailability && !hasLeadTime && fields.availability === 'made_to_order' && target.leadTimeWeeks) {
        fields.leadTimeMinWeeks = target.leadTimeWeeks.min;
        fields.leadTimeMaxWeeks = target.leadTimeWeeks.max;
      }
    }

    if (translatedColumns.length > 0) {
      // The item forms' patch (decision 072), checked by the same schema: a value sets the text, null
      // removes it (the English shows), a column the file lacks keeps it.
      const patch: Partial<Record<string, Record<string, string | string[] | null>>> = {};
      for (const column of translatedColumns) {
        const { locale, field, value } = column.translation;
        const text = cell(column);
        if (creating && text === '') continue;
        const sent = text === '' ? null : value === 'lines' ? cellLines(text) : text;
        patch[locale] = { ...patch[locale], [field]: sent };
      }
      fields.translations = patch;
    }

    const rowSpecColumns: SpecColumn[] = [];
    if (specColumns.length > 0) {
      const rows: { key: string; value: string; number?: number; unit?: string | null }[] = [];
      const keys = new Map<string, SpecColumn>();
      for (const column of specColumns) {
        const text = cell(column);
        if (text === '') continue;
        const other = keys.get(column.key.toLowerCase());
        if (other) {
          errored.add(column.header);
          fail(column, `Specification "${column.key}" is also filled in column "${other.header}": fill one of them`);
          continue;
        }
        keys.set(column.key.toLowerCase(), column);
        if (!column.typed) {
          rows.push({ key: column.key, value: text });
        } else {
          const typed = parseTypedCell(text);
          if (!typed) {
            errored.add(column.header);
            fail(column, `"${text}" is not a number: write a number such as 38, or 38 (max) with a remark`);
            continue;
          }
          rows.push({ key: column.key, value: typed.remark, number: typed.number, unit: column.unit });
        }
        rowSpecColumns.push(column);
      }
      fields[schemas.specField] = rows;
    }

    const parsed = (creating ? schemas.create : schemas.update).safeParse(fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path;
        let column: Column | null;
        if (field === schemas.specField || field === 'specs') {
          column = typeof index === 'number' ? (rowSpecColumns[index] ?? null) : null;
          // "At least 2 specifications" after a refused spec cell says nothing the refusal did not.
          if (column === null && specColumns.some((c) => errored.has(c.header))) continue;
        } else if (field === 'translations') {
          const [, locale, translated] = issue.path;
          column =
            translatedColumns.find((c) => c.translation.locale === locale && c.translation.field === translated) ??
            null;
        } else {
          const named = (typeof field === 'string' && SCHEMA_FIELD_COLUMN[field]) || field;
          column = columns.find((c) => c.field === named) ?? null;
        }
        if (column && errored.has(column.header)) continue;
        // Both ends of a lead time say the same of its one cell: once is enough.
        if (errors.some((error) => error.column === (column?.header ?? null) && error.message === issue.message)) {
          continue;
        }
        fail(column, issue.message);
      }
    }
    if (errors.length > 0 || !parsed.success) return { line, errors, changedFields: [] };

    const data = parsed.data as ParsedFields;
    const base = target ?? emptyState(kind);
    const pick = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);
    const specs = data.specifications ?? data.specification;
    const incomingSpecs =
      specs === undefined
        ? undefined
        : (specs ?? []).map((spec) => ({
            key: spec.key,
            value: spec.value,
            number: spec.number ?? null,
            unit: spec.unit ?? null,
          }));
    const category = kind === 'machines' ? (pick(data.category, base.category) ?? UNCATEGORISED) : base.category;
    const next: ImportItemState = {
      // An empty HSN/SAC code or GST rate, or none on a new item, is the kind's default (decision 075).
      ...withPlainDefaults(IMPORT_ITEM_KIND[kind], category, nextPlainValues(data, base, creating)),
      code: pick(data.code, base.code) || null,
      category,
      specifications:
        incomingSpecs === undefined ? base.specifications : inStoredOrder(base.specifications, incomingSpecs),
      fits: data.fits === undefined ? [...base.fits].sort() : [...new Set(data.fits)].sort(),
      ...nextTerms(data, base),
      translations: patchTranslations(base.translations, data.translations),
    };
    const current = target ? { ...target, fits: [...target.fits].sort() } : undefined;
    const changed = current ? compared.filter((field) => !same(current[field], next[field])) : [];
    // Column by column, after the fixed ones as in the file: the stored object's key order is no change.
    const changedFields = current
      ? [...changed.map(columnLabel), ...changedTranslationColumns(kind, current.translations, next.translations)]
      : [];
    if (current && changedFields.length === 0) return { line, errors, target, changedFields: [] };
    return {
      line,
      errors,
      target,
      changedFields,
      write: {
        line,
        action: current ? 'update' : 'create',
        id: current?.id ?? null,
        state: next,
        codeChanged: !current || !same(current.code, next.code),
        specsChanged: !current || changed.includes('specifications'),
        fitsChanged: !current || changed.includes('fits'),
        priceOnly:
          current !== undefined && changedFields.length === 1 && changed.length === 1 && changed[0] === 'price',
        fitsBefore: current?.fits ?? [],
      },
    };
  };

  // The shared schemas take about 50 µs a row: 50,000 rows are seconds of CPU, given back to the
  // event loop in slices so visitors are served meanwhile.
  const outcomes: RowOutcome[] = [];
  for (const [index, row] of sheet.rows.entries()) {
    if (index > 0 && index % PLAN_SLICE_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    outcomes.push(planRow(row));
  }

  checkCodes(outcomes, stored, kindLabel.one, col('code')?.header ?? IMPORT_COLUMNS.code);
  return finish(kind, sheet, outcomes, true);
}

/**
 * The plain fields after a row (item-fields.ts): an absent column keeps the item's value; an
 * empty optional text or list is none. A defaulted field is left empty (for withPlainDefaults) when
 * its cell is, or on a new item without one: its default goes by the category the row saves.
 */
function nextPlainValues(data: ParsedFields, base: ImportItemState, creating: boolean): PlainItemValues {
  const next: Record<string, unknown> = {};
  for (const f of PLAIN_ITEM_FIELDS) {
    const value = data[f.key] === undefined ? base[f.key] : data[f.key];
    if (f.defaulted) next[f.key] = creating ? (data[f.key] ?? null) : value;
    else if (f.value === 'lines') next[f.key] = value ?? [];
    else if (f.value === 'text' && !f.required) next[f.key] = value || null;
    else next[f.key] = value;
  }
  return next as PlainItemValues;
}

/**
 * The item's own terms after a row: an absent column keeps them, an empty cell (null) puts the
 * kind's default back; a lead time is kept only with made to order (the schema checked the pair).
 */
function nextTerms(
  data: ParsedFields,
  base: ImportItemState,
): Pick<ImportItemState, 'availability' | 'leadTimeWeeks' | 'warrantyMonths'> {
  const availability = data.availability === undefined ? base.availability : data.availability;
  const min = data.leadTimeMinWeeks;
  const max = data.leadTimeMaxWeeks;
  const given = min !== undefined && min !== null && max !== undefined && max !== null ? { min, max } : null;
  return {
    availability,
    leadTimeWeeks: availability === 'made_to_order' ? (given ?? base.leadTimeWeeks) : null,
    warrantyMonths: data.warrantyMonths === undefined ? base.warrantyMonths : data.warrantyMonths,
  };
}

/** Codes are unique per kind once the whole file is in: checked against the rows and the catalogue. */
function checkCodes(outcomes: RowOutcome[], stored: readonly StoredImportItem[], one: string, header: string): void {
  const finalKey = new Map<string, string | null>();
  for (const outcome of outcomes) {
    if (outcome.errors.length === 0 && outcome.target) {
      finalKey.set(outcome.target.id, codeKey(outcome.write ? outcome.write.state.code : outcome.target.code));
    }
  }
  const storedOwner = new Map<string, string>();
  for (const item of stored) {
    const key = codeKey(item.code);
    if (key !== null) storedOwner.set(key, item.id);
  }
  const claimed = new Map<string, number>();
  for (const outcome of outcomes) {
    if (outcome.errors.length > 0) continue;
    const code = outcome.write ? outcome.write.state.code : (outcome.target?.code ?? null);
    const key = codeKey(code);
    if (key === null) continue;
    const fail = (message: string) => {
      outcome.errors.push({ line: outcome.line, column: header, message });
      delete outcome.write;
    };
    const otherLine = claimed.get(key);
    if (otherLine !== undefined) {
      fail(`Code ${code} is also on line ${otherLine}`);
      continue;
    }
    claimed.set(key, outcome.line);
    const owner = storedOwner.get(key);
    if (owner !== undefined && owner !== outcome.target?.id) {
      // The item holding the code gives it up only when its own row (valid) gives it another.
      const ownersNext = finalKey.get(owner);
      if (ownersNext === undefined || ownersNext === key) fail(`A ${one} with code ${code} already exists.`);
    }
  }
}

function finish(kind: ImportKind, sheet: Sheet, outcomes: RowOutcome[], headerValid: boolean): ImportPlan {
  const rows = sheet.rows.length;
  const errors = outcomes.flatMap((outcome) => outcome.errors);
  const invalid = outcomes.filter((outcome) => outcome.errors.length > 0);
  const valid = outcomes.filter((outcome) => outcome.errors.length === 0);
  const writes = valid.flatMap((outcome) => (outcome.write ? [outcome.write] : []));
  const creates = valid.filter((outcome) => outcome.write?.action === 'create');
  const updates = valid.filter((outcome) => outcome.write?.action === 'update');
  const changes: ImportChange[] = [...valid]
    .filter((outcome) => outcome.write)
    .slice(0, MAX_LISTED_IMPORT_CHANGES)
    .map((outcome) => ({
      line: outcome.line,
      action: outcome.write?.action ?? 'create',
      code: outcome.write?.state.code ?? null,
      name: outcome.write?.state.name ?? '',
      fields: outcome.changedFields,
    }));
  const invalidLines = invalid.map((outcome) => outcome.line);
  // What would be written and which rows would be left out: the same id for the whole file
  // (`apply`) and for its valid rows (`valid-rows`), since both write exactly these.
  const planId = createHash('sha256')
    .update(
      JSON.stringify([kind, invalidLines, writes.map((write) => [write.line, write.action, write.id, write.state])]),
    )
    .digest('base64url');
  const cellsOf = new Map(sheet.rows.map((row) => [row.line, row.cells]));
  return {
    writes,
    headerInvalid: !headerValid,
    rejected: headerValid
      ? invalid.map((outcome) => ({
          line: outcome.line,
          cells: cellsOf.get(outcome.line) ?? [],
          errors: outcome.errors,
        }))
      : [],
    summary: {
      kind,
      rows,
      create: creates.length,
      update: updates.length,
      unchanged: valid.length - creates.length - updates.length,
      invalidRows: headerValid ? new Set(invalidLines).size : rows,
      errors: errors.slice(0, MAX_LISTED_IMPORT_ERRORS),
      errorCount: errors.length,
      changes,
      planId,
    },
  };
}
