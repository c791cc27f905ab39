import { createHash } from 'node:crypto';
import {
  gstStateCodeByName,
  IMPORT_ERRORS_COLUMN,
  type ImportChange,
  type ImportError,
  INSTALLATION_IMPORT_COLUMNS,
  INSTALLATION_IMPORT_KIND,
  type InstallationImportColumn,
  type InstallationImportSummary,
  type InstallationInput,
  installationInputSchema,
  LOCALES,
  MAX_LISTED_IMPORT_CHANGES,
  MAX_LISTED_IMPORT_ERRORS,
  normalizeSerial,
  phoneDigits,
  warrantyEndsOn,
} from '@capstan/shared';
import type { Sheet } from '../catalogue-import/import-sheet';
import type { CatalogueMachine, InstallationRow } from './installations.repository';

/**
 * A file of installed machines against the register (issue 40): rows keyed by serial create or
 * update a machine, checked by the same shared schema as the form. The catalogue importer's file
 * reading, answer and modes, with a plan of its own: one flat record a row, no specifications.
 */

/** What an import compares and writes of a machine: the columns a file can set. */
export type InstallationState = Pick<
  InstallationRow,
  | 'serial'
  | 'machine_id'
  | 'model_name'
  | 'company'
  | 'contact_name'
  | 'phone'
  | 'email'
  | 'gstin'
  | 'state'
  | 'address'
  | 'locale'
  | 'invoice_number'
  | 'invoice_date'
  | 'commissioned_on'
  | 'warranty_months'
  | 'control_make'
  | 'notes'
>;

export interface PlannedInstallationWrite {
  line: number;
  action: 'create' | 'update';
  /** The stored machine's id for an update; given when written for a create. */
  id: string | null;
  state: InstallationState;
}

export interface RejectedInstallationRow {
  line: number;
  cells: string[];
  errors: ImportError[];
}

export interface InstallationImportPlan {
  summary: InstallationImportSummary;
  writes: PlannedInstallationWrite[];
  rejected: RejectedInstallationRow[];
  /** Whether the header itself is wrong, so no row can be read at all. */
  headerInvalid: boolean;
}

export interface InstallationPlanInput {
  sheet: Sheet;
  stored: readonly InstallationRow[];
  machines: readonly CatalogueMachine[];
  /** Site → Company's warranty, for rows whose warranty_months is empty or absent. */
  defaultWarrantyMonths: number;
}

/** The fields compared for "unchanged" (the model by its id: a catalogue rename is no change). */
const COMPARED: readonly { field: keyof InstallationState; column: InstallationImportColumn }[] = [
  { field: 'serial', column: 'serial' },
  { field: 'machine_id', column: 'model' },
  { field: 'company', column: 'company' },
  { field: 'contact_name', column: 'contact_name' },
  { field: 'phone', column: 'phone' },
  { field: 'email', column: 'email' },
  { field: 'gstin', column: 'gstin' },
  { field: 'state', column: 'state' },
  { field: 'address', column: 'address' },
  { field: 'locale', column: 'language' },
  { field: 'invoice_number', column: 'invoice_number' },
  { field: 'invoice_date', column: 'invoice_date' },
  { field: 'commissioned_on', column: 'commissioned_on' },
  { field: 'warranty_months', column: 'warranty_months' },
  { field: 'control_make', column: 'control_make' },
  { field: 'notes', column: 'notes' },
];

/** The form's field (the schema's path) each column fills. */
const SCHEMA_PATH: Record<InstallationImportColumn, string> = {
  serial: 'serial',
  model: 'machineId',
  company: 'customer.company',
  contact_name: 'customer.contactName',
  phone: 'customer.phone',
  email: 'customer.email',
  gstin: 'customer.gstin',
  state: 'customer.state',
  address: 'customer.address',
  language: 'customer.language',
  invoice_number: 'invoiceNumber',
  invoice_date: 'invoiceDate',
  commissioned_on: 'commissionedOn',
  warranty_months: 'warrantyMonths',
  control_make: 'controlMake',
  notes: 'notes',
};
const COLUMN_OF_PATH = new Map(
  (Object.entries(SCHEMA_PATH) as [InstallationImportColumn, string][]).map(([column, path]) => [path, column]),
);

type Column = { name: InstallationImportColumn; header: string; index: number };

function readHeader(header: readonly string[]): { columns: Column[]; errors: string[] } {
  const known: readonly string[] = INSTALLATION_IMPORT_COLUMNS;
  const columns: Column[] = [];
  const errors: string[] = [];
  header.forEach((text, index) => {
    const name = text.trim().toLowerCase();
    // The column the rejected rows' file adds: that file, once corrected, imports as it is.
    if (name === '' || name === IMPORT_ERRORS_COLUMN) return;
    if (!known.includes(name)) {
      errors.push(`Unknown column "${text}": the columns are ${INSTALLATION_IMPORT_COLUMNS.join(', ')}`);
      return;
    }
    if (columns.some((column) => column.name === name)) {
      errors.push(`Column "${text}" appears twice`);
      return;
    }
    columns.push({ name: name as InstallationImportColumn, header: text, index });
  });
  if (!columns.some((column) => column.name === 'serial')) {
    errors.push('The file needs a serial column: each row is the machine with that serial number');
  }
  return { columns, errors };
}

const pad2 = (value: string) => value.padStart(2, '0');

/** Excel's day 1 is 1900-01-01 but it counts a 29 February 1900 that never was: day 0 is 1899-12-30. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Excel's day numbers of 1990-01-01 and 2100-12-31: a bare number outside is no date anyone meant. */
const EXCEL_DAYS = { min: 32_874, max: 73_415 } as const;

/**
 * A date cell as the schema reads it (YYYY-MM-DD): as written, from day-month-year (`10-04-2026`,
 * `10/4/2026`: India writes the day first), or from the day number Excel keeps for a date typed into
 * a sheet. Anything else goes to the schema as it is, which says what a date must be.
 */
export function dateCellValue(cell: string): string {
  const text = cell.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ][\d:.]+Z?)?$/.exec(text);
  if (iso) return iso[1] ?? text;
  const dayFirst = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${pad2(dayFirst[2] ?? '')}-${pad2(dayFirst[1] ?? '')}`;
  if (/^\d+$/.test(text)) {
    const days = Number(text);
    if (days >= EXCEL_DAYS.min && days <= EXCEL_DAYS.max) {
      return new Date(EXCEL_EPOCH_MS + days * 86_400_000).toISOString().slice(0, 10);
    }
  }
  return text;
}

/** A state cell: a GST state code (`33`, or `9` as a spreadsheet keeps `09`) or the state's name in English, Tamil or Hindi. */
export function stateCellValue(cell: string): string {
  const text = cell.trim();
  if (/^\d{1,2}$/.test(text)) return pad2(text);
  return gstStateCodeByName(text) ?? text;
}

const LANGUAGE_NAMES: Record<string, string> = { english: 'en', tamil: 'ta', hindi: 'hi' };

/** A language cell: en, ta or hi (or English, Tamil, Hindi); empty is English, the default. */
export function languageCellValue(cell: string): string {
  const text = cell.trim().toLowerCase();
  if (text === '') return 'en';
  return (LOCALES as readonly string[]).includes(text) ? text : (LANGUAGE_NAMES[text] ?? cell.trim());
}

/** A whole number of months stays a number for the schema; other text goes as it is, to be refused. */
const monthsCellValue = (cell: string): string | number | undefined => {
  const text = cell.trim();
  if (text === '') return undefined;
  return /^\d+(?:\.0+)?$/.test(text) ? Number(text) : text;
};

/** The schema's input for a stored machine: what a row keeps for the columns the file lacks. */
function storedInput(row: InstallationRow): Record<InstallationImportColumn, unknown> {
  return {
    serial: row.serial,
    model: row.machine_id,
    company: row.company,
    contact_name: row.contact_name,
    phone: row.phone,
    email: row.email,
    gstin: row.gstin,
    state: row.state,
    address: row.address,
    language: row.locale,
    invoice_number: row.invoice_number,
    invoice_date: row.invoice_date,
    commissioned_on: row.commissioned_on,
    warranty_months: row.warranty_months,
    control_make: row.control_make,
    notes: row.notes,
  };
}

function schemaInput(values: Partial<Record<InstallationImportColumn, unknown>>): unknown {
  return {
    serial: values.serial,
    machineId: values.model,
    customer: {
      company: values.company,
      contactName: values.contact_name,
      phone: values.phone,
      email: values.email,
      gstin: values.gstin,
      state: values.state,
      address: values.address,
      language: values.language,
    },
    invoiceNumber: values.invoice_number,
    invoiceDate: values.invoice_date,
    commissionedOn: values.commissioned_on,
    warrantyMonths: values.warranty_months,
    controlMake: values.control_make,
    notes: values.notes,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface RowOutcome {
  line: number;
  errors: ImportError[];
  write?: PlannedInstallationWrite;
  changedColumns: string[];
  /** The stored machine the row names, as it was read (its version is part of the plan's id). */
  target?: Pick<InstallationRow, 'id' | 'updated_at'>;
}

/** Rows planned between two turns of the event loop. */
const PLAN_SLICE_ROWS = 250;

/** The plan of a file: what each row would do, every invalid cell, and the plan's id. */
export async function planInstallationImport(input: InstallationPlanInput): Promise<InstallationImportPlan> {
  const { sheet } = input;
  const { columns, errors: headerErrors } = readHeader(sheet.header);
  if (headerErrors.length > 0) {
    const outcomes = headerErrors.map((message) => ({
      line: 1,
      errors: [{ line: 1, column: null, message }],
      changedColumns: [],
    }));
    return finish(sheet, outcomes, false);
  }
  const bySerial = new Map(input.stored.map((row) => [row.serial, row]));
  const machineById = new Map(input.machines.map((machine) => [machine.id, machine]));
  const machineByRef = new Map<string, CatalogueMachine | null>();
  // Codes first: a code is unique; a name shared by two machines names neither (null).
  for (const machine of input.machines) {
    const key = machine.name.trim().toLowerCase();
    machineByRef.set(key, machineByRef.has(key) ? null : machine);
  }
  for (const machine of input.machines) {
    if (machine.code) machineByRef.set(machine.code.trim().toLowerCase(), machine);
  }
  const columnOf = new Map(columns.map((column) => [column.name, column]));
  const serialOnLine = new Map<string, number>();

  const planRow = ({ line, cells }: Sheet['rows'][number]): RowOutcome => {
    const errors: ImportError[] = [];
    const fail = (column: InstallationImportColumn | null, message: string) =>
      errors.push({ line, column: column === null ? null : (columnOf.get(column)?.header ?? column), message });
    const cell = (name: InstallationImportColumn) => {
      const column = columnOf.get(name);
      return column ? (cells[column.index] ?? '').trim() : undefined;
    };
    if (cells.length > sheet.header.length && cells.slice(sheet.header.length).some((c) => c.trim() !== '')) {
      fail(null, 'This row has more cells than the header has columns');
    }

    const serial = normalizeSerial(cell('serial') ?? '');
    const target = serial === '' ? undefined : bySerial.get(serial);
    const earlier = serialOnLine.get(serial);
    if (serial !== '' && earlier !== undefined) fail('serial', `Serial ${serial} is also on line ${earlier}`);
    else if (serial !== '') serialOnLine.set(serial, line);

    // The file is the truth for the columns it has; the others keep the stored values (none for a new machine).
    const values: Partial<Record<InstallationImportColumn, unknown>> = target ? storedInput(target) : {};
    for (const column of columns) {
      const text = cell(column.name) ?? '';
      switch (column.name) {
        case 'model': {
          if (text === '') {
            values.model = '';
            break;
          }
          const machine = machineByRef.get(text.toLowerCase());
          if (machine) values.model = machine.id;
          // A machine that has left the catalogue, named as the register still names it: kept.
          else if (
            target &&
            !machineById.has(target.machine_id) &&
            text.toLowerCase() === target.model_name.toLowerCase()
          ) {
            values.model = target.machine_id;
          } else {
            fail(
              'model',
              machine === null
                ? `Several machines are named "${text}": write the model code instead`
                : `Unknown model "${text}": write the code or the English name of a machine of the catalogue`,
            );
          }
          break;
        }
        case 'state':
          values.state = stateCellValue(text);
          break;
        case 'language':
          values.language = languageCellValue(text);
          break;
        case 'invoice_date':
        case 'commissioned_on':
          values[column.name] = dateCellValue(text);
          break;
        case 'warranty_months':
          values.warranty_months = monthsCellValue(text);
          break;
        default:
          values[column.name] = text;
      }
    }
    const modelRefused = errors.some((error) => error.column === (columnOf.get('model')?.header ?? 'model'));

    const parsed = installationInputSchema.safeParse(schemaInput(values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = COLUMN_OF_PATH.get(issue.path.map(String).join('.')) ?? null;
        if (column === 'model' && modelRefused) continue;
        if (errors.some((error) => error.message === issue.message && error.column === (column ?? null))) continue;
        fail(column, issue.message);
      }
    }
    if (errors.length > 0 || !parsed.success) return { line, errors, changedColumns: [], target };

    const next = stateOf(parsed.data, target, machineById, input.defaultWarrantyMonths);
    if (!target) return { line, errors, changedColumns: [], write: { line, action: 'create', id: null, state: next } };
    const changed = COMPARED.filter(({ field }) => !same(target[field], next[field]));
    if (changed.length === 0) return { line, errors, changedColumns: [], target };
    return {
      line,
      errors,
      changedColumns: changed.map(({ column }) => column),
      write: { line, action: 'update', id: target.id, state: next },
      target,
    };
  };

  // The shared schema takes tens of microseconds a row: a large file is a second or more of CPU,
  // given back to the event loop in slices so visitors are served meanwhile.
  const outcomes: RowOutcome[] = [];
  for (const [index, row] of sheet.rows.entries()) {
    if (index > 0 && index % PLAN_SLICE_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    outcomes.push(planRow(row));
  }
  return finish(sheet, outcomes, true);
}

function stateOf(
  data: InstallationInput,
  target: InstallationRow | undefined,
  machineById: ReadonlyMap<string, CatalogueMachine>,
  defaultWarrantyMonths: number,
): InstallationState {
  const { customer } = data;
  return {
    serial: data.serial,
    machine_id: data.machineId,
    // The catalogue's English name now; the stored one for a machine that has left the catalogue.
    model_name: machineById.get(data.machineId)?.name ?? target?.model_name ?? '',
    company: customer.company,
    contact_name: customer.contactName,
    phone: customer.phone,
    email: customer.email ?? null,
    gstin: customer.gstin ?? null,
    state: customer.state ?? null,
    address: customer.address ?? null,
    locale: customer.language ?? 'en',
    invoice_number: data.invoiceNumber ?? null,
    invoice_date: data.invoiceDate ?? null,
    commissioned_on: data.commissionedOn,
    warranty_months: data.warrantyMonths ?? defaultWarrantyMonths,
    control_make: data.controlMake ?? null,
    notes: data.notes ?? null,
  };
}

/** The row a planned write stores. */
export function plannedRow(
  write: PlannedInstallationWrite & { id: string },
  stored: Pick<InstallationRow, 'created_at' | 'created_by'> | undefined,
  at: string,
  actorId: string | null,
): InstallationRow {
  const { state } = write;
  return {
    ...state,
    id: write.id,
    phone_digits: phoneDigits(state.phone),
    warranty_ends_on: warrantyEndsOn(state.commissioned_on, state.warranty_months),
    created_at: stored?.created_at ?? at,
    updated_at: at,
    created_by: stored ? stored.created_by : actorId,
  };
}

function finish(sheet: Sheet, outcomes: readonly RowOutcome[], headerValid: boolean): InstallationImportPlan {
  const rows = sheet.rows.length;
  const errors = outcomes.flatMap((outcome) => outcome.errors);
  const invalid = outcomes.filter((outcome) => outcome.errors.length > 0);
  const valid = outcomes.filter((outcome) => outcome.errors.length === 0);
  const writes = valid.flatMap((outcome) => (outcome.write ? [outcome.write] : []));
  const creates = writes.filter((write) => write.action === 'create').length;
  const updates = writes.length - creates;
  const changes: ImportChange[] = valid
    .filter((outcome) => outcome.write)
    .slice(0, MAX_LISTED_IMPORT_CHANGES)
    .map((outcome) => ({
      line: outcome.line,
      action: outcome.write?.action ?? 'create',
      code: outcome.write?.state.serial ?? null,
      name: outcome.write?.state.company ?? '',
      fields: outcome.changedColumns,
    }));
  const invalidLines = invalid.map((outcome) => outcome.line);
  // What would be written, which rows would be left out, and the version of every machine the file
  // names: one id for the whole file (`apply`) and for its valid rows (`valid-rows`), since both
  // write exactly these, and a machine edited since the preview changes it.
  const planId = createHash('sha256')
    .update(
      JSON.stringify([
        INSTALLATION_IMPORT_KIND,
        invalidLines,
        writes.map((write) => [write.line, write.action, write.id, write.state]),
        outcomes.flatMap((outcome) => (outcome.target ? [[outcome.target.id, outcome.target.updated_at]] : [])),
      ]),
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
      kind: INSTALLATION_IMPORT_KIND,
      rows,
      create: creates,
      update: updates,
      unchanged: valid.length - writes.length,
      invalidRows: headerValid ? new Set(invalidLines).size : rows,
      errors: errors.slice(0, MAX_LISTED_IMPORT_ERRORS),
      errorCount: errors.length,
      changes,
      planId,
    },
  };
}
