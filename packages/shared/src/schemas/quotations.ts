import { z } from './zod';
import { toOneLine } from '../one-line';
import { gstinSchema, gstinStateMismatch, GSTIN_STATE_MISMATCH_MESSAGE, isGstStateCode } from '../gst/gstin';
import { hsnCodeSchema } from '../gst/hsn';
import { gstRateSchema } from '../gst/rates';

/**
 * The payloads of staff-built GST quotations (issue 39). Money travels in rupees as numbers with at
 * most two decimals, as the issue's API contract says; the server keeps and computes paise.
 */

export const QUOTATION_MAX_LINES = 100;
export const QUOTATION_QUANTITY_MAX = 99_999;
/** Ten crore rupees: no line of this maker's price list comes near it, and a typo of three extra zeros is refused. */
export const QUOTATION_RATE_MAX_RUPEES = 100_000_000;
export const QUOTATION_VALIDITY_DAYS_DEFAULT = 30;
export const QUOTATION_VALIDITY_DAYS_MAX = 365;
export const QUOTATION_UNIT_DEFAULT = 'Nos';

export const QUOTATION_NO_LINES_MESSAGE = 'Add at least one line';
export const QUOTATION_TOO_MANY_LINES_MESSAGE = `A quotation can have at most ${QUOTATION_MAX_LINES} lines`;
export const QUOTATION_QUANTITY_MESSAGE = 'Quantity must be more than 0, with at most 3 decimals';
export const QUOTATION_RATE_MESSAGE = 'Rate must be 0 or more, in rupees with at most 2 decimals';
export const QUOTATION_DISCOUNT_MESSAGE = 'Discount must be from 0 to 100 per cent, with at most 2 decimals';
export const QUOTATION_DESCRIPTION_MESSAGE = 'Describe the line, or pick an item from the catalogue';
export const QUOTATION_STATE_MESSAGE = "Choose the buyer's state (the place of supply)";
export const QUOTATION_STATE_UNKNOWN_MESSAGE = 'Choose a state from the list';
export const QUOTATION_VALIDITY_MESSAGE = `Validity must be a whole number of days from 1 to ${QUOTATION_VALIDITY_DAYS_MAX}`;

const decimals = (value: number, places: number) =>
  Math.abs(value * 10 ** places - Math.round(value * 10 ** places)) < 1e-6;

const optionalLine = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .overwrite(toOneLine)
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .optional();

const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .optional();

const rupees = (message: string) =>
  z
    .number({ message })
    .min(0, { message })
    .max(QUOTATION_RATE_MAX_RUPEES, { message })
    .refine((value) => decimals(value, 2), { message });

/** The buyer as the quotation names them; filled from the inquiry by the form, editable. */
export const quotationBuyerSchema = z
  .object({
    name: z
      .string({ message: "Buyer's name is required" })
      .overwrite(toOneLine)
      .trim()
      .min(1, { message: "Buyer's name is required" })
      .max(200, { message: "Buyer's name must be at most 200 characters" }),
    company: optionalLine('Company', 200),
    gstin: gstinSchema.optional(),
    /** The buyer's state code (GST_STATES), the place of supply; taken from the GSTIN when absent. */
    state: z
      .string({ message: QUOTATION_STATE_UNKNOWN_MESSAGE })
      .trim()
      .refine((code) => code === '' || isGstStateCode(code), { message: QUOTATION_STATE_UNKNOWN_MESSAGE })
      .optional(),
    address: optionalText('Billing address', 1000),
    email: z
      .string()
      .trim()
      .refine((value) => value === '' || z.email().safeParse(value).success, { message: 'Enter a valid email address' })
      .optional(),
    phone: optionalLine('Phone', 40),
  })
  .strict()
  .superRefine((buyer, ctx) => {
    const gstin = buyer.gstin ?? '';
    const state = buyer.state ?? '';
    if (gstin === '' && state === '')
      ctx.addIssue({ code: 'custom', path: ['state'], message: QUOTATION_STATE_MESSAGE });
    if (gstin !== '' && state !== '' && gstinStateMismatch(gstin, state)) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: GSTIN_STATE_MISMATCH_MESSAGE });
    }
  });
export type QuotationBuyerInput = z.input<typeof quotationBuyerSchema>;

/** One line: a catalogue item (its name and code are the description unless one is typed) or typed. */
export const quotationLineSchema = z
  .object({
    itemId: z.string().trim().min(1).max(100).optional(),
    description: optionalText('Description', 1000),
    hsn: hsnCodeSchema,
    quantity: z
      .number({ message: QUOTATION_QUANTITY_MESSAGE })
      .gt(0, { message: QUOTATION_QUANTITY_MESSAGE })
      .max(QUOTATION_QUANTITY_MAX, { message: QUOTATION_QUANTITY_MESSAGE })
      .refine((value) => decimals(value, 3), { message: QUOTATION_QUANTITY_MESSAGE }),
    unit: optionalLine('Unit', 20),
    rate: rupees(QUOTATION_RATE_MESSAGE),
    discountPercent: z
      .number({ message: QUOTATION_DISCOUNT_MESSAGE })
      .min(0, { message: QUOTATION_DISCOUNT_MESSAGE })
      .max(100, { message: QUOTATION_DISCOUNT_MESSAGE })
      .refine((value) => decimals(value, 2), { message: QUOTATION_DISCOUNT_MESSAGE })
      .optional(),
    gstRate: gstRateSchema,
  })
  .strict()
  .superRefine((line, ctx) => {
    if (line.itemId === undefined && (line.description ?? '') === '') {
      ctx.addIssue({ code: 'custom', path: ['description'], message: QUOTATION_DESCRIPTION_MESSAGE });
    }
  });
export type QuotationLineInput = z.input<typeof quotationLineSchema>;

/** What the quotation promises besides the prices; each optional, printed when given. */
export const quotationTermsSchema = z
  .object({
    payment: optionalText('Payment terms', 1000),
    delivery: optionalText('Delivery period', 500),
    warranty: optionalText('Warranty', 500),
    notes: optionalText('Other terms', 2000),
  })
  .strict();
export type QuotationTerms = z.output<typeof quotationTermsSchema>;

/**
 * `POST /api/inquiries/{id}/quotations` and `PUT /api/quotations/{id}` (the whole quotation: a
 * draft is replaced, a sent one gets its next revision).
 */
export const quotationInputSchema = z
  .object({
    buyer: quotationBuyerSchema,
    lines: z
      .array(quotationLineSchema, { message: QUOTATION_NO_LINES_MESSAGE })
      .min(1, { message: QUOTATION_NO_LINES_MESSAGE })
      .max(QUOTATION_MAX_LINES, { message: QUOTATION_TOO_MANY_LINES_MESSAGE }),
    freight: rupees('Freight must be 0 or more, in rupees with at most 2 decimals').optional(),
    packing: rupees('Packing must be 0 or more, in rupees with at most 2 decimals').optional(),
    validityDays: z
      .number({ message: QUOTATION_VALIDITY_MESSAGE })
      .int({ message: QUOTATION_VALIDITY_MESSAGE })
      .min(1, { message: QUOTATION_VALIDITY_MESSAGE })
      .max(QUOTATION_VALIDITY_DAYS_MAX, { message: QUOTATION_VALIDITY_MESSAGE })
      .optional(),
    terms: quotationTermsSchema.optional(),
  })
  .strict();
export type QuotationInput = z.input<typeof quotationInputSchema>;
export type QuotationData = z.output<typeof quotationInputSchema>;

export const QUOTATION_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'accepted',
  'changes_requested',
  'expired',
  'superseded',
] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];

/** Quotations in one answer of the list when the call names no `pageSize`, and the most it may ask for. */
export const QUOTATION_LIST_PAGE_SIZE = 50;
export const QUOTATION_LIST_PAGE_SIZE_MAX = 100;

/**
 * `GET /api/quotations`: those of one inquiry, or of one status, newest first, a page at a time
 * (decision 010: the answer stays an array, the count of all that match is in X-Total-Count).
 */
export const quotationListQuerySchema = z
  .object({
    inquiryId: z.uuid({ message: 'Invalid id' }).optional(),
    status: z.enum(QUOTATION_STATUSES).optional(),
    // Text from a query string, or a number from code that builds one (the web's QuotationListParams).
    page: z.coerce.number<number | string>().int().min(1).default(1),
    pageSize: z.coerce
      .number<number | string>()
      .int()
      .min(1)
      .max(QUOTATION_LIST_PAGE_SIZE_MAX)
      .default(QUOTATION_LIST_PAGE_SIZE),
  })
  .strict();
/** The query as read: page and pageSize always there. */
export type QuotationListQuery = z.infer<typeof quotationListQuerySchema>;
/** What a caller may send: page and pageSize may be left out for their defaults. */
export type QuotationListParams = z.input<typeof quotationListQuerySchema>;

/** The buyer's Accept form (no account: the link's token is the permission). */
export const quotationAcceptSchema = z
  .object({
    name: z
      .string({ message: 'Your name is required' })
      .overwrite(toOneLine)
      .trim()
      .min(1, { message: 'Your name is required' })
      .max(200, { message: 'Your name must be at most 200 characters' }),
    purchaseOrder: optionalLine('Purchase order number', 60),
  })
  .strict();
export type QuotationAccept = z.output<typeof quotationAcceptSchema>;

/** The buyer's Ask for changes form. */
export const quotationChangesSchema = z
  .object({
    message: z
      .string({ message: 'Write what should change' })
      .trim()
      .min(1, { message: 'Write what should change' })
      .max(5000, { message: 'A message is at most 5,000 characters' }),
  })
  .strict();
export type QuotationChanges = z.output<typeof quotationChangesSchema>;

const exportDay = (label: string) =>
  z
    .string({ message: `${label} must be a date as YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be a date as YYYY-MM-DD` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), {
      message: `${label} must be a date as YYYY-MM-DD`,
    })
    .optional()
    .or(z.literal('').transform(() => undefined));

/**
 * `GET /api/quotations/export.csv` and `.xlsx`: the accepted quotations, accepted between two
 * calendar days (India's), both included; either end may be left open.
 */
export const quotationExportQuerySchema = z
  .object({ from: exportDay('From'), to: exportDay('To') })
  .strict()
  .superRefine((range, ctx) => {
    if (range.from && range.to && range.from > range.to) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
    }
  });
export type QuotationExportQuery = z.infer<typeof quotationExportQuerySchema>;
