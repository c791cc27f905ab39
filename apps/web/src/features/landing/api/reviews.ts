import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicReview, ReviewData } from '@capstan/shared';
import { api } from '@/lib/api-client';

/** Reviews staff approved (decision 023), shown after the configured testimonials. */
export const approvedReviewsQuery = queryOptions({
  queryKey: ['/api/reviews'],
  queryFn: ({ signal }) => api.get<PublicReview[]>('/api/reviews', { signal }),
});

export function useApprovedReviews() {
  return useQuery(approvedReviewsQuery);
}

export interface CreateReviewResponse {
  id: string;
  message: string;
}

/** Stores the visitor's review as pending; staff approve it before it is shown. */
export function createReview(input: ReviewData): Promise<CreateReviewResponse> {
  return api.post<CreateReviewResponse>('/api/reviews', input);
}
