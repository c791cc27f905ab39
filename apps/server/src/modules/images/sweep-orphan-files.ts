import type { AppContext } from '../../app-context';
import { type ListedFile, removeImages } from './image-store';
import { idOfImageFile } from './image-variants';
import { imageIdsInUse } from './images.repository';

/**
 * How old a file without a row must be before it is removed. An upload writes its files first
 * and its row in the transaction that follows, so a younger file may belong to an upload still
 * in progress — in this process or in another one sharing the folder and the database.
 */
export const ORPHAN_FILE_MIN_AGE_MS = 60 * 60 * 1000;

/** Images looked up in the database at a time, and the most whose files are held in memory. */
const SWEEP_BATCH_IMAGES = 500;

/**
 * Removes image files that no images row refers to: what a process killed between writing an
 * upload's files and committing its row leaves behind (nothing was acknowledged for them).
 * Returns how many images' files were removed. The listing is swept a batch of images at a time
 * as it arrives: held whole, a store of 100,000 parts' pictures (330,000 files) cost a process
 * about 100 MB at every start and every hour.
 */
export async function sweepOrphanImageFiles(
  ctx: Pick<AppContext, 'db' | 'images'>,
  now = new Date(),
  batchImages = SWEEP_BATCH_IMAGES,
): Promise<number> {
  const store = ctx.images;
  const cutoff = now.getTime() - ORPHAN_FILE_MIN_AGE_MS;
  // A set: an image whose files fall into two batches is found an orphan in both.
  const removed = new Set<string>();
  let batch = new Map<string, ListedFile[]>();
  const sweepBatch = async () => {
    const inUse = await imageIdsInUse(ctx.db, [...batch.keys()]);
    const orphans: string[] = [];
    for (const [id, files] of batch) {
      if (inUse.has(id)) continue;
      const times = await Promise.all(
        files.map(async (file) => {
          // A listing of S3 carries the time; a folder's needs a stat (only for the rare orphan).
          const lastModified = file.lastModified ?? (await store.head(file.name))?.lastModified;
          return lastModified?.getTime() ?? 0; // already gone
        }),
      );
      if (Math.max(...times) < cutoff) orphans.push(id);
    }
    await removeImages(store, orphans);
    for (const id of orphans) removed.add(id);
    batch = new Map();
  };
  for await (const file of store.list()) {
    const id = idOfImageFile(file.name);
    if (!id) continue;
    const files = batch.get(id);
    if (files) {
      files.push(file);
      continue;
    }
    // A bucket lists an image's files one after the other, a folder need not: an image whose
    // files fall into two batches is judged in each by the files it has there, and a file
    // removed with the first is gone (time 0) in the second.
    if (batch.size >= batchImages) await sweepBatch();
    batch.set(id, [file]);
  }
  if (batch.size > 0) await sweepBatch();
  return removed.size;
}
