export { AdminReviews } from './components/admin-reviews';
export { usePendingReviewCount } from './api/reviews';
