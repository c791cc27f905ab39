import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AmcContract,
  type AmcContractInput,
  type AmcVisitInput,
  type AmcVisitRecorded,
  indianToday,
  type PartUsed,
  paiseToRupees,
  rupeesToPaise,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http-error';
import { RequestValidationError, type ValidationIssue } from '../../validation';
import { type AuditSnapshot, diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import {
  type AmcContractRow,
  type AmcVisitRow,
  countAmcVisits,
  deleteAmcVisitRow,
  findAmcContractRowForUpdate,
  findAmcVisitRow,
  insertAmcContract,
  insertAmcVisit,
  listAmcVisitRows,
  updateAmcContractRow,
} from './amc-contracts.repository';
import { toAmcContract, toAmcVisit } from './installation-answers';
import { findActiveStaff, findCatalogueItemIds, findInstallationRow } from './installations.repository';
import { INSTALLATION_NOT_FOUND_MESSAGE, installationTarget } from './installations.service';

export const AMC_CONTRACT_NOT_FOUND_MESSAGE = 'AMC contract not found';
export const AMC_VISIT_NOT_FOUND_MESSAGE = 'AMC visit not found';
/** 400 at `engineerId`: not an active staff account (the service desk's words for its engineer list). */
export const UNKNOWN_ENGINEER_MESSAGE = 'Choose an engineer from the list';
/** 400 at `partsUsed.N.itemId`: not an item of the catalogue (the service report's words). */
export const UNKNOWN_PART_MESSAGE = 'Choose the part from the catalogue';

const contractSnapshot = (row: AmcContractRow): AuditSnapshot => ({
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  visitsIncluded: row.visits_included,
  value: row.value_paise === null ? null : paiseToRupees(Number(row.value_paise)),
  notes: row.notes,
});

const partsText = (parts: readonly PartUsed[]) => parts.map((part) => `${part.description} × ${part.quantity}`);

/** The machine a contract belongs to, as its audit entries name it. */
async function targetOf(db: Kysely<Database>, installationId: string) {
  const installation = await findInstallationRow(db, installationId);
  if (!installation) throw new HttpError(404, INSTALLATION_NOT_FOUND_MESSAGE);
  return installationTarget(installation);
}

async function contractForUpdate(ctx: AppContext, trx: Kysely<Database>, id: string): Promise<AmcContractRow> {
  const row = await findAmcContractRowForUpdate(trx, ctx.dialect, id);
  if (!row) throw new HttpError(404, AMC_CONTRACT_NOT_FOUND_MESSAGE);
  return row;
}

/** `POST /api/installations/{id}/amc`. Value in rupees, kept in paise. */
export async function createAmcContract(
  ctx: AppContext,
  installationId: string,
  input: AmcContractInput,
  actor: { id: string },
  now = new Date(),
): Promise<AmcContract> {
  return writeTransaction(ctx, async (trx) => {
    const target = await targetOf(trx, installationId);
    const at = now.toISOString();
    const row: AmcContractRow = {
      id: randomUUID(),
      installation_id: installationId,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      visits_included: input.visitsIncluded,
      value_paise: input.value === undefined || input.value === null ? null : rupeesToPaise(input.value),
      notes: input.notes ?? null,
      created_at: at,
      updated_at: at,
      created_by: actor.id,
    };
    await insertAmcContract(trx, row);
    await recordAudit(trx, { action: 'amc.create', target, changes: diffSnapshots(null, contractSnapshot(row)) });
    return toAmcContract(row, [], indianToday(now));
  });
}

/**
 * `PUT /api/amc-contracts/{id}`: dates and visits included as sent; a value or notes left out keep
 * theirs, null clears them.
 */
export async function updateAmcContract(
  ctx: AppContext,
  id: string,
  input: AmcContractInput,
  now = new Date(),
): Promise<AmcContract> {
  return writeTransaction(ctx, async (trx) => {
    const row = await contractForUpdate(ctx, trx, id);
    const value =
      input.value === undefined ? row.value_paise : input.value === null ? null : rupeesToPaise(input.value);
    const next: AmcContractRow = {
      ...row,
      starts_on: input.startsOn,
      ends_on: input.endsOn,
      visits_included: input.visitsIncluded,
      value_paise: value === null ? null : Number(value),
      notes: input.notes === undefined ? row.notes : input.notes,
    };
    const changes = diffSnapshots(contractSnapshot(row), contractSnapshot(next));
    const visits = await listAmcVisitRows(trx, [row.id]);
    if (Object.keys(changes).length === 0) return toAmcContract(row, visits, indianToday(now));
    next.updated_at = now.toISOString();
    await updateAmcContractRow(trx, row.id, {
      starts_on: next.starts_on,
      ends_on: next.ends_on,
      visits_included: next.visits_included,
      value_paise: next.value_paise,
      notes: next.notes,
      updated_at: next.updated_at,
    });
    await recordAudit(trx, { action: 'amc.update', target: await targetOf(trx, row.installation_id), changes });
    return toAmcContract(next, visits, indianToday(now));
  });
}

/** A visit's engineer: a staff account (active) or a name alone; its name defaults to the account's. */
async function engineerOf(db: Kysely<Database>, input: AmcVisitInput, issues: ValidationIssue[]) {
  if (!input.engineerId) return { id: null, name: input.engineerName ?? '' };
  const staff = await findActiveStaff(db, input.engineerId);
  if (!staff) {
    issues.push({ path: ['engineerId'], message: UNKNOWN_ENGINEER_MESSAGE });
    return { id: null, name: '' };
  }
  return { id: staff.id, name: input.engineerName ?? staff.username };
}

/** Refusals of parts naming no catalogue item, at `partsUsed.N.itemId`. */
export async function unknownPartIssues(
  db: Kysely<Database>,
  parts: readonly { itemId?: string | null }[],
): Promise<ValidationIssue[]> {
  const named = parts.flatMap((part) => (part.itemId ? [part.itemId] : []));
  const known = await findCatalogueItemIds(db, named);
  return parts.flatMap((part, index) =>
    part.itemId && !known.has(part.itemId)
      ? [{ path: ['partsUsed', index, 'itemId'], message: UNKNOWN_PART_MESSAGE }]
      : [],
  );
}

/**
 * `POST /api/amc-contracts/{id}/visits`. A visit beyond those included is recorded (an extra,
 * paid visit): the answer's visitsDone then exceeds visitsIncluded.
 */
export async function recordAmcVisit(
  ctx: AppContext,
  contractId: string,
  input: AmcVisitInput,
  actor: { id: string },
  now = new Date(),
): Promise<AmcVisitRecorded> {
  return writeTransaction(ctx, async (trx) => {
    const contract = await contractForUpdate(ctx, trx, contractId);
    const issues: ValidationIssue[] = [];
    const engineer = await engineerOf(trx, input, issues);
    issues.push(...(await unknownPartIssues(trx, input.partsUsed)));
    if (issues.length > 0) throw new RequestValidationError(issues);
    const parts: PartUsed[] = input.partsUsed.map((part) => ({
      itemId: part.itemId ?? null,
      description: part.description,
      quantity: part.quantity,
    }));
    const row: AmcVisitRow = {
      id: randomUUID(),
      contract_id: contract.id,
      visited_on: input.visitedOn,
      engineer_id: engineer.id,
      engineer_name: engineer.name,
      notes: input.notes ?? null,
      parts_used: JSON.stringify(parts),
      created_at: now.toISOString(),
      created_by: actor.id,
    };
    await insertAmcVisit(trx, row);
    const visitsDone = (await countAmcVisits(trx, [contract.id])).get(contract.id) ?? 0;
    await recordAudit(trx, {
      action: 'amc.visit',
      target: await targetOf(trx, contract.installation_id),
      changes: diffSnapshots(null, {
        visitedOn: row.visited_on,
        engineer: row.engineer_name,
        partsUsed: partsText(parts),
        visitsDone,
        visitsIncluded: contract.visits_included,
      }),
    });
    return { ...toAmcVisit(row), visitsDone, visitsIncluded: contract.visits_included };
  });
}

/** `DELETE /api/amc-visits/{id}`: a visit recorded by mistake. */
export async function deleteAmcVisit(ctx: AppContext, id: string): Promise<void> {
  await writeTransaction(ctx, async (trx) => {
    const visit = await findAmcVisitRow(trx, id);
    if (!visit) throw new HttpError(404, AMC_VISIT_NOT_FOUND_MESSAGE);
    const contract = await contractForUpdate(ctx, trx, visit.contract_id);
    await deleteAmcVisitRow(trx, visit.id);
    await recordAudit(trx, {
      action: 'amc.visit_delete',
      target: await targetOf(trx, contract.installation_id),
      changes: diffSnapshots(
        {
          visitedOn: visit.visited_on,
          engineer: visit.engineer_name,
          partsUsed: partsText(toAmcVisit(visit).partsUsed),
        },
        null,
      ),
    });
  });
}
