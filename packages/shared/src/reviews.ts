// Reviews' constants and types, without zod: the landing page's entry imports them, and must not
// pull in the schema library (that loads with the form's validation, on first use).

/** Public reviews: how many one address may send in the window (decision 023). */
export const REVIEW_RATE_LIMIT = 3;
export const REVIEW_RATE_WINDOW_MS = 60 * 60 * 1000;
/** Where the review form posts when the app is not running (a plain HTML form, like the contact form). */
export const REVIEW_FORM_ACTION = '/review';

/** What a visitor is told once their review is stored (the app's form and the plain form's page). */
export const REVIEW_THANKS_TITLE = 'Thank you for your review!';
export const REVIEW_THANKS_TEXT = 'It will appear on our website after a quick check by our team.';

export const REVIEW_TEXT_MIN = 20;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_NAME_MAX = 100;
export const REVIEW_POSITION_MAX = 100;
export const REVIEW_COMPANY_MAX = 120;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** Said when a review names a machine the catalogue does not have. */
export const REVIEW_ITEM_MESSAGE = 'Please choose a machine from the list';
/** The review form's optional choice: which machine the review is about (decision 051). */
export const REVIEW_ITEM_LABEL = 'Which machine is this about?';
export const REVIEW_ITEM_NONE = 'Our company in general';

/** A machine as the review form and the admin's review card offer it: `NP-38 Capstan Lathe (NP-38)`. */
export function reviewMachineLabel(machine: { name: string; code: string | null }): string {
  return machine.code && !machine.name.includes(machine.code) ? `${machine.name} (${machine.code})` : machine.name;
}

/** A review as staff see it. */
export interface Review {
  id: string;
  rating: number;
  text: string;
  name: string;
  position: string | null;
  company: string | null;
  /** The machine it is about, counted in that machine's rating once approved; null: the company. */
  item: { id: string; name: string } | null;
  status: ReviewStatus;
  createdAt: string;
  /** Changes with every staff edit or decision; sent back as `expectedUpdatedAt`. */
  updatedAt: string;
}

/** An approved review as the public sees it: nothing but what the visitor chose to publish. */
export type PublicReview = Pick<Review, 'id' | 'rating' | 'text' | 'name' | 'position' | 'company'>;

/** `GET /api/admin/reviews`: the newest reviews (pending first) and how many there are per status. */
export interface ReviewList {
  reviews: Review[];
  counts: Record<ReviewStatus, number>;
}
/** At most this many reviews are listed at once (the pending ones first). */
export const REVIEW_LIST_LIMIT = 200;

/** The 409 answer to a decision or edit made on an outdated copy of a review. */
export const STALE_REVIEW_MESSAGE = 'This review was changed by someone else — reload to see the latest version.';
