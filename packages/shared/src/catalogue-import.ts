/**
 * Bulk catalogue import and export (decision 034): the file's columns, the spec column
 * header `spec: Bar capacity [mm]`, limits, and the answers of the import calls. The browser
 * shows the same column help the server applies.
 */
import { z } from './schemas/zod';
import { ITEM_FIELD_KINDS, ITEM_FIELDS, type ItemFieldDefinition, type ItemFieldKind } from './item-fields';
import {
  CONTENT_LOCALES,
  type ContentLocale,
  TRANSLATED_FIELDS_OF_KIND,
  type TranslatedItemField,
} from './item-translations';

/** The kinds a file holds, by the name used in the import and export addresses. */
export const IMPORT_KINDS = ['machines', 'spare-parts', 'services'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_KIND_LABELS: Record<ImportKind, { one: string; many: string }> = {
  machines: { one: 'machine', many: 'machines' },
  'spare-parts': { one: 'spare part', many: 'spare parts' },
  services: { one: 'service', many: 'services' },
};

/** An import file (CSV or .xlsx) may be at most this large. */
export const MAX_IMPORT_FILE_BYTES = 20 * 1024 * 1024;
/** ...and hold at most this many rows below its header. */
export const MAX_IMPORT_ROWS = 50_000;
/** A ZIP of pictures may be at most this large; each picture keeps the image upload limits. */
export const MAX_PICTURES_ZIP_BYTES = 200 * 1024 * 1024;
/** Pictures in one ZIP (every item's at most MAX_IMAGES_PER_ITEM). */
export const MAX_PICTURES_PER_ZIP = 600;
/**
 * A ZIP (an .xlsx file is one) is checked before it is unpacked: the entries read may hold at most
 * this much once unpacked, all together, so a small file that expands to gigabytes (a ZIP bomb) is
 * refused before memory or time go into it. An export of 50,000 spare parts unpacks to about 30 MB.
 */
export const MAX_IMPORT_UNPACKED_BYTES = 200 * 1024 * 1024;
/** A file's rows may have cells in at most this many columns... */
export const MAX_IMPORT_COLUMNS = 1_000;
/** ...and at most this many cells in all, counting the empty ones left of a filled cell. */
export const MAX_IMPORT_CELLS = 10_000_000;
/** The pictures of a ZIP may hold at most this much once unpacked, all together. */
export const MAX_PICTURES_UNPACKED_BYTES = 1024 * 1024 * 1024;
/**
 * No entry of a ZIP may unpack to more than this many times its packed size (Apache POI's limit):
 * spreadsheets pack about 3 to 10 times, pictures barely at all; bombs pack a thousand times.
 */
export const MAX_ZIP_ENTRY_RATIO = 100;
/** Entries smaller than this once unpacked are not held to the ratio (a tiny file packs well). */
export const ZIP_RATIO_GRACE_BYTES = 1024 * 1024;
/** Invalid cells a preview lists (the count says how many there are in all). */
export const MAX_LISTED_IMPORT_ERRORS = 500;
/** Creates and updates a preview lists, first ones in the file. */
export const MAX_LISTED_IMPORT_CHANGES = 200;

/** The item kind each file holds. */
export const IMPORT_ITEM_KIND: Record<ImportKind, ItemFieldKind> = {
  machines: 'machine',
  'spare-parts': 'spare',
  services: 'service',
};

/** The fields that have a fixed column in a file (item-fields.ts names each field's column). */
export type ImportField = Extract<(typeof ITEM_FIELDS)[ItemFieldKind][number], { column: string }>['key'];
type ImportColumnField = ItemFieldDefinition & { key: ImportField; column: string };

const columnFieldsOf = (kind: ItemFieldKind) =>
  (ITEM_FIELDS[kind] as readonly ItemFieldDefinition[]).filter((f): f is ImportColumnField => f.column !== undefined);

/** The fixed columns, by their header text. */
export const IMPORT_COLUMNS = Object.fromEntries(
  ITEM_FIELD_KINDS.flatMap(columnFieldsOf).map((f) => [f.key, f.column]),
) as Record<ImportField, string>;
/**
 * The column the file of rejected rows adds (the input's columns, then this): the import skips it,
 * so that file imports as it is once its rows are corrected.
 */
export const IMPORT_ERRORS_COLUMN = 'errors';

/** Each kind's fixed columns, in the order of its field table (the export's order). */
const columnKeysOf = (kind: ItemFieldKind) => columnFieldsOf(kind).map((f) => f.key);
export const IMPORT_FIELDS_BY_KIND: Record<ImportKind, readonly ImportField[]> = {
  machines: columnKeysOf('machine'),
  'spare-parts': columnKeysOf('spare'),
  services: columnKeysOf('service'),
};

/** What the column help says of each fixed column. */
export const IMPORT_COLUMN_HELP = Object.fromEntries(
  ITEM_FIELD_KINDS.flatMap(columnFieldsOf).map((f) => [f.key, f.help ?? '']),
) as Record<ImportField, string>;

/**
 * The translated texts a file carries (decision 072), and how a cell holds each: a `lines` cell is
 * one entry a line, written and read like the English `features` column. Specification labels are
 * not in the file: staff enter them in the back office, and an import keeps them.
 */
const TRANSLATED_FILE_FIELDS = {
  name: { value: 'text', help: (language: string) => `${language} name; empty: the English name shows` },
  description: {
    value: 'text',
    help: (language: string) => `${language} description; empty: the English description shows`,
  },
  features: {
    value: 'lines',
    help: (language: string) => `${language} key features, one a line; empty: the English ones show`,
  },
} as const satisfies Partial<
  Record<TranslatedItemField, { value: 'text' | 'lines'; help: (language: string) => string }>
>;
export type TranslatedFileField = keyof typeof TRANSLATED_FILE_FIELDS;

/** What the column help calls each content language. */
export const CONTENT_LOCALE_LABELS: Record<ContentLocale, string> = { ta: 'Tamil', hi: 'Hindi' };

/** One translated text's column: `name_ta` holds the Tamil name. */
export interface TranslationColumn {
  /** The header, lower case; found in a file ignoring case, like the fixed columns. */
  readonly column: string;
  readonly locale: ContentLocale;
  readonly field: TranslatedFileField;
  readonly value: 'text' | 'lines';
  /** What the import's column help says of it (the browser shows it in the reader's language). */
  readonly help: string;
}

/**
 * Every translation column, field by field and each field in every content language
 * (`name_ta`, `name_hi`, `description_ta`, ...): the export writes them after the fixed columns and
 * the import reads them from this table alone, so a language or a field is one edit here.
 */
export const TRANSLATION_COLUMNS: readonly TranslationColumn[] = (
  Object.keys(TRANSLATED_FILE_FIELDS) as TranslatedFileField[]
).flatMap((field) =>
  CONTENT_LOCALES.map((locale) => ({
    column: `${field}_${locale}`,
    locale,
    field,
    value: TRANSLATED_FILE_FIELDS[field].value,
    help: TRANSLATED_FILE_FIELDS[field].help(CONTENT_LOCALE_LABELS[locale]),
  })),
);

/** Each kind's translation columns: only machines have key features. */
const translationColumnsOf = (kind: ItemFieldKind) => {
  const fields: readonly TranslatedItemField[] = TRANSLATED_FIELDS_OF_KIND[kind];
  return TRANSLATION_COLUMNS.filter((column) => fields.includes(column.field));
};
export const TRANSLATION_COLUMNS_BY_KIND: Record<ImportKind, readonly TranslationColumn[]> = {
  machines: translationColumnsOf('machine'),
  'spare-parts': translationColumnsOf('spare'),
  services: translationColumnsOf('service'),
};

/** A spec column's tag for a number without a unit (a count: "Turret stations [number]"). */
export const PLAIN_NUMBER_TAG = 'number';
export const SPEC_COLUMN_PREFIX = 'spec:';

/** `spec: Bar capacity [mm]`, `spec: Turret stations [number]`, `spec: Coolant` (text). */
export function specColumnHeader(key: string, unit: string | null): string {
  return unit === null ? `${SPEC_COLUMN_PREFIX} ${key}` : `${SPEC_COLUMN_PREFIX} ${key} [${unit}]`;
}

/** The key and unit tag of a spec column header, or null when the header is not one. */
export function parseSpecColumnHeader(header: string): { key: string; unit: string | null } | null {
  const text = header.trim();
  if (text.slice(0, SPEC_COLUMN_PREFIX.length).toLowerCase() !== SPEC_COLUMN_PREFIX) return null;
  const rest = text.slice(SPEC_COLUMN_PREFIX.length).trim();
  const tagged = /^(.*?)\s*\[([^\]]*)\]$/.exec(rest);
  if (tagged) return { key: (tagged[1] ?? '').trim(), unit: (tagged[2] ?? '').trim() };
  return { key: rest, unit: null };
}

/** A lead time as its cell holds it: `6-8`, or `6` when first and last week are the same. */
export function leadTimeCellText(weeks: { min: number; max: number }): string {
  return weeks.min === weeks.max ? String(weeks.min) : `${weeks.min}-${weeks.max}`;
}

/**
 * A lead time cell's weeks (`6-8`, `6–8`, `6 to 8`, `6`, with or without "weeks"), or null when it
 * is none of these (the item schema then says what a lead time must be).
 */
export function parseLeadTimeCell(cell: string): { min: number; max: number } | null {
  const match = /^(\d+)(?:\s*(?:-|–|to)\s*(\d+))?(?:\s*weeks?)?$/i.exec(cell.trim());
  if (!match) return null;
  const min = Number(match[1]);
  return { min, max: match[2] === undefined ? min : Number(match[2]) };
}

/** An availability cell: `in_stock`, `made_to_order`, or their labels ("In stock", "Made to order"). */
export const availabilityCellValue = (cell: string): string =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

export const importErrorSchema = z.object({
  /** The line in the file (1 is the header; Excel's row number). */
  line: z.number().int(),
  /** The column's header as written in the file; null when the whole row or file is meant. */
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

export const importChangeSchema = z.object({
  line: z.number().int(),
  action: z.enum(['create', 'update']),
  code: z.string().nullable(),
  name: z.string(),
  /** For an update: the columns whose values change. */
  fields: z.array(z.string()),
});
export type ImportChange = z.infer<typeof importChangeSchema>;

/** What a file would do (preview) or did (import). */
export const importSummarySchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  /** Rows with at least one invalid cell. */
  invalidRows: z.number().int(),
  /** Every invalid cell, up to MAX_LISTED_IMPORT_ERRORS, in file order. */
  errors: z.array(importErrorSchema),
  /** All errors there are (errors may list fewer). */
  errorCount: z.number().int(),
  /** The first MAX_LISTED_IMPORT_CHANGES creates and updates. */
  changes: z.array(importChangeSchema),
  /**
   * Names this exact plan against the catalogue as it was. Sent back with the confirm, so a file
   * whose effect changed since its preview (someone edited the catalogue) is previewed again.
   */
  planId: z.string(),
});
export type ImportSummary = z.infer<typeof importSummarySchema>;

/** The confirm call answers a stream of these, one JSON object a line (`application/x-ndjson`). */
export const importProgressLineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), done: z.number().int(), total: z.number().int() }),
  z.object({
    type: z.literal('done'),
    summary: importSummarySchema,
    /**
     * With `valid-rows`: the rows left out, as CSV (UTF-8 with a byte-order mark): the file's own
     * columns and an `errors` column saying what to correct. Absent when every row was imported.
     */
    rejectedCsv: z.string().optional(),
  }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ImportProgressLine = z.infer<typeof importProgressLineSchema>;

export const picturesImportResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  /** Items whose pictures were set. */
  items: z.number().int(),
  pictures: z.number().int(),
});
export type PicturesImportResult = z.infer<typeof picturesImportResultSchema>;

export const IMPORT_MODES = ['preview', 'apply', 'valid-rows'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

export const importKindParamsSchema = z.object({ kind: z.enum(IMPORT_KINDS) }).strict();
export const importQuerySchema = z
  .object({
    /**
     * `preview` (default): check and say what would happen; `apply`: do it, refusing a file with
     * any invalid row; `valid-rows`: import the valid rows and answer the rejected ones as a file.
     */
    mode: z.enum(IMPORT_MODES).default('preview'),
    /** With `apply` or `valid-rows`: the preview's planId; a different plan now is refused (409). */
    planId: z.string().max(100).optional(),
  })
  .strict();
export const exportQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }).strict();
export type ExportFormat = z.infer<typeof exportQuerySchema>['format'];

export const IMPORT_PLAN_CHANGED_MESSAGE =
  'The catalogue changed since this file was previewed: preview it again before importing.';
