import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { imagesUsedBySiteSettings } from '../site/site-settings.service';
import { deleteImageRows, unattachedImagesBefore } from './images.repository';

/** How long an uploaded image may wait for its service (or the hero picture) to be saved. */
export const UNATTACHED_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes uploads that no item and no site setting claimed in time: rows first, then their
 * files. One write transaction with the settings read, so a hero picture saved meanwhile is
 * either seen here or saved after its row is gone (and then refused).
 */
export async function sweepUnattachedImages(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'images'>,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_IMAGE_TTL_MS).toISOString();
  const ids = await writeTransaction(ctx, async (trx) => {
    const kept = new Set(await imagesUsedBySiteSettings(trx, ctx.dialect));
    const unclaimed = (await unattachedImagesBefore(trx, before)).filter((id) => !kept.has(id));
    await deleteImageRows(trx, unclaimed);
    return unclaimed;
  });
  if (ids.length === 0) return 0;
  await ctx.images.remove(ids);
  return ids.length;
}
