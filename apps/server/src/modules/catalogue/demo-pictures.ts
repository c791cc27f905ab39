import fs from 'node:fs/promises';
import sharp from 'sharp';
import type { AppContext } from '../../app-context';
import type { ItemAwaitingPictures } from '../../db/seed/seed';
import { writeTransaction } from '../../db/write-transaction';
import { type ProcessedImage, processImages } from '../images/image-pipeline';
import { discardImages, type ImageStore } from '../images/image-store';
import { insertImages } from '../images/images.repository';
import { catalogueResponseCache } from './catalogue-response-cache';
import { type DemoPictureCache, demoPictureRef } from './demo-picture-cache';
import { bumpCatalogueRevision } from './catalogue-revision-bump';
import { findItem, lockItem } from './catalogue.repository';

export interface DemoPictureOptions {
  /** Called after each item's pictures are stored (or skipped): pictures done so far and in all. */
  onProgress?: (done: number, total: number) => void;
  /** Stops between pictures, so a shutdown does not wait for the whole catalogue. */
  signal?: AbortSignal;
  /** The pictures made at install: an item whose drawings are all there gets copies of them. */
  cache?: DemoPictureCache;
  /** Only the items the cache has whole; the others are left as they are, for a later call. */
  cachedOnly?: boolean;
}

/** Copies of the item's pictures from the cache, stored as new images; null when it lacks one. */
async function copyCachedPictures(
  images: ImageStore,
  cache: DemoPictureCache,
  item: ItemAwaitingPictures,
): Promise<ProcessedImage[] | null> {
  const copied: ProcessedImage[] = [];
  try {
    for (const index of item.pictures.keys()) {
      const image = await cache.copyInto(images, demoPictureRef(item.kind, item.name, index));
      if (image === null) {
        await discardImages(
          images,
          copied.map((done) => done.id),
        );
        return null;
      }
      copied.push(image);
    }
    return copied;
  } catch (error) {
    await discardImages(
      images,
      copied.map((done) => done.id),
    );
    throw error;
  }
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
 * Gives each seeded item its demo pictures, one item at a time: copies of those made at install
 * (`cache`) before the server listens, and any the cache lacks drawn while the site is already
 * serving (those items show their placeholder until then). Each item's pictures attach in one
 * transaction that bumps the catalogue revision, so lists and pages show them without a
 * restart. An item edited, given images or deleted meanwhile keeps what staff made of it.
 * Returns how many items got their pictures.
 */
export async function attachDemoPictures(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'images'>,
  items: readonly ItemAwaitingPictures[],
  { onProgress, signal, cache, cachedOnly = false }: DemoPictureOptions = {},
): Promise<number> {
  const total = items.reduce((sum, item) => sum + item.pictures.length, 0);
  let done = 0;
  let attached = 0;
  for (const item of items) {
    if (signal?.aborted) break;
    let processed = cache ? await copyCachedPictures(ctx.images, cache, item) : null;
    if (processed === null) {
      if (cachedOnly) continue;
      try {
        processed = await renderItemPictures(ctx, item, signal);
      } catch (error) {
        if (signal?.aborted) break;
        throw error;
      }
    }
    const stored = await storeItemPictures(ctx, item, processed);
    if (stored) {
      attached += 1;
      await catalogueResponseCache(ctx.db).refreshAfterWrite();
    }
    done += item.pictures.length;
    onProgress?.(done, total);
  }
  return attached;
}

/**
 * Attaches the item's pictures in one transaction that bumps the catalogue revision, unless staff
 * have edited it, given it images or deleted it meanwhile; otherwise the images are discarded.
 */
async function storeItemPictures(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'images'>,
  item: ItemAwaitingPictures,
  processed: readonly ProcessedImage[],
): Promise<boolean> {
  let stored = false;
  try {
    stored = await writeTransaction(ctx, async (trx) => {
      if (!(await lockItem(trx, ctx.dialect, item.itemId, item.kind))) return false;
      const current = await findItem(trx, item.itemId, item.kind);
      if (!current || current.version !== 1 || current.images.length > 0) return false;
      await insertImages(trx, processed, item.itemId, 0, new Date().toISOString());
      await bumpCatalogueRevision(trx, { kind: item.kind, items: [item.itemId] });
      return true;
    });
  } finally {
    if (!stored)
      await discardImages(
        ctx.images,
        processed.map((image) => image.id),
      );
  }
  return stored;
}
