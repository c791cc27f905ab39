import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewList, ReviewStatus, ReviewUpdateInput } from '@capstan/shared';
import { api } from '@/lib/api-client';

export const ADMIN_REVIEWS_URL = '/api/admin/reviews';

/** One status, or every review with the pending ones first. */
export const adminReviewsQuery = (status: ReviewStatus | undefined) =>
  queryOptions({
    queryKey: [ADMIN_REVIEWS_URL, status ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<ReviewList>(status ? `${ADMIN_REVIEWS_URL}?status=${status}` : ADMIN_REVIEWS_URL, { signal }),
  });

export function useAdminReviews(status: ReviewStatus | undefined) {
  return useQuery(adminReviewsQuery(status));
}

/** For the sidebar's badge: how many reviews wait for a decision. */
/** The number of reviews waiting for a decision; not asked for (0) when the role may not manage reviews. */
export function usePendingReviewCount(enabled = true): number {
  return useQuery({ ...adminReviewsQuery('pending'), select: (list) => list.counts.pending, enabled }).data ?? 0;
}

export interface UpdateReviewInput {
  id: string;
  update: ReviewUpdateInput;
}

export function updateReview({ id, update }: UpdateReviewInput): Promise<Review> {
  return api.put<Review>(`${ADMIN_REVIEWS_URL}/${encodeURIComponent(id)}`, update);
}

/** Every list (and the counts) is read again after a decision, whether it worked or not (a 409 shows the latest). */
export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [ADMIN_REVIEWS_URL] }),
  });
}
