import { type ExportFormat, INSTALLATION_IMPORT_COLUMNS, type InstallationImportColumn } from '@capstan/shared';
import { csvField } from '../../csv-field';
import type { CatalogueMachine, InstallationRow } from './installations.repository';

/** A cell as the export writes it: the warranty stays a number in a workbook, dates stay text. */
type ExportCell = string | number | null;

/**
 * The register as the import reads it back (INSTALLATION_IMPORT_COLUMNS): an unedited export
 * imports as unchanged. The model is the machine's code (its English name when it has none, the
 * name the register keeps when it has left the catalogue).
 */
export function installationsTable(
  rows: readonly InstallationRow[],
  machines: readonly CatalogueMachine[],
): { header: string[]; rows: ExportCell[][] } {
  const machineById = new Map(machines.map((machine) => [machine.id, machine]));
  const cellOf = (row: InstallationRow, column: InstallationImportColumn): ExportCell => {
    switch (column) {
      case 'model': {
        const machine = machineById.get(row.machine_id);
        return machine ? machine.code || machine.name : row.model_name;
      }
      case 'language':
        return row.locale;
      default:
        return row[column];
    }
  };
  return {
    header: [...INSTALLATION_IMPORT_COLUMNS],
    rows: rows.map((row) => INSTALLATION_IMPORT_COLUMNS.map((column) => cellOf(row, column))),
  };
}

/** UTF-8 with a byte-order mark and CRLF, every field quoted and guarded like the catalogue export. */
function toCsv(table: { header: string[]; rows: ExportCell[][] }): Buffer {
  const line = (cells: readonly ExportCell[]) =>
    cells.map((cell) => csvField(cell === null ? '' : String(cell))).join(',');
  return Buffer.from(`\uFEFF${[line(table.header), ...table.rows.map(line)].join('\r\n')}\r\n`, 'utf8');
}

const WIDE_COLUMNS: ReadonlySet<string> = new Set<InstallationImportColumn>(['company', 'address', 'notes']);

async function toXlsx(table: { header: string[]; rows: ExportCell[][] }): Promise<Buffer> {
  // Loaded on first use, like the catalogue export: no start pays for it.
  const { default: writeXlsxFile } = await import('write-excel-file/node');
  const header = table.header.map((text) => ({ value: text, fontWeight: 'bold' as const }));
  return writeXlsxFile([header, ...table.rows], {
    sheet: 'installations',
    stickyRowsCount: 1,
    columns: table.header.map((text) => ({ width: WIDE_COLUMNS.has(text) ? 40 : 18 })),
  }).toBuffer();
}

export async function installationsFile(
  format: ExportFormat,
  rows: readonly InstallationRow[],
  machines: readonly CatalogueMachine[],
): Promise<Buffer> {
  const table = installationsTable(rows, machines);
  return format === 'csv' ? toCsv(table) : toXlsx(table);
}
