import type { Kysely } from 'kysely';
import type { Database, ImagesTable } from '../../db/schema';
import type { ProcessedImage } from './image-pipeline';

export type ImageRow = ImagesTable;

export async function insertImages(
  db: Kysely<Database>,
  images: readonly ProcessedImage[],
  itemId: string | null,
  firstPosition: number,
  now: string,
): Promise<void> {
  if (images.length === 0) return;
  await db
    .insertInto('images')
    .values(
      images.map((image, index) => ({
        id: image.id,
        item_id: itemId,
        position: firstPosition + index,
        width: image.width,
        height: image.height,
        thumb_width: image.thumbWidth,
        thumb_height: image.thumbHeight,
        bytes: image.bytes,
        created_at: now,
      })),
    )
    .execute();
}

export async function findImages(db: Kysely<Database>, ids: readonly string[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('images').selectAll().where('id', 'in', ids).execute();
}

export async function imagesOfItem(db: Kysely<Database>, itemId: string): Promise<ImageRow[]> {
  return db.selectFrom('images').selectAll().where('item_id', '=', itemId).orderBy('position').execute();
}

/** Gives the item exactly these images, in this order. */
export async function setItemImagePositions(
  db: Kysely<Database>,
  itemId: string,
  orderedIds: readonly string[],
): Promise<void> {
  for (const [position, id] of orderedIds.entries()) {
    await db.updateTable('images').set({ item_id: itemId, position }).where('id', '=', id).execute();
  }
}

export async function deleteImageRows(db: Kysely<Database>, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('images').where('id', 'in', ids).execute();
}

/**
 * Uploads never attached to an item (a service form abandoned after uploading). A service
 * request's photos have no item either, but they belong to their request: never swept.
 */
export async function unattachedImagesBefore(db: Kysely<Database>, before: string): Promise<string[]> {
  const rows = await db
    .selectFrom('images')
    .select('id')
    .where('item_id', 'is', null)
    .where('service_request_id', 'is', null)
    .where('created_at', '<', before)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Which of these image ids something still refers to, so the orphan sweep keeps their files.
 * The one place that knows every reference: a new kind of reference to an image (a picture in
 * the site settings, say) is added here. Asked in slices to stay under SQL parameter limits.
 */
export async function imageIdsInUse(db: Kysely<Database>, ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('images')
      .select('id')
      .where('id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}
