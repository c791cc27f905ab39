import { randomUUID } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import {
  LIST_PAGE_LIMIT,
  type PublicReview,
  type Review,
  type ReviewData,
  REVIEW_LIST_LIMIT,
  REVIEW_STATUSES,
  type ReviewStatus,
} from '@capstan/shared';
import type { Database, ReviewsTable } from '../../db/schema';

type ReviewRow = ReviewsTable & { item_name: string | null };

function toReview(row: ReviewRow): Review {
  return {
    id: row.id,
    rating: Number(row.rating),
    text: row.text,
    name: row.name,
    position: row.position,
    company: row.company,
    item: row.item_id !== null && row.item_name !== null ? { id: row.item_id, name: row.item_name } : null,
    status: row.status as ReviewStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function insertReview(db: Kysely<Database>, data: ReviewData, clientIp: string): Promise<Review> {
  const now = new Date().toISOString();
  const row: ReviewsTable = {
    id: randomUUID(),
    rating: data.rating,
    text: data.text,
    name: data.name,
    position: data.position ?? null,
    company: data.company ?? null,
    status: 'pending',
    client_ip: clientIp,
    created_at: now,
    updated_at: now,
    decided_at: null,
    item_id: data.itemId ?? null,
  };
  await db.insertInto('reviews').values(row).execute();
  return toReview({ ...row, item_name: null });
}

/** The reviews with the name of the machine each is about (none: null). */
const reviewsWithItem = (db: Kysely<Database>) =>
  db
    .selectFrom('reviews')
    .leftJoin('items', 'items.id', 'reviews.item_id')
    .selectAll('reviews')
    .select('items.name as item_name');

/** Whether `id` is a machine a review may name. */
export async function isReviewableItem(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('items')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', 'machine')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The machines a review may name, by name, for the plain form's choice. Capped like a list page
 * (LIST_PAGE_LIMIT), as the app's form asks for them: a maker lists tens of models, not thousands.
 */
export async function listReviewableMachines(
  db: Kysely<Database>,
): Promise<{ id: string; name: string; code: string | null }[]> {
  return db
    .selectFrom('items')
    .select(['id', 'name', 'code'])
    .where('kind', '=', 'machine')
    .orderBy('name')
    .orderBy('id')
    .limit(LIST_PAGE_LIMIT)
    .execute();
}

/** The average stars and count of each item's approved reviews; items without any are left out. */
export async function approvedRatingsOf(
  db: Kysely<Database>,
  itemIds: readonly string[] | SelectQueryBuilder<Database, 'items', { id: string }>,
): Promise<Map<string, { average: number; count: number }>> {
  if (Array.isArray(itemIds) && itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['item_id', eb.fn.avg<number | string>('rating').as('average'), eb.fn.countAll().as('count')])
    .where('status', '=', 'approved')
    .where('item_id', 'in', itemIds as readonly string[])
    .groupBy('item_id')
    .execute();
  const ratings = new Map<string, { average: number; count: number }>();
  for (const row of rows) {
    if (row.item_id !== null) ratings.set(row.item_id, { average: Number(row.average), count: Number(row.count) });
  }
  return ratings;
}

/** The newest reviews with `status` (all: pending first), bounded. */
export async function listReviews(db: Kysely<Database>, status: ReviewStatus | undefined): Promise<Review[]> {
  let query = reviewsWithItem(db);
  if (status) query = query.where('reviews.status', '=', status);
  else query = query.orderBy((eb) => eb.case().when('reviews.status', '=', 'pending').then(0).else(1).end());
  const rows = await query
    .orderBy('reviews.created_at', 'desc')
    .orderBy('reviews.id')
    .limit(REVIEW_LIST_LIMIT)
    .execute();
  return rows.map(toReview);
}

export async function countReviewsByStatus(db: Kysely<Database>): Promise<Record<ReviewStatus, number>> {
  const rows = await db
    .selectFrom('reviews')
    .select((eb) => ['status', eb.fn.countAll().as('count')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(REVIEW_STATUSES.map((status) => [status, 0])) as Record<ReviewStatus, number>;
  for (const row of rows) {
    if ((REVIEW_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as ReviewStatus] = Number(row.count);
  }
  return counts;
}

/** Approved reviews for the landing page, oldest first: they follow the configured testimonials in order. */
export async function listApprovedReviews(db: Kysely<Database>): Promise<PublicReview[]> {
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'rating', 'text', 'name', 'position', 'company'])
    .where('status', '=', 'approved')
    .orderBy('decided_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, rating: Number(row.rating) }));
}

/** The review, row-locked on PostgreSQL for a read-then-write (SQLite's BEGIN IMMEDIATE already locks). */
export async function findReviewForUpdate(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  id: string,
): Promise<(Review & { decidedAt: string | null }) | undefined> {
  // Locked on its own: PostgreSQL refuses FOR UPDATE on the nullable side of an outer join.
  let lock = db.selectFrom('reviews').select('id').where('id', '=', id);
  if (dialect === 'postgres') lock = lock.forUpdate();
  if ((await lock.executeTakeFirst()) === undefined) return undefined;
  const row = await reviewsWithItem(db).where('reviews.id', '=', id).executeTakeFirst();
  return row && { ...toReview(row), decidedAt: row.decided_at };
}

export type ReviewChanges = Partial<
  Pick<ReviewsTable, 'rating' | 'text' | 'name' | 'position' | 'company' | 'status' | 'decided_at' | 'item_id'>
> &
  Pick<ReviewsTable, 'updated_at'>;

export async function updateReview(db: Kysely<Database>, id: string, changes: ReviewChanges): Promise<Review> {
  await db.updateTable('reviews').set(changes).where('id', '=', id).execute();
  const row = await reviewsWithItem(db).where('reviews.id', '=', id).executeTakeFirstOrThrow();
  return toReview(row);
}

/** The current revision of the public list of reviews (0 before the first change). */
export async function readReviewsRevision(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('reviews_revision').select('revision').where('id', '=', 1).executeTakeFirst();
  return row ? Number(row.revision) : 0;
}

/** Call in the transaction of every change that can alter what `GET /api/reviews` answers. */
export async function bumpReviewsRevision(trx: Kysely<Database>): Promise<void> {
  await trx
    .updateTable('reviews_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .execute();
}
