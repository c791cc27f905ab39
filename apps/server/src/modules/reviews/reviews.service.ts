import { REVIEW_ITEM_MESSAGE, type Review, type ReviewUpdate, STALE_REVIEW_MESSAGE } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError, notFound } from '../../http-error';
import { type AuditSnapshot, diffSnapshots } from '../audit/audit-diff';
import { recordAudit } from '../audit/audit.service';
import { RequestValidationError } from '../../validation';
import { bumpCatalogueRevision } from '../catalogue/catalogue-revision-bump';
import { catalogueResponseCache } from '../catalogue/catalogue-response-cache';
import {
  bumpReviewsRevision,
  findReviewForUpdate,
  isReviewableItem,
  type ReviewChanges,
  updateReview,
} from './reviews.repository';
import { reviewsResponseCache } from './reviews-response-cache';

/** Now, but always later than `previous`, so the version token changes with every save. */
function nextUpdatedAt(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
}

const snapshot = (review: Review): AuditSnapshot => ({
  status: review.status,
  machine: review.item?.name ?? null,
  rating: review.rating,
  text: review.text,
  name: review.name,
  position: review.position,
  company: review.company,
});

/** Blank or null clears an optional text; absent keeps it. */
const cleared = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

/**
 * A staff decision and/or correction. The change, the public list's revision and the audit entry
 * commit together; a copy older than the stored review is refused (409).
 */
export async function moderateReview(ctx: AppContext, id: string, update: ReviewUpdate): Promise<Review> {
  let publicListChanged = false;
  let ratingChanged = false;
  const after = await writeTransaction(ctx, async (trx) => {
    const before = await findReviewForUpdate(trx, ctx.dialect, id);
    if (!before) throw notFound('Review');
    if (update.expectedUpdatedAt !== undefined && update.expectedUpdatedAt !== before.updatedAt) {
      throw new HttpError(409, STALE_REVIEW_MESSAGE);
    }
    const now = nextUpdatedAt(before.updatedAt);
    const changes: ReviewChanges = {
      updated_at: now,
      rating: update.rating,
      text: update.text,
      name: update.name,
      position: cleared(update.position),
      company: cleared(update.company),
      item_id: update.itemId,
    };
    if (update.itemId && !(await isReviewableItem(trx, update.itemId))) {
      throw new RequestValidationError([{ path: ['itemId'], message: REVIEW_ITEM_MESSAGE }]);
    }
    if (update.status !== undefined && update.status !== before.status) {
      changes.status = update.status;
      changes.decided_at = now;
    }
    const saved = await updateReview(trx, id, changes);
    // Edits to a pending or rejected review are invisible to the public: their cache stays.
    publicListChanged = before.status === 'approved' || saved.status === 'approved';
    if (publicListChanged) await bumpReviewsRevision(trx);
    // A machine's rating is its approved reviews' (decision 051): its page and JSON-LD come from the
    // catalogue's cache, which moves with the catalogue revision.
    ratingChanged =
      publicListChanged &&
      (before.item !== null || saved.item !== null) &&
      (before.status !== saved.status || before.rating !== saved.rating || before.item?.id !== saved.item?.id);
    if (ratingChanged) {
      const rated = [before.item?.id, saved.item?.id].filter((itemId): itemId is string => itemId !== undefined);
      await bumpCatalogueRevision(trx, { kind: 'machine', items: rated });
    }
    await recordAudit(trx, {
      action: 'review.update',
      target: { type: 'review', id, label: before.name },
      changes: diffSnapshots(snapshot(before), snapshot(saved)),
    });
    return saved;
  });
  if (publicListChanged) await reviewsResponseCache(ctx.db).refreshAfterWrite();
  if (ratingChanged) await catalogueResponseCache(ctx.db).refreshAfterWrite();
  return after;
}
