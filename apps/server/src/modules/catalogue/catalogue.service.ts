import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { duplicateCodeMessage, MAX_IMAGES_PER_ITEM, STALE_EDIT_MESSAGE } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import type { Database, ItemKind } from '../../db/schema';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, notFound } from '../../http-error';
import { processImages, type ProcessedImage } from '../images/image-pipeline';
import { discardImages, imageIdFromUrl } from '../images/image-store';
import {
  deleteImageRows,
  findImages,
  imagesOfItem,
  insertImages,
  setItemImagePositions,
} from '../images/images.repository';
import {
  deleteItem,
  findItem,
  findItemIdByCode,
  firstUnknownMachine,
  insertItem,
  type ItemFields,
  listFeaturedPlacements,
  type ItemRecord,
  lockItem,
  partIdsFitting,
  setFeatured,
  setFeaturedPositions,
  updateItemFields,
} from './catalogue.repository';
import { bumpCatalogueRevision } from './catalogue-revision-bump';
import { type CatalogueChange, itemChange } from './catalogue-revision.repository';
import { catalogueResponseCache } from './catalogue-response-cache';
import { recordItemAudit } from '../audit/item-audit';
import { applyPatch, type ItemPatch } from './item-patch';
import { diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { imagesUsedBySiteSettings } from '../site/site-settings.service';
import { machineCategoryExists } from './machine-categories.repository';

export const KIND_LABEL: Record<ItemKind, string> = { machine: 'Machine', spare: 'Spare part', service: 'Service' };

/** How the duplicate-code message names each kind, in the words staff see on the forms. */
const KIND_NOUN: Record<ItemKind, 'machine' | 'spare part' | 'service'> = {
  machine: 'machine',
  spare: 'spare part',
  service: 'service',
};

/**
 * Checks what an item's fields point at, inside the write transaction so the answer holds at
 * commit: a code no other item of its kind has, a machine category that exists, machines that
 * exist in `fits`. `stored` is the item before an update: a category it already had is kept
 * even if it predates categories (decision 031), so an unrelated edit never fails on it.
 */
async function checkReferences(
  trx: Kysely<Database>,
  kind: ItemKind,
  fields: ItemFields,
  stored?: ItemRecord,
): Promise<void> {
  if (fields.code && (await findItemIdByCode(trx, kind, fields.code, stored?.id)) !== undefined) {
    throw new HttpError(409, duplicateCodeMessage(KIND_NOUN[kind], fields.code));
  }
  if (
    kind === 'machine' &&
    fields.category &&
    fields.category !== stored?.category &&
    !(await machineCategoryExists(trx, fields.category))
  ) {
    throw new HttpError(400, `Unknown machine category: ${fields.category}`);
  }
  if (fields.fits) {
    const unknown = await firstUnknownMachine(trx, fields.fits);
    if (unknown !== undefined) throw new HttpError(400, `Unknown machine in fits: ${unknown}`);
  }
}

/**
 * Two saves of one new code can both pass checkReferences on PostgreSQL (SQLite serialises
 * writers); the unique index then refuses the second, which must read as the same 409.
 */
function duplicateCodeRace(error: unknown, kind: ItemKind, fields: ItemFields): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : '';
  const unique = code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
  if (unique && fields.code && text.includes('code_key')) {
    return new HttpError(409, duplicateCodeMessage(KIND_NOUN[kind], fields.code));
  }
  return error;
}

export const TOO_MANY_IMAGES_MESSAGE = `An item can have at most ${MAX_IMAGES_PER_ITEM} images`;

/** Refuses an edit made on a copy older than the stored item (`expected` absent: no check). */
function assertNotStale(stored: Pick<ItemRecord, 'updatedAt'>, expected: string | undefined): void {
  if (expected !== undefined && expected !== stored.updatedAt) throw new HttpError(409, STALE_EDIT_MESSAGE);
}

/**
 * The updatedAt to stamp on an update: now, but always later than the stored value, so the
 * version token changes on every update even when two land in the same millisecond.
 */
function nextUpdatedAt(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
}

/**
 * Locks the item for this write transaction, checks the editor's copy is current, and returns
 * the timestamp for the update. Runs inside the transaction, so two editors of one stale
 * copy cannot both pass.
 */
async function lockCurrentItem(
  ctx: AppContext,
  trx: Kysely<Database>,
  kind: ItemKind,
  id: string,
  expectedUpdatedAt: string | undefined,
): Promise<{ stored: ItemRecord; now: string }> {
  if (!(await lockItem(trx, ctx.dialect, id, kind))) throw notFound(KIND_LABEL[kind]);
  // Read once, under the lock, for the version check and for what the write changes: every
  // statement of a write waits its turn behind the visitors' on a busy server (issue 37).
  // A machine's parts that fit are other items' rows (15,000 of them for a machine of a large
  // catalogue): neither the patch nor the audit reads them.
  const stored = await findItem(trx, id, kind, { partsThatFit: false });
  if (!stored) throw notFound(KIND_LABEL[kind]);
  assertNotStale(stored, expectedUpdatedAt);
  return { stored, now: nextUpdatedAt(stored.updatedAt) };
}

const sameOrder = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, position) => id === b[position]);

function urlsToIds(urls: readonly string[]): string[] {
  return urls.map((url) => {
    const id = imageIdFromUrl(url);
    if (!id) throw new HttpError(400, 'Images must be uploaded to this site first');
    return id;
  });
}

async function reload(ctx: AppContext, id: string): Promise<ItemRecord> {
  const item = await findItem(ctx.db, id);
  if (!item) throw notFound();
  return item;
}

/**
 * A write's answer: the item as its audit read it through the write's transaction, which is what
 * committed. A machine's answer also lists the parts that fit it, which the audit leaves out, so
 * a machine is read again. (Reading it again costs four statements, each queued behind the
 * visitors' for a connection on a busy server.)
 */
async function answerOf(ctx: AppContext, id: string, written: ItemRecord | undefined): Promise<ItemRecord> {
  return written !== undefined && written.kind !== 'machine' ? written : reload(ctx, id);
}

/**
 * A write transaction that also bumps the catalogue revision and records what it changed (other
 * processes notice within a second), then builds again this process's cached public responses
 * that it reached before answering, so the writer and every visitor after sees the change.
 */
export async function catalogueWrite<T>(
  ctx: AppContext,
  change: CatalogueChange,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await writeTransaction(ctx, async (trx) => {
      const result = await work(trx);
      await bumpCatalogueRevision(trx, change);
      return result;
    });
  } finally {
    // Also on failure: if the commit itself failed, whether it happened is unknown.
    await catalogueResponseCache(ctx.db).refreshAfterWrite();
  }
}

/** Runs `work` with freshly processed uploads; if it fails, the new files are removed. */
async function withProcessedUploads<T>(
  ctx: AppContext,
  tempFiles: readonly string[],
  work: (processed: ProcessedImage[]) => Promise<T>,
): Promise<T> {
  const processed = await processImages(ctx.images, tempFiles);
  try {
    return await work(processed);
  } catch (error) {
    await discardImages(
      ctx.images,
      processed.map((image) => image.id),
    );
    throw error;
  }
}

/** Machine or spare part create with its uploaded files (multipart). */
export async function createItemWithUploads(
  ctx: AppContext,
  kind: ItemKind,
  fields: ItemFields,
  tempFiles: readonly string[],
): Promise<ItemRecord> {
  if (tempFiles.length > MAX_IMAGES_PER_ITEM) throw new HttpError(400, TOO_MANY_IMAGES_MESSAGE);
  const id = randomUUID();
  const change = itemChange(kind, id);
  // The machines a new part fits list it on their pages.
  change.related.push(...(fields.fits ?? []));
  const written = await withProcessedUploads(ctx, tempFiles, (processed) =>
    catalogueWrite(ctx, change, async (trx) => {
      const now = new Date().toISOString();
      await checkReferences(trx, kind, fields);
      await insertItem(trx, id, kind, fields, now).catch((error: unknown) => {
        throw duplicateCodeRace(error, kind, fields);
      });
      await insertImages(trx, processed, id, 0, now);
      return recordItemAudit(trx, 'item.create', kind, id, undefined);
    }),
  );
  return answerOf(ctx, id, written);
}

/**
 * Machine or spare part update. Fields the patch leaves out keep their stored values
 * (decision 011). `keepUrls` (in order) says which current images stay; undefined keeps them
 * all. New files go after them. The cap is checked inside the write lock, so parallel uploads
 * to one item can never take it past the limit.
 */
export async function updateItemWithUploads(
  ctx: AppContext,
  kind: ItemKind,
  id: string,
  patch: ItemPatch,
  keepUrls: readonly string[] | undefined,
  tempFiles: readonly string[],
  expectedUpdatedAt?: string,
): Promise<ItemRecord> {
  if (tempFiles.length > 0) {
    // Early, so a stale save does not process its uploads; the check that counts is in the
    // transaction. Without uploads it would only add five statements to every save.
    const before = await findItem(ctx.db, id, kind);
    if (!before) throw notFound(KIND_LABEL[kind]);
    assertNotStale(before, expectedUpdatedAt);
  }
  const keepRequested = keepUrls ? urlsToIds(keepUrls) : undefined;

  const change = itemChange(kind, id);
  const { dropped: removed, written } = await withProcessedUploads(ctx, tempFiles, (processed) =>
    catalogueWrite(ctx, change, async (trx) => {
      const { stored, now } = await lockCurrentItem(ctx, trx, kind, id, expectedUpdatedAt);
      const current = (await imagesOfItem(trx, id)).map((image) => image.id);
      const keep = keepRequested ?? current;
      if (keep.some((imageId) => !current.includes(imageId))) {
        throw new HttpError(400, 'An image to keep does not belong to this item');
      }
      if (keep.length + processed.length > MAX_IMAGES_PER_ITEM) throw new HttpError(400, TOO_MANY_IMAGES_MESSAGE);

      const dropped = current.filter((imageId) => !keep.includes(imageId));
      const fields = applyPatch(stored, patch);
      // The machines it fitted and fits now show it on their pages.
      change.related.push(...stored.fits, ...(fields.fits ?? []));
      await checkReferences(trx, kind, fields, stored);
      await updateItemFields(trx, id, fields, now, stored).catch((error: unknown) => {
        throw duplicateCodeRace(error, kind, fields);
      });
      await deleteImageRows(trx, dropped);
      // Unchanged pictures (most saves) keep their rows: a statement per picture otherwise.
      if (!sameOrder(keep, current)) await setItemImagePositions(trx, id, keep);
      await insertImages(trx, processed, id, keep.length, now);
      return { dropped, written: await recordItemAudit(trx, 'item.update', kind, id, stored) };
    }),
  );
  // Files go only after the commit: a rolled-back update must still find its pictures.
  await discardImages(ctx.images, removed);
  return answerOf(ctx, id, written);
}

/**
 * Checks that every wanted image was uploaded to this site and is free or already this item's,
 * then attaches them in order; returns the item's former images that are no longer wanted.
 * The hero picture is not free: deleting the service would delete it from the landing page.
 */
async function attachServiceImages(
  ctx: AppContext,
  trx: Kysely<Database>,
  itemId: string,
  wanted: readonly string[],
  current: readonly string[],
): Promise<string[]> {
  const rows = await findImages(trx, wanted);
  const free = rows.some((row) => row.item_id === null);
  const usedBySite = new Set(free ? await imagesUsedBySiteSettings(trx, ctx.dialect) : []);
  for (const imageId of wanted) {
    const row = rows.find((r) => r.id === imageId);
    // A service request's photo is the customer's, not an upload waiting for an item.
    if (!row || row.service_request_id !== null || (row.item_id !== null && row.item_id !== itemId)) {
      throw new HttpError(400, 'An image was not found; upload it again');
    }
    if (usedBySite.has(imageId)) {
      throw new HttpError(
        400,
        'An image is shown by the site settings (hero picture, logo or share picture); upload it again for this item',
      );
    }
  }
  const dropped = current.filter((imageId) => !wanted.includes(imageId));
  await deleteImageRows(trx, dropped);
  await setItemImagePositions(trx, itemId, wanted);
  return dropped;
}

function imageIdsOf(urls: readonly string[]): string[] {
  const ids = urlsToIds(urls);
  if (ids.length > MAX_IMAGES_PER_ITEM) throw new HttpError(400, TOO_MANY_IMAGES_MESSAGE);
  return ids;
}

/** Service create: images are URLs returned earlier by POST /api/upload-images. */
export async function createServiceWithImageUrls(
  ctx: AppContext,
  fields: ItemFields,
  imageUrls: readonly string[],
): Promise<ItemRecord> {
  const wanted = imageIdsOf(imageUrls);
  const id = randomUUID();
  const written = await catalogueWrite(ctx, itemChange('service', id), async (trx) => {
    await checkReferences(trx, 'service', fields);
    await insertItem(trx, id, 'service', fields, new Date().toISOString()).catch((error: unknown) => {
      throw duplicateCodeRace(error, 'service', fields);
    });
    await attachServiceImages(ctx, trx, id, wanted, []);
    return recordItemAudit(trx, 'item.create', 'service', id, undefined);
  });
  return answerOf(ctx, id, written);
}

/**
 * Service full update. Fields the patch leaves out keep their stored values; `imageUrls`
 * undefined keeps the current pictures (decision 011).
 */
export async function updateServiceWithImageUrls(
  ctx: AppContext,
  id: string,
  patch: ItemPatch,
  imageUrls: readonly string[] | undefined,
  expectedUpdatedAt?: string,
): Promise<ItemRecord> {
  const wanted = imageUrls === undefined ? undefined : imageIdsOf(imageUrls);

  const { dropped: removed, written } = await catalogueWrite(ctx, itemChange('service', id), async (trx) => {
    const { stored, now } = await lockCurrentItem(ctx, trx, 'service', id, expectedUpdatedAt);
    const current = (await imagesOfItem(trx, id)).map((image) => image.id);
    const fields = applyPatch(stored, patch);
    await checkReferences(trx, 'service', fields, stored);
    await updateItemFields(trx, id, fields, now, stored).catch((error: unknown) => {
      throw duplicateCodeRace(error, 'service', fields);
    });
    const dropped = await attachServiceImages(ctx, trx, id, wanted ?? current, current);
    return { dropped, written: await recordItemAudit(trx, 'item.update', 'service', id, stored) };
  });
  await discardImages(ctx.images, removed);
  return answerOf(ctx, id, written);
}

export async function changeFeatured(
  ctx: AppContext,
  kind: ItemKind,
  id: string,
  featured: boolean,
): Promise<ItemRecord> {
  const written = await catalogueWrite(ctx, itemChange(kind, id), async (trx) => {
    // Thrown inside, so that an unknown id rolls back and leaves the revision alone. A featured
    // toggle touches nothing a form edits, so it needs no version check, but it moves the version.
    const { stored: before, now } = await lockCurrentItem(ctx, trx, kind, id, undefined);
    if (!(await setFeatured(trx, id, kind, featured, now))) throw notFound(KIND_LABEL[kind]);
    return recordItemAudit(trx, 'item.featured', kind, id, before);
  });
  return answerOf(ctx, id, written);
}

export async function removeItem(ctx: AppContext, kind: ItemKind, id: string): Promise<void> {
  const change = itemChange(kind, id);
  const imageIds = await catalogueWrite(ctx, change, async (trx) => {
    if (!(await lockItem(trx, ctx.dialect, id, kind))) throw notFound(KIND_LABEL[kind]);
    const before = await findItem(trx, id, kind);
    change.related.push(...(before?.fits ?? []));
    // A machine's parts lose it from their fits: their list entries change too.
    if (kind === 'machine') change.items.push(...(await partIdsFitting(trx, [id])));
    const removedImages = await deleteItem(trx, id);
    await recordItemAudit(trx, 'item.delete', kind, id, before);
    return removedImages;
  });
  await discardImages(ctx.images, imageIds);
}

/**
 * Places the featured items on the landing page: `orderedIds[i]` goes i-th, featured items not
 * listed follow in the spec's order. Every id must be a featured item, else nothing changes.
 */
export async function changeFeaturedOrder(ctx: AppContext, orderedIds: readonly string[]): Promise<void> {
  // Every featured item may move, and a reorder is rare: not worth listing them.
  await catalogueWrite(ctx, 'everything', async (trx) => {
    const featured = await listFeaturedPlacements(trx);
    const byId = new Map(featured.map((item) => [item.id, item]));
    const stray = orderedIds.find((id) => !byId.has(id));
    if (stray !== undefined)
      throw new HttpError(400, `Item ${stray} is not featured: only featured items can be placed`);

    const nameOf = (id: string) => byId.get(id)?.name ?? id;
    const before = featured
      .filter((item) => item.position !== null)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((item) => item.name);
    await setFeaturedPositions(trx, orderedIds);
    await recordAudit(trx, {
      action: 'featured.order',
      target: null,
      changes: diffSnapshots({ featuredOrder: before }, { featuredOrder: orderedIds.map(nameOf) }),
    });
  });
}
