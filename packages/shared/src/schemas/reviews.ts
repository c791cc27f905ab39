import { z } from './zod';
import {
  REVIEW_COMPANY_MAX,
  REVIEW_ITEM_MESSAGE,
  REVIEW_NAME_MAX,
  REVIEW_POSITION_MAX,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_MIN,
} from '../reviews';
import { toOneLine } from '../one-line';
import { LOCALES } from '../locales';

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
  .overwrite(toOneLine)
  .trim()
  .min(1, { message: 'Please enter your name' })
  .max(REVIEW_NAME_MAX, { message: `Name must be at most ${REVIEW_NAME_MAX} characters` });

/** Optional text: blank is the same as absent and is stored as no value. */
const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string({ message: `${label} must be text` })
      .overwrite(toOneLine)
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .optional(),
  );

/** For staff corrections: blank or null clears the field, absent keeps it. */
const clearableText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .overwrite(toOneLine)
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .nullable()
    .optional();

/**
 * Worded as the contact form's (`INQUIRY_LOCALE_MESSAGE`), not imported from it: the review form's
 * validation chunk then does not carry the inquiry schema.
 */
export const REVIEW_LOCALE_MESSAGE = 'The language must be en, ta or hi';

/** The machine a review is about (decision 051); blank is a review of the company. */
const reviewItemSchema = z.uuid({ message: REVIEW_ITEM_MESSAGE });

/** `POST /api/reviews` and the landing page's review form (decision 023). */
export const reviewInputSchema = z
  .object({
    rating: ratingSchema,
    text: textSchema,
    name: nameSchema,
    position: optionalText('Position', REVIEW_POSITION_MAX),
    company: optionalText('Company', REVIEW_COMPANY_MAX),
    itemId: z.preprocess(
      (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
      reviewItemSchema.optional(),
    ),
    /**
     * The language of the page it was sent from (absent: English), as the contact form says it: the
     * form sent without JavaScript is answered in it. Not stored.
     */
    locale: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(LOCALES, { message: REVIEW_LOCALE_MESSAGE }).optional(),
    ),
  })
  .strict();
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewData = z.output<typeof reviewInputSchema>;

export const reviewListQuerySchema = z
  .object({ status: z.enum(REVIEW_STATUSES, { message: 'Status must be pending, approved or rejected' }).optional() })
  .strict();
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

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
    /** Staff may correct which machine it is about; null makes it a review of the company. */
    itemId: reviewItemSchema.nullable().optional(),
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
