import type { Kysely } from 'kysely';
import { MY_MACHINE_CODE_MAX_TRIES } from '@capstan/shared';
import type { DialectName } from '../../db/database';
import type { Database } from '../../db/schema';

/**
 * The SQL of "My machine" (issue 40): the buyers' one-time codes and sessions, and the reads of
 * the one machine a session sees. Installations, contracts and service requests are written by
 * their own modules; this one only reads them.
 */

/** What a code request and a code check need of a machine. */
export interface MachineOnRecord {
  id: string;
  serial: string;
  phoneDigits: string;
  email: string | null;
  locale: string;
  contactName: string;
}

/** The machine of `serial` (as kept: normalizeSerial), row-locked on PostgreSQL for the code that follows. */
export async function findMachineBySerial(
  db: Kysely<Database>,
  dialect: DialectName,
  serial: string,
): Promise<MachineOnRecord | undefined> {
  let query = db
    .selectFrom('installations')
    .select(['id', 'serial', 'phone_digits', 'email', 'locale', 'contact_name'])
    .where('serial', '=', serial);
  if (dialect === 'postgres') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return (
    row && {
      id: row.id,
      serial: row.serial,
      phoneDigits: row.phone_digits,
      email: row.email,
      locale: row.locale,
      contactName: row.contact_name,
    }
  );
}

/** The machine's new code in place of any older one; codes of any machine that have expired go too. */
export async function replaceCode(
  db: Kysely<Database>,
  code: { id: string; installationId: string; codeHash: string; expiresAt: string; now: string },
): Promise<void> {
  await db
    .deleteFrom('my_machine_codes')
    .where((eb) => eb.or([eb('installation_id', '=', code.installationId), eb('expires_at', '<=', code.now)]))
    .execute();
  await db
    .insertInto('my_machine_codes')
    .values({
      id: code.id,
      installation_id: code.installationId,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      attempts: 0,
      created_at: code.now,
    })
    .execute();
}

/**
 * Uses up one try of the machine's live code(s) and answers them, before the code typed is
 * compared: simultaneous guesses each take a try of their own, and a code with no tries left (or
 * past its time) answers nothing.
 */
export async function spendCodeTry(
  db: Kysely<Database>,
  installationId: string,
  now: string,
): Promise<{ id: string; codeHash: string }[]> {
  const rows = await db
    .updateTable('my_machine_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('installation_id', '=', installationId)
    .where('expires_at', '>', now)
    .where('attempts', '<', MY_MACHINE_CODE_MAX_TRIES)
    .returning(['id', 'code_hash'])
    .execute();
  return rows.map((row) => ({ id: row.id, codeHash: row.code_hash }));
}

/** Deletes a code that was just used; false when another request used it first. */
export async function deleteCode(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('my_machine_codes').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function insertSession(
  db: Kysely<Database>,
  session: { tokenHash: string; installationId: string; expiresAt: string; now: string },
): Promise<void> {
  // Sessions that ended are swept as new ones start, so the table holds about a day of them.
  await db.deleteFrom('my_machine_sessions').where('expires_at', '<=', session.now).execute();
  await db
    .insertInto('my_machine_sessions')
    .values({
      token_hash: session.tokenHash,
      installation_id: session.installationId,
      expires_at: session.expiresAt,
      created_at: session.now,
    })
    .execute();
}

export async function findSession(
  db: Kysely<Database>,
  tokenHash: string,
): Promise<{ installationId: string; expiresAt: string } | undefined> {
  const row = await db
    .selectFrom('my_machine_sessions')
    .select(['installation_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row && { installationId: row.installation_id, expiresAt: row.expires_at };
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom('my_machine_sessions').where('token_hash', '=', tokenHash).execute();
}

/** What the buyer's view shows of the machine itself. */
export interface MachineViewRow {
  serial: string;
  machineId: string;
  modelName: string;
  company: string;
  commissionedOn: string;
  warrantyEndsOn: string;
}

export async function findMachineView(
  db: Kysely<Database>,
  installationId: string,
): Promise<MachineViewRow | undefined> {
  const row = await db
    .selectFrom('installations')
    .select(['serial', 'machine_id', 'model_name', 'company', 'commissioned_on', 'warranty_ends_on'])
    .where('id', '=', installationId)
    .executeTakeFirst();
  return (
    row && {
      serial: row.serial,
      machineId: row.machine_id,
      modelName: row.model_name,
      company: row.company,
      commissionedOn: row.commissioned_on,
      warrantyEndsOn: row.warranty_ends_on,
    }
  );
}

export interface ContractRow {
  startsOn: string;
  endsOn: string;
  visitsIncluded: number;
  visitsDone: number;
}

/** The machine's AMC contracts with how many visits each has had. */
export async function listContracts(db: Kysely<Database>, installationId: string): Promise<ContractRow[]> {
  const rows = await db
    .selectFrom('amc_contracts')
    .select((eb) => [
      'amc_contracts.starts_on',
      'amc_contracts.ends_on',
      'amc_contracts.visits_included',
      eb
        .selectFrom('amc_visits')
        .select((visits) => visits.fn.countAll<number | string>().as('count'))
        .whereRef('amc_visits.contract_id', '=', 'amc_contracts.id')
        .as('visits_done'),
    ])
    .where('amc_contracts.installation_id', '=', installationId)
    .execute();
  return rows.map((row) => ({
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    visitsIncluded: row.visits_included,
    visitsDone: Number(row.visits_done ?? 0),
  }));
}

/** A buyer's page lists this many of the machine's requests at most, the newest. */
export const MY_MACHINE_REQUESTS_SHOWN = 100;

export interface RequestRow {
  reference: string;
  status: string;
  symptom: string;
  machineDown: boolean;
  createdAt: string;
  visitOn: string | null;
  closedAt: string | null;
  hasReport: boolean;
}

/** The machine's service requests, newest first (the report PDF's bytes are not read, only whether there is one). */
export async function listRequests(db: Kysely<Database>, installationId: string): Promise<RequestRow[]> {
  const rows = await db
    .selectFrom('service_requests')
    .select((eb) => [
      'reference',
      'status',
      'symptom',
      'machine_down',
      'created_at',
      'visit_on',
      'closed_at',
      eb.case().when('report_pdf', 'is not', null).then(1).else(0).end().as('has_report'),
    ])
    .where('installation_id', '=', installationId)
    .orderBy('created_at', 'desc')
    .orderBy('reference', 'desc')
    .limit(MY_MACHINE_REQUESTS_SHOWN)
    .execute();
  return rows.map((row) => ({
    reference: row.reference,
    status: row.status,
    symptom: row.symptom,
    machineDown: Number(row.machine_down) === 1,
    createdAt: row.created_at,
    visitOn: row.visit_on,
    closedAt: row.closed_at,
    hasReport: Number(row.has_report) === 1,
  }));
}

/** The stored report PDF of a closed request of this machine; undefined for any other reference. */
export async function findReportPdf(
  db: Kysely<Database>,
  installationId: string,
  reference: string,
): Promise<Buffer | undefined> {
  const row = await db
    .selectFrom('service_requests')
    .select('report_pdf')
    .where('installation_id', '=', installationId)
    .where('reference', '=', reference)
    .where('status', '=', 'closed')
    .executeTakeFirst();
  return row?.report_pdf ?? undefined;
}
