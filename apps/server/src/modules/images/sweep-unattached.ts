import type { AppContext } from '../../app-context';
import { removeImages } from './image-store';
import { deleteImageRows, unattachedImagesBefore } from './images.repository';

/** How long an uploaded image may wait for its service to be saved. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Deletes uploads that no item claimed in time: rows first, then their files. */
export async function sweepUnattachedImages(ctx: Pick<AppContext, 'db' | 'images'>, now = new Date()): Promise<number> {
  const ids = await unattachedImagesBefore(ctx.db, new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS).toISOString());
  if (ids.length === 0) return 0;
  await deleteImageRows(ctx.db, ids);
  await removeImages(ctx.images, ids);
  return ids.length;
}
