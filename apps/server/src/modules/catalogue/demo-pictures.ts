import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { AppContext } from '../../app-context';
import type { ItemAwaitingPictures } from '../../db/seed/seed';
import { writeTransaction } from '../../db/write-transaction';
import { type ProcessedImage, processImages } from '../images/image-pipeline';
import { discardImages } from '../images/image-store';
import { insertImages } from '../images/images.repository';
import { catalogueResponseCache } from './catalogue-response-cache';
import { bumpCatalogueRevision } from './catalogue-revision.repository';
import { findItem, lockItem } from './catalogue.repository';

export interface DemoPictureOptions {
  /** Called after each item's pictures are stored (or skipped): pictures done so far and in all. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between pictures, so a shutdown does not wait for the whole catalogue. */
  signal?: AbortSignal;
}

/** Renders one item's drawings and sends them through the same pipeline as an upload. */
async function renderItemPictures(ctx: Pick<AppContext, 'images'>, item: ItemAwaitingPictures, signal?: AbortSignal) {
  const temps: string[] = [];
  try {
    for (const draw of item.pictures) {
      signal?.throwIfAborted();
      const temp = ctx.images.temp.newPath();
      temps.push(temp);
      await sharp(Buffer.from(draw())).png().toFile(temp);
    }
    signal?.throwIfAborted();
    return await processImages(ctx.images, temps);
  } finally {
    await Promise.all(temps.map((file) => fs.rm(file, { force: true })));
  }
}

/**
 * Gives each seeded item its demo pictures, one item at a time while the site is already
 * serving (the items show their placeholder until then). Each item's pictures attach in one
 * transaction that bumps the catalogue revision, so lists and pages show them without a
 * restart. An item edited, given images or deleted meanwhile keeps what staff made of it.
 * Returns how many items got their pictures.
 */
export async function attachDemoPictures(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'images'>,
  items: readonly ItemAwaitingPictures[],
  { onProgress, signal }: DemoPictureOptions = {},
): Promise<number> {
  const total = items.reduce((sum, item) => sum + item.pictures.length, 0);
  let done = 0;
  let attached = 0;
  for (const item of items) {
    if (signal?.aborted) break;
    let processed: ProcessedImage[];
    try {
      processed = await renderItemPictures(ctx, item, signal);
    } catch (error) {
      if (signal?.aborted) break;
      throw error;
    }
    let stored = false;
    try {
      stored = await writeTransaction(ctx, async (trx) => {
        if (!(await lockItem(trx, ctx.dialect, item.itemId, item.kind))) return false;
        const current = await findItem(trx, item.itemId, item.kind);
        if (!current || current.version !== 1 || current.images.length > 0) return false;
        await insertImages(trx, processed, item.itemId, 0, new Date().toISOString());
        await bumpCatalogueRevision(trx);
        return true;
      });
    } finally {
      if (!stored)
        await discardImages(
          ctx.images,
          processed.map((image) => image.id),
        );
    }
    if (stored) {
      attached += 1;
      catalogueResponseCache(ctx.db).invalidate();
    }
    done += item.pictures.length;
    onProgress?.(done, total);
  }
  return attached;
}
