import { IMPORT_KIND_LABELS, type ImportKind, type PicturesImportResult } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { recordAudit } from '../audit/audit.service';
import { bumpCatalogueRevision } from '../catalogue/catalogue-revision-bump';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import { nameRefusedFile, processImages } from '../images/image-pipeline';
import { discardImages } from '../images/image-store';
import { deleteImageRows, imagesOfItem, insertImages } from '../images/images.repository';
import { ITEM_KIND_OF } from './import-plan';
import { listCodedItems, lockItemsForImport, touchItems } from './import.repository';
import { unpackPictures } from './pictures-zip';

/**
 * Sets the pictures of the items a ZIP names (decision 034): each named item's pictures become
 * the ZIP's, in number order; items it does not name keep theirs. Every picture goes through the
 * image pipeline with its limits and refusals; any refusal, and nothing changes.
 */
export async function importPictures(
  ctx: AppContext,
  kind: ImportKind,
  zipFile: string,
  fileName: string,
): Promise<PicturesImportResult> {
  const itemKind = ITEM_KIND_OF[kind];
  const coded = await listCodedItems(ctx.db, itemKind);
  const itemByCode = new Map(coded.map((item) => [item.code.trim().toLowerCase(), item.id]));
  const pictures = await unpackPictures(ctx.images, zipFile, itemByCode, IMPORT_KIND_LABELS[kind].one);
  const temps = pictures.map((picture) => picture.tempFile);
  try {
    const processed = await processImages(ctx.images, temps).catch((error: unknown) => {
      throw nameRefusedFile(
        error,
        pictures.map((picture) => picture.name),
      );
    });
    const itemIds = [...new Set(pictures.map((picture) => picture.itemId))];
    let removed: string[];
    try {
      removed = await writeTransaction(ctx, async (trx) => {
        await lockItemsForImport(trx, ctx.dialect);
        const now = new Date().toISOString();
        const dropped: string[] = [];
        for (const itemId of itemIds) {
          const old = (await imagesOfItem(trx, itemId)).map((image) => image.id);
          await deleteImageRows(trx, old);
          dropped.push(...old);
          const mine = processed.filter((_, index) => pictures[index]?.itemId === itemId);
          await insertImages(trx, mine, itemId, 0, now);
        }
        await touchItems(trx, itemIds, now);
        await bumpCatalogueRevision(trx, { kind: ITEM_KIND_OF[kind], items: itemIds });
        await recordAudit(trx, {
          action: 'catalogue.pictures',
          target: null,
          changes: {
            file: { before: null, after: fileName },
            kind: { before: null, after: kind },
            items: { before: null, after: itemIds.length },
            pictures: { before: null, after: processed.length },
          },
        });
        return dropped;
      });
    } catch (error) {
      await discardImages(
        ctx.images,
        processed.map((image) => image.id),
      );
      throw error;
    } finally {
      await catalogueResponseCache(ctx.db).refreshAfterWrite();
    }
    // Files go only after the commit: a rolled-back import must still find the old pictures.
    await discardImages(ctx.images, removed);
    return { kind, items: itemIds.length, pictures: processed.length };
  } finally {
    await ctx.images.temp.remove(temps);
  }
}
