import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ExportFormat, IMPORT_PLAN_CHANGED_MESSAGE, type ImportKind, type ImportSummary } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { bumpCatalogueRevision } from '../catalogue/catalogue-revision-bump';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { exportFile } from './import-export';
import { ITEM_KIND_OF, type PlannedWrite, planImport } from './import-plan';
import { references, sameReferences } from './import-references';
import { readSheet } from './import-sheet';
import { rejectedRowsCsv } from './rejected-rows';
import {
  insertImportedItems,
  listMachineRefs,
  loadItemsForImport,
  lockItemsForImport,
  releaseCodes,
  replaceImportedFits,
  replaceImportedSpecifications,
  updateImportedItems,
} from './import.repository';

/** Rows written between two progress reports. */
const PROGRESS_CHUNK = 1000;

/** Reads the file and says what importing it would do; changes nothing. */
export async function previewImport(ctx: AppContext, kind: ImportKind, file: string): Promise<ImportSummary> {
  const sheet = await readSheet(file);
  return (await planImport({ kind, sheet, ...(await references(ctx.db, kind, sheet)) })).summary;
}

export interface ApplyOptions {
  fileName: string;
  /**
   * Import the valid rows and leave out the invalid ones (`valid-rows`), instead of refusing the
   * whole file when a row is invalid (`apply`).
   */
  validRowsOnly?: boolean;
  /** The preview's planId: importing anything else is refused. */
  planId?: string;
  /** Called once the file is known to be valid, before anything is written. */
  onStart?: (summary: ImportSummary) => void;
  onProgress?: (done: number, total: number) => Promise<void>;
}

/** What an import did, and with `valid-rows` the rows it left out as a CSV file (null when none). */
export interface ImportOutcome {
  summary: ImportSummary;
  rejectedCsv: string | null;
}

/** Lets the event loop send what was written to the response (progress lines) before going on. */
const yieldToIo = () => new Promise<void>((resolve) => setImmediate(resolve));

async function writePlan(
  trx: Kysely<Database>,
  dialect: AppContext['dialect'],
  kind: ImportKind,
  writes: readonly PlannedWrite[],
  now: string,
  onProgress: (done: number) => Promise<void>,
): Promise<string[]> {
  const itemKind = ITEM_KIND_OF[kind];
  const creates = writes.filter((w) => w.action === 'create').map((w) => ({ ...w, id: randomUUID() }));
  const updates = writes.filter((w): w is PlannedWrite & { id: string } => w.action === 'update' && w.id !== null);
  let done = 0;
  await releaseCodes(
    trx,
    updates.filter((w) => w.codeChanged).map((w) => w.id),
  );
  for (let start = 0; start < creates.length; start += PROGRESS_CHUNK) {
    const chunk = creates.slice(start, start + PROGRESS_CHUNK);
    await insertImportedItems(trx, itemKind, chunk, now);
    await replaceImportedSpecifications(
      trx,
      chunk.map((w) => ({ id: w.id, specifications: w.state.specifications })),
      false,
    );
    if (itemKind === 'spare') {
      await replaceImportedFits(
        trx,
        chunk.map((w) => ({ id: w.id, fits: w.state.fits })),
        false,
      );
    }
    done += chunk.length;
    await onProgress(done);
  }
  for (let start = 0; start < updates.length; start += PROGRESS_CHUNK) {
    const chunk = updates.slice(start, start + PROGRESS_CHUNK);
    await updateImportedItems(trx, dialect, chunk, now);
    await replaceImportedSpecifications(
      trx,
      chunk.filter((w) => w.specsChanged).map((w) => ({ id: w.id, specifications: w.state.specifications })),
      true,
    );
    if (itemKind === 'spare') {
      await replaceImportedFits(
        trx,
        chunk.filter((w) => w.fitsChanged).map((w) => ({ id: w.id, fits: w.state.fits })),
        true,
      );
    }
    done += chunk.length;
    await onProgress(done);
  }
  return [...creates, ...updates].map((w) => w.id);
}

/**
 * Imports a file in one write transaction: the catalogue is read, the file planned against it and
 * written under the same lock, so a file with any invalid row (unless only the valid rows are
 * asked for), or one whose plan differs from its preview, changes nothing. One revision bump and
 * one audit entry for the whole file.
 *
 * The file is planned once before the lock too: under it, the catalogue is read again and that
 * plan kept when nothing it depends on changed, so staff's saves wait for the writes only, not for
 * checking every row (decision 091). A save in between makes it plan again under the lock.
 */
export async function applyImport(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  kind: ImportKind,
  file: string,
  options: ApplyOptions,
): Promise<ImportOutcome> {
  const sheet = await readSheet(file);
  const readBefore = await references(ctx.db, kind, sheet);
  const plannedBefore = await planImport({ kind, sheet, ...readBefore });
  let wrote = false;
  try {
    return await writeTransaction(ctx, async (trx) => {
      await lockItemsForImport(trx, ctx.dialect);
      const refs = await references(trx, kind, sheet);
      const plan = sameReferences(refs, readBefore) ? plannedBefore : await planImport({ kind, sheet, ...refs });
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
      options.onStart?.(summary);
      const rejectedCsv = plan.rejected.length > 0 ? rejectedRowsCsv(sheet.header, plan.rejected) : null;
      // An unedited export: nothing to write, no new revision, nothing to audit.
      if (writes.length === 0) return { summary, rejectedCsv };
      wrote = true;
      const written = await writePlan(trx, ctx.dialect, kind, writes, new Date().toISOString(), async (done) => {
        await options.onProgress?.(done, writes.length);
        await yieldToIo();
      });
      // A machine's page lists the parts that fit it, as a single save names them (catalogue.service.ts).
      await bumpCatalogueRevision(trx, {
        kind: ITEM_KIND_OF[kind],
        items: written,
        related: writes.flatMap((write) => [...write.fitsBefore, ...(write.state.fits ?? [])]),
        repriced: writes.flatMap((write) => (write.priceOnly && write.id !== null ? [write.id] : [])),
      });
      await recordAudit(trx, {
        action: 'catalogue.import',
        target: null,
        changes: {
          file: { before: null, after: options.fileName },
          kind: { before: null, after: kind },
          created: { before: null, after: summary.create },
          updated: { before: null, after: summary.update },
          unchanged: { before: null, after: summary.unchanged },
          ...(options.validRowsOnly ? { rejected: { before: null, after: summary.invalidRows } } : {}),
        },
      });
      return { summary, rejectedCsv };
    });
  } finally {
    // Also on failure: if the commit itself failed, whether it happened is unknown.
    if (wrote) await catalogueResponseCache(ctx.db).refreshAfterWrite();
  }
}

export async function exportCatalogue(ctx: AppContext, kind: ImportKind, format: ExportFormat): Promise<Buffer> {
  const itemKind = ITEM_KIND_OF[kind];
  const [items, machines] = await Promise.all([
    loadItemsForImport(ctx.db, itemKind),
    kind === 'spare-parts' ? listMachineRefs(ctx.db) : Promise.resolve([]),
  ]);
  const machineRef = new Map(machines.map((machine) => [machine.id, machine.code ?? machine.id]));
  return exportFile(kind, format, items, machineRef);
}
