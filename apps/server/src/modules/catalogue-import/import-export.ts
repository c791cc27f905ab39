import {
  type ExportFormat,
  FITS_SEPARATOR,
  IMPORT_COLUMNS,
  IMPORT_FIELDS_BY_KIND,
  type ImportField,
  type ImportKind,
  ITEM_FIELD_BY_KEY,
  leadTimeCellText,
  PLAIN_NUMBER_TAG,
  specColumnHeader,
  TRANSLATION_COLUMNS,
  TRANSLATION_COLUMNS_BY_KIND,
  type TranslationColumn,
} from '@capstan/shared';
import { csvField } from '../../csv-field';
import { typedCellText } from './import-plan';
import type { StoredImportItem, StoredSpec } from './import.repository';

/** A cell as the export writes it: numbers stay numbers in a workbook. */
type ExportCell = string | number | null;

const specTag = (spec: StoredSpec): string | null => (spec.number === null ? null : (spec.unit ?? PLAIN_NUMBER_TAG));

/** A translated text as its cell holds it: a list one entry a line, like `features`; empty when none. */
function translationCell(item: StoredImportItem, column: TranslationColumn): ExportCell {
  const text = item.translations[column.locale]?.[column.field];
  if (text === undefined) return null;
  return Array.isArray(text) ? text.join('\n') : text;
}

/**
 * The items as the import reads them (decision 034): the kind's fixed columns, its translation
 * columns (decision 072), then one column per specification name and unit in order of first use, so
 * an unedited export imports as unchanged.
 */
export function exportTable(
  kind: ImportKind,
  items: readonly StoredImportItem[],
  machineRef: ReadonlyMap<string, string>,
): { header: string[]; rows: ExportCell[][] } {
  const fields = IMPORT_FIELDS_BY_KIND[kind];
  const translations = TRANSLATION_COLUMNS_BY_KIND[kind];
  const specColumns = new Map<string, { key: string; tag: string | null }>();
  for (const item of items) {
    for (const spec of item.specifications) {
      const id = JSON.stringify([spec.key, specTag(spec)]);
      if (!specColumns.has(id)) specColumns.set(id, { key: spec.key, tag: specTag(spec) });
    }
  }
  const specIds = [...specColumns.keys()];
  const header = [
    ...fields.map((field) => IMPORT_COLUMNS[field]),
    ...translations.map((column) => column.column),
    ...[...specColumns.values()].map((column) => specColumnHeader(column.key, column.tag)),
  ];
  const fieldCell = (item: StoredImportItem, field: ImportField): ExportCell => {
    switch (ITEM_FIELD_BY_KEY[field].value) {
      case 'lines': {
        const lines = item[field];
        return Array.isArray(lines) ? lines.join('\n') : null;
      }
      case 'fits':
        return item.fits
          .map((id) => machineRef.get(id) ?? id)
          .sort()
          .join(`${FITS_SEPARATOR} `);
      case 'leadTime':
        return item.leadTimeWeeks ? leadTimeCellText(item.leadTimeWeeks) : null;
      default: {
        const value = item[field];
        return Array.isArray(value) || (typeof value === 'object' && value !== null) ? null : value;
      }
    }
  };
  const rows = items.map((item) => {
    const specs = new Map(item.specifications.map((spec) => [JSON.stringify([spec.key, specTag(spec)]), spec]));
    return [
      ...fields.map((field) => fieldCell(item, field)),
      ...translations.map((column) => translationCell(item, column)),
      ...specIds.map((id): ExportCell => {
        const spec = specs.get(id);
        if (!spec) return null;
        if (spec.number === null) return spec.value;
        return spec.value === '' ? spec.number : typedCellText(spec);
      }),
    ];
  });
  return { header, rows };
}

/** UTF-8 with a byte-order mark and CRLF, every field quoted and guarded like the inquiries export. */
function toCsv(table: { header: string[]; rows: ExportCell[][] }): Buffer {
  const line = (cells: readonly ExportCell[]) =>
    cells.map((cell) => csvField(cell === null ? '' : String(cell))).join(',');
  return Buffer.from(`\uFEFF${[line(table.header), ...table.rows.map(line)].join('\r\n')}\r\n`, 'utf8');
}

/** Columns of long texts: the English description and its translations. */
const WIDE_COLUMNS = new Set([
  IMPORT_COLUMNS.description,
  ...TRANSLATION_COLUMNS.filter((column) => column.field === 'description').map((column) => column.column),
]);

async function toXlsx(table: { header: string[]; rows: ExportCell[][] }, sheet: string): Promise<Buffer> {
  // Loaded on first use, like the reader (import-sheet.ts): no start pays for it.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = table.header.map((text) => ({ value: text, fontWeight: 'bold' as const }));
  return writeXlsxFile([header, ...table.rows], {
    sheet,
    stickyRowsCount: 1,
    columns: table.header.map((text) => ({ width: WIDE_COLUMNS.has(text) ? 60 : 24 })),
  }).toBuffer();
}

export async function exportFile(
  kind: ImportKind,
  format: ExportFormat,
  items: readonly StoredImportItem[],
  machineRef: ReadonlyMap<string, string>,
): Promise<Buffer> {
  const table = exportTable(kind, items, machineRef);
  return format === 'csv' ? toCsv(table) : toXlsx(table, kind);
}
