import { http, HttpResponse } from 'msw';
import type { ReviewList } from '@capstan/shared';

/** GET /api/admin/reviews?status=pending, which the admin sidebar reads for its Reviews badge. */
export function pendingReviewsHandler(pending = 0) {
  const list: ReviewList = { reviews: [], counts: { pending, approved: 0, rejected: 0 } };
  return http.get('/api/admin/reviews', () => HttpResponse.json(list));
}
