import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AmcContract,
  gstinStateMismatch,
  GSTIN_STATE_MISMATCH_MESSAGE,
  indianToday,
  type InstallationDetail,
  type InstallationInput,
  type InstallationListQuery,
  type InstallationListResponse,
  type InstallationUpdate,
  normalizeSerial,
  phoneDigits,
  SERIAL_MAX_LENGTH,
  SERIAL_PATTERN,
  type ServiceRequestStatus,
  warrantyEndsOn,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http-error';
import { RequestValidationError } from '../../validation';
import { type AuditSnapshot, diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { currentCompanySettings } from '../site/site-settings.service';
import { listAmcContractRows, listAmcVisitRows } from './amc-contracts.repository';
import { toAmcContract, toInstallation } from './installation-answers';
import {
  findCatalogueMachine,
  findInstallationIdBySerial,
  findInstallationRow,
  findInstallationRowForUpdate,
  insertInstallation,
  type InstallationChanges,
  type InstallationRow,
  type InstallationSearch,
  isDuplicateSerial,
  listInstallationRows,
  listServiceRequestsOfInstallation,
  updateInstallationRow,
} from './installations.repository';

export const INSTALLATION_NOT_FOUND_MESSAGE = 'Installed machine not found';
/** 400 at `machineId`: the schema's own words for a model that is not a catalogue machine. */
export const MODEL_NOT_IN_CATALOGUE_MESSAGE = 'Choose the model from the catalogue';
export const duplicateSerialMessage = (serial: string) => `A machine with serial ${serial} is already registered`;

const notFound = () => new HttpError(404, INSTALLATION_NOT_FOUND_MESSAGE);
const duplicateSerial = (serial: string) => new HttpError(409, duplicateSerialMessage(serial));

/** The audit target of the register's writes (the machine's and its contracts'): the machine, by serial. */
export const installationTarget = (row: Pick<InstallationRow, 'id' | 'serial'>) => ({
  type: 'installation' as const,
  id: row.id,
  label: row.serial,
});

/** What an audit entry of a machine compares. */
export function installationSnapshot(row: InstallationRow): AuditSnapshot {
  return {
    serial: row.serial,
    model: row.model_name,
    company: row.company,
    contactName: row.contact_name,
    phone: row.phone,
    email: row.email,
    gstin: row.gstin,
    state: row.state,
    address: row.address,
    language: row.locale,
    invoiceNumber: row.invoice_number,
    invoiceDate: row.invoice_date,
    commissionedOn: row.commissioned_on,
    warrantyMonths: row.warranty_months,
    controlMake: row.control_make,
    notes: row.notes,
  };
}

/**
 * What a search box's text looks for: a serial (exact, then prefix) when it can be one, a phone
 * number's digits when it is written like one (four digits or more; of a longer number, its last
 * ten, as phones are kept), and always the company, contact person and model.
 */
export function installationSearch(q: string | undefined): InstallationSearch | null {
  const text = (q ?? '').trim();
  if (text === '') return null;
  const serial = normalizeSerial(text);
  const digits = text.replace(/\D/g, '');
  const phoneLike = /^[0-9+()\-.\s]+$/.test(text) && digits.length >= 4;
  return {
    serial: SERIAL_PATTERN.test(serial) && serial.length <= SERIAL_MAX_LENGTH ? serial : null,
    digits: phoneLike ? phoneDigits(digits) : null,
    text,
  };
}

/** The machines' contracts with their visits, by machine; statuses as of `today`. */
async function contractsOf(db: Kysely<Database>, installationIds: readonly string[], today: string) {
  const contracts = await listAmcContractRows(db, installationIds);
  const visits = await listAmcVisitRows(
    db,
    contracts.map((contract) => contract.id),
  );
  const byInstallation = new Map<string, AmcContract[]>();
  for (const contract of contracts) {
    const own = visits.filter((visit) => visit.contract_id === contract.id);
    const list = byInstallation.get(contract.installation_id) ?? [];
    list.push(toAmcContract(contract, own, today));
    byInstallation.set(contract.installation_id, list);
  }
  return byInstallation;
}

export async function listInstallations(
  ctx: AppContext,
  query: InstallationListQuery,
  today = indianToday(),
): Promise<InstallationListResponse> {
  const { rows, total } = await listInstallationRows(ctx.db, ctx.dialect, {
    search: installationSearch(query.q),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const contracts = await contractsOf(
    ctx.db,
    rows.map((row) => row.id),
    today,
  );
  return {
    installations: rows.map((row) => toInstallation(row, { contracts: contracts.get(row.id) ?? [], today })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The machine with its contracts (visits included) and its service requests, newest first. */
export async function installationDetail(
  db: Kysely<Database>,
  row: InstallationRow,
  today = indianToday(),
): Promise<InstallationDetail> {
  const contracts = (await contractsOf(db, [row.id], today)).get(row.id) ?? [];
  const requests = await listServiceRequestsOfInstallation(db, row.id);
  return {
    ...toInstallation(row, { contracts, today }),
    amcContracts: contracts,
    serviceRequests: requests.map((request) => ({
      id: request.id,
      reference: request.reference,
      status: request.status as ServiceRequestStatus,
      symptom: request.symptom,
      createdAt: request.created_at,
    })),
  };
}

export async function getInstallation(ctx: AppContext, id: string): Promise<InstallationDetail> {
  const row = await findInstallationRow(ctx.db, id);
  if (!row) throw notFound();
  return installationDetail(ctx.db, row);
}

/** The model a machine names: a machine of the catalogue, else a 400 at `machineId`. */
async function catalogueMachine(db: Kysely<Database>, machineId: string) {
  const machine = await findCatalogueMachine(db, machineId);
  if (!machine) throw new RequestValidationError([{ path: ['machineId'], message: MODEL_NOT_IN_CATALOGUE_MESSAGE }]);
  return machine;
}

/** Site → Company's warranty for machines registered without one. */
export async function defaultWarrantyMonths(db: Kysely<Database>): Promise<number> {
  return (await currentCompanySettings(db)).warrantyMonthsDefault;
}

/** Inserts a new row; a serial taken meanwhile (two saves racing on PostgreSQL) is the same 409. */
async function insertOrConflict(db: Kysely<Database>, row: InstallationRow): Promise<void> {
  try {
    await insertInstallation(db, row);
  } catch (error) {
    throw isDuplicateSerial(error) ? duplicateSerial(row.serial) : error;
  }
}

export async function createInstallation(
  ctx: AppContext,
  input: InstallationInput,
  actor: { id: string },
  now = new Date(),
): Promise<InstallationDetail> {
  return writeTransaction(ctx, async (trx) => {
    const machine = await catalogueMachine(trx, input.machineId);
    if (await findInstallationIdBySerial(trx, input.serial)) throw duplicateSerial(input.serial);
    const months = input.warrantyMonths ?? (await defaultWarrantyMonths(trx));
    const at = now.toISOString();
    const { customer } = input;
    const row: InstallationRow = {
      id: randomUUID(),
      serial: input.serial,
      machine_id: machine.id,
      model_name: machine.name,
      company: customer.company,
      contact_name: customer.contactName,
      phone: customer.phone,
      phone_digits: phoneDigits(customer.phone),
      email: customer.email ?? null,
      gstin: customer.gstin ?? null,
      state: customer.state ?? null,
      address: customer.address ?? null,
      locale: customer.language ?? 'en',
      invoice_number: input.invoiceNumber ?? null,
      invoice_date: input.invoiceDate ?? null,
      commissioned_on: input.commissionedOn,
      warranty_months: months,
      warranty_ends_on: warrantyEndsOn(input.commissionedOn, months),
      control_make: input.controlMake ?? null,
      notes: input.notes ?? null,
      created_at: at,
      updated_at: at,
      created_by: actor.id,
    };
    await insertOrConflict(trx, row);
    await recordAudit(trx, {
      action: 'installation.create',
      target: installationTarget(row),
      changes: diffSnapshots(null, installationSnapshot(row)),
    });
    return installationDetail(trx, row, indianToday(now));
  });
}

/** A patched value: left out keeps the stored one, null (or '' the schema made null) clears it. */
const patched = <T>(value: T | null | undefined, stored: T | null): T | null => (value === undefined ? stored : value);

/** The row's columns after a patch (the schema has refused what cannot be stored). */
function patchedColumns(row: InstallationRow, patch: InstallationUpdate): InstallationChanges {
  const customer = patch.customer ?? {};
  const commissionedOn = patch.commissionedOn ?? row.commissioned_on;
  const months = patch.warrantyMonths ?? row.warranty_months;
  const phone = customer.phone ?? row.phone;
  return {
    serial: patch.serial ?? row.serial,
    company: customer.company ?? row.company,
    contact_name: customer.contactName ?? row.contact_name,
    phone,
    phone_digits: phoneDigits(phone),
    email: patched(customer.email, row.email),
    gstin: patched(customer.gstin, row.gstin),
    state: patched(customer.state, row.state),
    address: patched(customer.address, row.address),
    locale: customer.language ?? row.locale,
    invoice_number: patched(patch.invoiceNumber, row.invoice_number),
    invoice_date: patched(patch.invoiceDate, row.invoice_date),
    commissioned_on: commissionedOn,
    warranty_months: months,
    warranty_ends_on: warrantyEndsOn(commissionedOn, months),
    control_make: patched(patch.controlMake, row.control_make),
    notes: patched(patch.notes, row.notes),
  };
}

/**
 * `PUT /api/installations/{id}`: a patch. A field left out, a customer's field too, keeps its value;
 * the warranty's end follows a new commissioning date or warranty. A model left as it was stays
 * even if it has left the catalogue; a new one must be a catalogue machine.
 */
export async function updateInstallation(
  ctx: AppContext,
  id: string,
  patch: InstallationUpdate,
  now = new Date(),
): Promise<InstallationDetail> {
  return writeTransaction(ctx, async (trx) => {
    const row = await findInstallationRowForUpdate(trx, ctx.dialect, id);
    if (!row) throw notFound();
    const columns = patchedColumns(row, patch);
    if (columns.gstin && columns.state && gstinStateMismatch(columns.gstin, columns.state)) {
      const field = patch.customer?.state !== undefined ? 'state' : 'gstin';
      throw new RequestValidationError([{ path: ['customer', field], message: GSTIN_STATE_MISMATCH_MESSAGE }]);
    }
    if (patch.machineId !== undefined && patch.machineId !== row.machine_id) {
      const machine = await catalogueMachine(trx, patch.machineId);
      columns.machine_id = machine.id;
      columns.model_name = machine.name;
    } else if (patch.machineId !== undefined) {
      // The same model sent again takes the catalogue's name now, if the machine is still there.
      columns.model_name = (await findCatalogueMachine(trx, row.machine_id))?.name ?? row.model_name;
    }
    if (columns.serial !== row.serial) {
      const holder = await findInstallationIdBySerial(trx, columns.serial ?? row.serial);
      if (holder !== undefined && holder !== row.id) throw duplicateSerial(columns.serial ?? row.serial);
    }
    const next: InstallationRow = { ...row, ...columns };
    const changes = diffSnapshots(installationSnapshot(row), installationSnapshot(next));
    // Nothing asked to change: nothing written, nothing to audit.
    if (Object.keys(changes).length === 0) return installationDetail(trx, row, indianToday(now));
    next.updated_at = now.toISOString();
    try {
      await updateInstallationRow(trx, row.id, { ...columns, updated_at: next.updated_at });
    } catch (error) {
      throw isDuplicateSerial(error) ? duplicateSerial(next.serial) : error;
    }
    await recordAudit(trx, { action: 'installation.update', target: installationTarget(next), changes });
    return installationDetail(trx, next, indianToday(now));
  });
}
