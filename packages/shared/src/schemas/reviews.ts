import { z } from './zod';

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

/** A plain HTML form sends the rating as text ("4"); the app sends a number. */
const ratingSchema = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ message: 'Please choose a rating from 1 to 5 stars' })
    .int({ message: 'Please choose a rating from 1 to 5 stars' })
    .min(1, { message: 'Please choose a rating from 1 to 5 stars' })
    .max(5, { message: 'Please choose a rating from 1 to 5 stars' }),
);

const textSchema = z
  .string({ message: 'Please tell us about your experience' })
  .trim()
  .min(1, { message: 'Please tell us about your experience' })
  .min(REVIEW_TEXT_MIN, { message: `Please write at least ${REVIEW_TEXT_MIN} characters` })
  .max(REVIEW_TEXT_MAX, {
    message: `Please keep your review within ${REVIEW_TEXT_MAX.toLocaleString('en-IN')} characters`,
  });

const nameSchema = z
  .string({ message: 'Please enter your name' })
  .trim()
  .min(1, { message: 'Please enter your name' })
  .max(REVIEW_NAME_MAX, { message: `Name must be at most ${REVIEW_NAME_MAX} characters` });

/** Optional text: blank is the same as absent and is stored as no value. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .optional(),
  );

/** For staff corrections: blank or null clears the field, absent keeps it. */
const clearableText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullable()
    .optional();

/** `POST /api/reviews` and the landing page's review form (issue 17 §3). */
export const reviewInputSchema = z
  .object({
    rating: ratingSchema,
    text: textSchema,
    name: nameSchema,
    position: optionalText('Position', REVIEW_POSITION_MAX),
    company: optionalText('Company', REVIEW_COMPANY_MAX),
  })
  .strict();
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewData = z.output<typeof reviewInputSchema>;

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** A review as staff see it. */
export interface Review {
  id: string;
  rating: number;
  text: string;
  name: string;
  position: string | null;
  company: string | null;
  status: ReviewStatus;
  createdAt: string;
  /** Changes with every staff edit or decision; sent back as `expectedUpdatedAt`. */
  updatedAt: string;
}

/** An approved review as the public sees it: nothing but what the visitor chose to publish. */
export type PublicReview = Pick<Review, 'id' | 'rating' | 'text' | 'name' | 'position' | 'company'>;

export const reviewListQuerySchema = z
  .object({ status: z.enum(REVIEW_STATUSES, { message: 'Status must be pending, approved or rejected' }).optional() })
  .strict();
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** `GET /api/admin/reviews`: the newest reviews (pending first) and how many there are per status. */
export interface ReviewList {
  reviews: Review[];
  counts: Record<ReviewStatus, number>;
}
/** At most this many reviews are listed at once (the pending ones first). */
export const REVIEW_LIST_LIMIT = 200;

/**
 * `PUT /api/admin/reviews/{id}`: a decision and/or corrections. Absent fields keep their value;
 * blank position or company clears it.
 */
export const reviewUpdateSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { message: 'Status must be approved or rejected' }).optional(),
    rating: ratingSchema.optional(),
    text: textSchema.optional(),
    name: nameSchema.optional(),
    position: clearableText('Position', REVIEW_POSITION_MAX),
    company: clearableText('Company', REVIEW_COMPANY_MAX),
    /** The review's `updatedAt` as the screen loaded it; an older copy is refused with 409. */
    expectedUpdatedAt: z.string().trim().max(40, { message: 'expectedUpdatedAt is not a valid version' }).optional(),
  })
  .strict()
  .refine(
    (update) => Object.entries(update).some(([field, value]) => field !== 'expectedUpdatedAt' && value !== undefined),
    { message: 'Nothing to change' },
  );
export type ReviewUpdateInput = z.input<typeof reviewUpdateSchema>;
export type ReviewUpdate = z.output<typeof reviewUpdateSchema>;

/** The 409 answer to a decision or edit made on an outdated copy of a review. */
export const STALE_REVIEW_MESSAGE = 'This review was changed by someone else — reload to see the latest version.';
