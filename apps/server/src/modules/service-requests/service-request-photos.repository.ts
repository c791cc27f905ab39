import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Gives the request one photo uploaded ahead, at `position`: only an image row of no item and no
 * request, uploaded at or after `uploadedSince`. False when no such row has that id. The
 * conditions are the update's own, so of two requests naming the same photo at once one gets it
 * (on PostgreSQL the second update waits for the first and then no longer matches).
 */
export async function attachUploadedPhoto(
  db: Kysely<Database>,
  requestId: string,
  imageId: string,
  position: number,
  uploadedSince: string,
): Promise<boolean> {
  const result = await db
    .updateTable('images')
    .set({ service_request_id: requestId, position })
    .where('id', '=', imageId)
    .where('item_id', 'is', null)
    .where('service_request_id', 'is', null)
    .where('created_at', '>=', uploadedSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
