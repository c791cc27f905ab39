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

/**
 * Removes image files that no images row refers to: what a process killed between writing an
 * upload's files and committing its row leaves behind (nothing was acknowledged for them).
 * Returns how many images' files were removed.
 */
export async function sweepOrphanImageFiles(ctx: Pick<AppContext, 'db' | 'images'>, now = new Date()): Promise<number> {
  const store = ctx.images;
  const filesById = new Map<string, ListedFile[]>();
  for await (const file of store.list()) {
    const id = idOfImageFile(file.name);
    if (!id) continue;
    filesById.set(id, [...(filesById.get(id) ?? []), file]);
  }
  const inUse = await imageIdsInUse(ctx.db, [...filesById.keys()]);
  const cutoff = now.getTime() - ORPHAN_FILE_MIN_AGE_MS;

  const orphans: string[] = [];
  for (const [id, files] of filesById) {
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
  return orphans.length;
}
