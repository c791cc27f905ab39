import { z } from './zod';
import { CONTACT_SERVICE_UNKNOWN_MESSAGE } from '../contact-services';
import { toOneLine } from '../one-line';
import { indianToday } from '../india-time';
import { LOCALES } from '../locales';
import { inquiryItemsSchema } from '../quote-list';

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .overwrite(toOneLine)
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max);

export const INQUIRY_LOCALE_MESSAGE = 'The language must be en, ta or hi';

export const inquiryInputSchema = z
  .object({
    firstName: required('First name', 100),
    lastName: required('Last name', 100),
    email: z
      .string()
      .overwrite(toOneLine)
      .trim()
      .pipe(z.email({ message: 'Enter a valid email address' }))
      .pipe(z.string().max(254)),
    phone: required('Phone', 40).regex(/^[0-9+()\-.\s]{6,40}$/, { message: 'Enter a valid phone number' }),
    // SPEC §5: the service choice is not required. Which values are offered follows the machine
    // categories, so the server checks it against the current list (contactServiceOptions).
    service: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().max(100, { message: CONTACT_SERVICE_UNKNOWN_MESSAGE }).optional(),
    ),
    // The one field of several lines: its line breaks are the buyer's own.
    message: z.string({ message: 'Message is required' }).trim().min(1, { message: 'Message is required' }).max(5000),
    /** The item a Request Quote link named, when the visitor came from one. */
    product: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().overwrite(toOneLine).trim().max(200).optional(),
    ),
    /** The language of the page it was sent from: the buyer is answered in it (absent: English). */
    locale: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(LOCALES, { message: INQUIRY_LOCALE_MESSAGE }).optional(),
    ),
    /** The buyer's quote list (issue 39): 1-50 catalogue items with quantities; which ids exist the server checks. */
    items: inquiryItemsSchema.optional(),
  })
  .strict();
export type InquiryInput = z.input<typeof inquiryInputSchema>;
export type InquiryData = z.output<typeof inquiryInputSchema>;

/**
 * Staff move an inquiry along: new → contacted → quoted → closed. It is `won` once the buyer
 * accepts its quotation (issue 39); staff may set it by hand too (an order by phone).
 */
export const INQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'won', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const inquiryStatusUpdateSchema = z.object({ status: z.enum(INQUIRY_STATUSES) }).strict();
export type InquiryStatusUpdate = z.infer<typeof inquiryStatusUpdateSchema>;

/** Statuses an inquiry is finished in: a past follow-up day no longer makes it overdue. */
export const INQUIRY_DONE_STATUSES: readonly InquiryStatus[] = ['won', 'closed'];

export const INQUIRY_NOTE_MAX = 2000;

/** `POST /api/inquiries/{id}/notes` and the inbox's add-note form. */
export const inquiryNoteInputSchema = z
  .object({
    text: z
      .string({ message: 'Write a note' })
      .trim()
      .min(1, { message: 'Write a note' })
      .max(INQUIRY_NOTE_MAX, { message: 'A note is at most 2,000 characters' }),
  })
  .strict();
export type InquiryNoteInput = z.input<typeof inquiryNoteInputSchema>;

/**
 * `PUT /api/inquiries/{id}`: any of status, who looks after it (a staff account's id, or null for
 * nobody) and the day to follow it up (YYYY-MM-DD, or null for none). Fields not sent are kept
 * (decision 011).
 */
export const inquiryUpdateSchema = z
  .object({
    status: z.enum(INQUIRY_STATUSES).optional(),
    assigneeId: z.string().trim().min(1, { message: 'Choose a staff member' }).max(100).nullable().optional(),
    followUpOn: z.iso.date({ message: 'Follow-up must be a date (YYYY-MM-DD)' }).nullable().optional(),
  })
  .strict()
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: 'Send a status, an assignee or a follow-up date',
  });
export type InquiryUpdate = z.output<typeof inquiryUpdateSchema>;

/** Follow-up day before today (India) and not finished. */
export function isInquiryOverdue(
  inquiry: { status: InquiryStatus; followUpOn: string | null },
  today: string = indianToday(),
): boolean {
  return inquiry.followUpOn !== null && inquiry.followUpOn < today && !INQUIRY_DONE_STATUSES.includes(inquiry.status);
}

/** `GET /api/admin/outbox`: every message, or those about one inquiry. */
export const outboxQuerySchema = z.object({ inquiryId: z.uuid({ message: 'Invalid id' }).optional() }).strict();
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

const day = (label: string) =>
  z.iso
    .date({ message: `${label} must be a date (YYYY-MM-DD)` })
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * `GET /api/inquiries` and its CSV export: search over name, email, phone, message, product,
 * reference and the requested items' names and codes; one status; received between two calendar
 * days (India's), both included.
 */
export const inquiryListQuerySchema = z
  .object({
    q: z.string().trim().max(200, { message: 'Search at most 200 characters' }).optional(),
    status: z
      .enum(INQUIRY_STATUSES)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    from: day('From'),
    to: day('To'),
    /** `me` (the signed-in account), a staff account's id, or `none` (nobody looks after it). */
    assignee: z
      .string()
      .trim()
      .max(100)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** `true`: only inquiries whose follow-up day has passed and that are not closed. */
    overdue: z.stringbool({ truthy: ['true'], falsy: ['false'], message: 'Overdue is true or false' }).optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The start date must be on or before the end date',
    path: ['to'],
  });
export type InquiryListQuery = z.output<typeof inquiryListQuerySchema>;
