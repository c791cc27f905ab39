import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ExportFormat, IMPORT_PLAN_CHANGED_MESSAGE, type InstallationImportSummary } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { readSheet } from '../catalogue-import/import-sheet';
import { rejectedRowsCsv } from '../catalogue-import/rejected-rows';
import { installationsFile } from './installations-export';
import { planInstallationImport, plannedRow, type PlannedInstallationWrite } from './installation-import-plan';
import {
  refreshInstallationSearch,
  insertInstallations,
  listCatalogueMachines,
  loadAllInstallations,
  lockInstallationsForImport,
  replaceInstallations,
} from './installations.repository';
import { defaultWarrantyMonths } from './installations.service';

/** Rows an import writes from which the search indexes and statistics are refreshed (refreshInstallationSearch). */
const REFRESH_SEARCH_AFTER_ROWS = 1000;

/** The register, the catalogue's machines and the default warranty: what a file is planned against. */
async function planAgainst(db: Kysely<Database>, file: Awaited<ReturnType<typeof readSheet>>) {
  const [stored, machines, months] = await Promise.all([
    loadAllInstallations(db),
    listCatalogueMachines(db),
    defaultWarrantyMonths(db),
  ]);
  return {
    stored,
    plan: await planInstallationImport({ sheet: file, stored, machines, defaultWarrantyMonths: months }),
  };
}

/** `mode=preview`: reads the file and says what importing it would do; changes nothing. */
export async function previewInstallationImport(ctx: AppContext, file: string): Promise<InstallationImportSummary> {
  const sheet = await readSheet(file);
  return (await planAgainst(ctx.db, sheet)).plan.summary;
}

export interface InstallationApplyOptions {
  fileName: string;
  /** Import the valid rows and leave out the invalid ones, instead of refusing the whole file. */
  validRowsOnly: boolean;
  /** The preview's planId: importing anything else is refused (409). */
  planId?: string;
  actorId: string | null;
}

/**
 * `mode=apply` or `valid-rows`: the file in one write transaction, planned again under the lock so
 * a register changed since the preview is a 409 and a file with an invalid row (unless only the
 * valid rows are asked for) changes nothing. One audit entry for the whole file.
 */
export async function applyInstallationImport(
  ctx: AppContext,
  file: string,
  options: InstallationApplyOptions,
  now = new Date(),
): Promise<InstallationImportSummary> {
  const sheet = await readSheet(file);
  return writeTransaction(ctx, async (trx) => {
    await lockInstallationsForImport(trx, ctx.dialect);
    const { stored, plan } = await planAgainst(trx, sheet);
    const { summary, writes } = plan;
    if (options.validRowsOnly && (plan.headerInvalid || summary.invalidRows === summary.rows)) {
      throw new HttpError(
        400,
        plan.headerInvalid
          ? 'The header row has errors, so no row can be read: correct the columns and preview again. Nothing was imported.'
          : 'No row of the file is valid: nothing was imported.',
      );
    }
    if (summary.errorCount > 0 && !options.validRowsOnly) {
      const rows = summary.invalidRows;
      throw new HttpError(
        400,
        `The file has ${summary.errorCount} invalid cell${summary.errorCount === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}: nothing was imported.`,
      );
    }
    if (options.planId !== undefined && options.planId !== summary.planId) {
      throw new HttpError(409, IMPORT_PLAN_CHANGED_MESSAGE);
    }
    const rejectedCsv = plan.rejected.length > 0 ? rejectedRowsCsv(sheet.header, plan.rejected) : undefined;
    const answer = { ...summary, ...(rejectedCsv === undefined ? {} : { rejectedCsv }) };
    // An unedited export: nothing to write, nothing to audit.
    if (writes.length === 0) return answer;
    await writePlan(trx, writes, stored, now.toISOString(), options.actorId);
    if (writes.length >= REFRESH_SEARCH_AFTER_ROWS) await refreshInstallationSearch(trx, ctx.dialect);
    await recordAudit(trx, {
      action: 'installation.import',
      target: null,
      changes: {
        file: { before: null, after: options.fileName },
        created: { before: null, after: summary.create },
        updated: { before: null, after: summary.update },
        unchanged: { before: null, after: summary.unchanged },
        ...(options.validRowsOnly ? { rejected: { before: null, after: summary.invalidRows } } : {}),
      },
    });
    return answer;
  });
}

async function writePlan(
  trx: Kysely<Database>,
  writes: readonly PlannedInstallationWrite[],
  stored: readonly { id: string; created_at: string; created_by: string | null }[],
  at: string,
  actorId: string | null,
): Promise<void> {
  const storedById = new Map(stored.map((row) => [row.id, row]));
  const creates = writes
    .filter((write) => write.action === 'create')
    .map((write) => plannedRow({ ...write, id: randomUUID() }, undefined, at, actorId));
  const updates = writes.flatMap((write) => {
    if (write.action !== 'update' || write.id === null) return [];
    return [plannedRow({ ...write, id: write.id }, storedById.get(write.id), at, actorId)];
  });
  await insertInstallations(trx, creates);
  await replaceInstallations(trx, updates);
}

export async function exportInstallations(ctx: AppContext, format: ExportFormat): Promise<Buffer> {
  const [rows, machines] = await Promise.all([loadAllInstallations(ctx.db), listCatalogueMachines(ctx.db)]);
  return installationsFile(format, rows, machines);
}
