import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context';
import { idOfImageFile } from './image-variants';
import { existingImageIds } from './images.repository';

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
  const { uploadsDir } = ctx.images;
  const filesById = new Map<string, string[]>();
  for (const name of await fs.readdir(uploadsDir).catch(() => [])) {
    const id = idOfImageFile(name);
    if (!id) continue;
    filesById.set(id, [...(filesById.get(id) ?? []), name]);
  }
  const known = await existingImageIds(ctx.db, [...filesById.keys()]);
  const cutoff = now.getTime() - ORPHAN_FILE_MIN_AGE_MS;

  const orphans: string[] = [];
  for (const [id, names] of filesById) {
    if (known.has(id)) continue;
    const times = await Promise.all(
      names.map((name) =>
        fs.stat(path.join(uploadsDir, name)).then(
          (stat) => stat.mtimeMs,
          () => 0, // already gone
        ),
      ),
    );
    if (Math.max(...times) < cutoff) orphans.push(id);
  }
  await ctx.images.remove(orphans);
  return orphans.length;
}
