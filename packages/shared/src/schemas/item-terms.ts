import { z } from './zod';
import { AVAILABILITY_STATUSES, LEAD_TIME_MAX_WEEKS, type LeadTimeWeeks, WARRANTY_MAX_MONTHS } from '../item-terms';

/** The messages of the availability and warranty fields, shared by the item forms and the defaults' form. */
export const TERMS_MESSAGES = {
  availability: 'Choose in stock or made to order',
  weeks: `Lead time must be a whole number of weeks from 1 to ${LEAD_TIME_MAX_WEEKS}`,
  leadTimeNeeded: 'A made-to-order item needs its lead time in weeks (from and to)',
  leadTimeOrder: 'The lead time’s first week must not be after its last',
  leadTimeOnlyMadeToOrder: 'A lead time is given only for made-to-order items',
  warranty: `Warranty must be a whole number of months from 0 to ${WARRANTY_MAX_MONTHS}`,
} as const;

/** Numbers from a form or a spreadsheet arrive as text. */
const wholeNumber = (message: string, min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value),
    z.number({ message }).int({ message }).min(min, { message }).max(max, { message }),
  );

export const availabilityStatusSchema = z.enum(AVAILABILITY_STATUSES, { message: TERMS_MESSAGES.availability });
export const leadTimeWeeksNumberSchema = wholeNumber(TERMS_MESSAGES.weeks, 1, LEAD_TIME_MAX_WEEKS);
export const warrantyMonthsSchema = wholeNumber(TERMS_MESSAGES.warranty, 0, WARRANTY_MAX_MONTHS);

/**
 * The rule every form of terms obeys: made to order names its weeks (first ≤ last), in stock none.
 * `availability` null or undefined (an item keeping its kind's default) takes no weeks either.
 */
export function checkLeadTime(
  availability: string | null | undefined,
  min: number | null | undefined,
  max: number | null | undefined,
  ctx: z.RefinementCtx,
  path: { min: PropertyKey[]; max: PropertyKey[] },
): void {
  const hasMin = min !== null && min !== undefined;
  const hasMax = max !== null && max !== undefined;
  if (availability === 'made_to_order') {
    if (!hasMin) ctx.addIssue({ code: 'custom', path: path.min, message: TERMS_MESSAGES.leadTimeNeeded });
    if (!hasMax) ctx.addIssue({ code: 'custom', path: path.max, message: TERMS_MESSAGES.leadTimeNeeded });
    if (hasMin && hasMax && min > max) {
      ctx.addIssue({ code: 'custom', path: path.max, message: TERMS_MESSAGES.leadTimeOrder });
    }
  } else if (hasMin || hasMax) {
    ctx.addIssue({
      code: 'custom',
      path: hasMin ? path.min : path.max,
      message: TERMS_MESSAGES.leadTimeOnlyMadeToOrder,
    });
  }
}

const leadTimeSchema = z
  .object({ min: leadTimeWeeksNumberSchema, max: leadTimeWeeksNumberSchema })
  .strict() satisfies z.ZodType<LeadTimeWeeks>;

/** One kind's default terms (site settings, decision 051). */
export const kindTermsSchema = z
  .object({
    availability: availabilityStatusSchema,
    leadTimeWeeks: leadTimeSchema.nullable(),
    warrantyMonths: warrantyMonthsSchema,
  })
  .strict()
  .superRefine((terms, ctx) =>
    checkLeadTime(terms.availability, terms.leadTimeWeeks?.min, terms.leadTimeWeeks?.max, ctx, {
      min: ['leadTimeWeeks', 'min'],
      max: ['leadTimeWeeks', 'max'],
    }),
  );

/** `PUT /api/site/terms` and the Delivery and warranty form: both kinds' defaults. */
export const itemTermsDefaultsInputSchema = z
  .object({
    machine: kindTermsSchema,
    spare: kindTermsSchema,
    /** The version the editor's copy was read at; an older one is refused with 409. */
    updatedAt: z.string().max(40, { message: 'updatedAt is not a valid version' }).optional(),
  })
  .strict();
export type ItemTermsDefaultsInput = z.infer<typeof itemTermsDefaultsInputSchema>;
export type ItemTermsDefaultsFormValues = z.input<typeof itemTermsDefaultsInputSchema>;
