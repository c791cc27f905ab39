/**
 * The payloads of issue 40 (installed machines, AMC contracts, service requests, My machine), one
 * schema each, shared by the forms and the routes. Refusals are English sentences that are also
 * their codes: the web app's validation catalogues say them in Tamil and Hindi (decision 071).
 */
import { z } from './zod';
import { toOneLine } from '../one-line';
import { LOCALES } from '../locales';
import { gstinSchema, isGstStateCode, GSTIN_STATE_MISMATCH_MESSAGE, gstinStateMismatch } from '../gst/gstin';
import { importSummarySchema } from '../catalogue-import';
import {
  INSTALLATION_IMPORT_KIND,
  MAX_WARRANTY_MONTHS,
  MY_MACHINE_CODE_LENGTH,
  normalizeSerial,
  SERIAL_MAX_LENGTH,
  SERIAL_MESSAGE,
  SERIAL_PATTERN,
  SERVICE_PHOTO_NOT_KEPT_MESSAGE,
  SERVICE_PHOTO_TWICE_MESSAGE,
  SERVICE_REFERENCE_PATTERN,
  SERVICE_REQUEST_MAX_PHOTOS,
  SERVICE_REQUEST_STATUSES,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
} from '../installed-base';

export const PHONE_MESSAGE = 'Enter a valid phone number';
export const EMAIL_MESSAGE = 'Enter a valid email address';
export const STATE_UNKNOWN_MESSAGE = 'Choose a state from the list';
export const SERVICE_REPORT_REQUIRED_MESSAGE = 'Write the report (work done) to close the request';
export const AMC_DATES_MESSAGE = 'The contract must end after it starts';
export const WARRANTY_MONTHS_MESSAGE = `Warranty must be a whole number of months from 0 to ${MAX_WARRANTY_MONTHS}`;
export const MY_MACHINE_CODE_FORMAT_MESSAGE = `Enter the ${MY_MACHINE_CODE_LENGTH}-digit code from the email`;

const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const emptyToNull = (value: unknown) => (value === '' ? null : value);

const requiredLine = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .overwrite(toOneLine)
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` });

/** An optional one-line text: absent keeps what is stored (updates), '' or null clears it. */
const optionalLine = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${label} must be text` })
      .overwrite(toOneLine)
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .nullable()
      .optional(),
  );

const optionalText = (label: string, max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: `${label} must be text` })
      .trim()
      .max(max, { message: `${label} must be at most ${max} characters` })
      .nullable()
      .optional(),
  );

const date = (label: string) => z.iso.date({ message: `${label} must be a date (YYYY-MM-DD)` });
const optionalDate = (label: string) => z.preprocess(emptyToNull, date(label).nullable().optional());

export const serialSchema = z
  .string({ message: 'Serial number is required' })
  .transform(normalizeSerial)
  .pipe(
    z
      .string()
      .min(1, { message: 'Serial number is required' })
      .max(SERIAL_MAX_LENGTH, { message: `Serial number must be at most ${SERIAL_MAX_LENGTH} characters` })
      .regex(SERIAL_PATTERN, { message: SERIAL_MESSAGE }),
  );

export const phoneSchema = requiredLine('Phone', 40).regex(/^[0-9+()\-.\s]{6,40}$/, { message: PHONE_MESSAGE });

const optionalEmail = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(254, { message: EMAIL_MESSAGE })
    .pipe(z.email({ message: EMAIL_MESSAGE }))
    .nullable()
    .optional(),
);

const optionalState = z.preprocess(
  emptyToNull,
  z
    .string({ message: STATE_UNKNOWN_MESSAGE })
    .refine((code) => isGstStateCode(code), { message: STATE_UNKNOWN_MESSAGE })
    .nullable()
    .optional(),
);

export const installationCustomerSchema = z
  .object({
    company: requiredLine('Company', 200),
    contactName: requiredLine('Contact person', 200),
    phone: phoneSchema,
    email: optionalEmail,
    gstin: z.preprocess(emptyToNull, gstinSchema.nullable().optional()),
    state: optionalState,
    address: optionalText('Site address', 1000),
    /** The language the customer's emails are written in (absent: English on create, kept on update). */
    language: z.enum(LOCALES, { message: 'The language must be en, ta or hi' }).optional(),
  })
  .strict()
  .superRefine((customer, context) => {
    if (customer.gstin && customer.state && gstinStateMismatch(customer.gstin, customer.state)) {
      context.addIssue({ code: 'custom', path: ['state'], message: GSTIN_STATE_MISMATCH_MESSAGE });
    }
  });

const installationFields = {
  serial: serialSchema,
  /** The model: a machine of the catalogue (the server checks that it is one). */
  machineId: z.uuid({ message: 'Choose the model from the catalogue' }),
  customer: installationCustomerSchema,
  invoiceNumber: optionalLine('Invoice number', 60),
  invoiceDate: optionalDate('Invoice date'),
  commissionedOn: date('Commissioning date'),
  /** Absent on create: the default of Site → Company. */
  warrantyMonths: z.preprocess(
    emptyToUndefined,
    z
      .number({ message: WARRANTY_MONTHS_MESSAGE })
      .int({ message: WARRANTY_MONTHS_MESSAGE })
      .min(0, { message: WARRANTY_MONTHS_MESSAGE })
      .max(MAX_WARRANTY_MONTHS, { message: WARRANTY_MONTHS_MESSAGE })
      .optional(),
  ),
  controlMake: optionalLine('Control make', 60),
  notes: optionalText('Notes', 5000),
};

/** `POST /api/installations`. */
export const installationInputSchema = z.object(installationFields).strict();
export type InstallationInput = z.output<typeof installationInputSchema>;
export type InstallationFormValues = z.input<typeof installationInputSchema>;

/**
 * `PUT /api/installations/{id}`: the same fields, each optional; a field left out keeps its value,
 * a customer field left out keeps its value too ('' or null clears an optional one).
 */
export const installationUpdateSchema = z
  .object({
    ...installationFields,
    serial: serialSchema.optional(),
    machineId: installationFields.machineId.optional(),
    customer: z
      .object({
        company: requiredLine('Company', 200).optional(),
        contactName: requiredLine('Contact person', 200).optional(),
        phone: phoneSchema.optional(),
        email: optionalEmail,
        gstin: z.preprocess(emptyToNull, gstinSchema.nullable().optional()),
        state: optionalState,
        address: optionalText('Site address', 1000),
        language: z.enum(LOCALES, { message: 'The language must be en, ta or hi' }).optional(),
      })
      .strict()
      .optional(),
    commissionedOn: installationFields.commissionedOn.optional(),
  })
  .strict();
export type InstallationUpdate = z.output<typeof installationUpdateSchema>;

/**
 * `POST /api/installations/import` (every mode) answers the catalogue importer's summary for a file
 * of installed machines (keyed by serial: `changes[].code` is the serial, `name` the company), as
 * plain JSON. After `valid-rows`, `rejectedCsv` holds the rows left out (the file's columns and an
 * `errors` column, as the catalogue import's), absent when every row was imported.
 */
export const installationImportSummarySchema = importSummarySchema.extend({
  kind: z.literal(INSTALLATION_IMPORT_KIND),
  rejectedCsv: z.string().optional(),
});
export type InstallationImportSummary = z.infer<typeof installationImportSummarySchema>;

export const installationListQuerySchema = z
  .object({
    /** Serial, company, contact, phone or model. */
    q: z.string().trim().max(200).optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type InstallationListQuery = z.output<typeof installationListQuerySchema>;

const quantitySchema = z
  .number({ message: 'Quantity must be a number more than 0' })
  .positive({ message: 'Quantity must be a number more than 0' })
  .max(99_999, { message: 'Quantity must be a number more than 0' });

export const partUsedSchema = z
  .object({
    itemId: z.preprocess(emptyToNull, z.uuid({ message: 'Invalid id' }).nullable().optional()),
    description: requiredLine('Part', 200),
    quantity: quantitySchema,
  })
  .strict();
export type PartUsedInput = z.output<typeof partUsedSchema>;
const partsUsedSchema = z.array(partUsedSchema).max(50, { message: 'At most 50 parts' });

const rupeesValue = z.preprocess(
  emptyToNull,
  z
    .number({ message: 'Value must be an amount in rupees' })
    .min(0, { message: 'Value must be an amount in rupees' })
    .max(100_000_000, { message: 'Value must be an amount in rupees' })
    .nullable()
    .optional(),
);

/** `POST /api/installations/{id}/amc` and `PUT /api/amc/{id}` (fields left out are kept on update). */
export const amcContractInputSchema = z
  .object({
    startsOn: date('Start date'),
    endsOn: date('End date'),
    visitsIncluded: z
      .number({ message: 'Visits included must be a whole number from 0 to 52' })
      .int({ message: 'Visits included must be a whole number from 0 to 52' })
      .min(0, { message: 'Visits included must be a whole number from 0 to 52' })
      .max(52, { message: 'Visits included must be a whole number from 0 to 52' }),
    value: rupeesValue,
    notes: optionalText('Notes', 2000),
  })
  .strict()
  .refine((contract) => contract.endsOn > contract.startsOn, { path: ['endsOn'], message: AMC_DATES_MESSAGE });
export type AmcContractInput = z.output<typeof amcContractInputSchema>;

/** `POST /api/amc/{id}/visits`. */
export const amcVisitInputSchema = z
  .object({
    visitedOn: date('Visit date'),
    /** A staff account; or engineerName alone for someone outside the back office. */
    engineerId: z.preprocess(emptyToNull, z.uuid({ message: 'Invalid id' }).nullable().optional()),
    engineerName: optionalLine('Engineer', 200),
    notes: optionalText('Notes', 2000),
    partsUsed: partsUsedSchema.default([]),
  })
  .strict()
  .refine((visit) => Boolean(visit.engineerId) || Boolean(visit.engineerName), {
    path: ['engineerName'],
    message: 'Engineer is required',
  });
export type AmcVisitInput = z.output<typeof amcVisitInputSchema>;

/** `photoIds`: a JSON array, or a multipart field of comma-separated ids (absent or '' is none). */
const photoIdList = (value: unknown) => {
  if (value === '' || value === null) return undefined;
  if (typeof value !== 'string') return value;
  return value
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
};

/**
 * Photos uploaded ahead (SERVICE_PHOTOS_URL), in their order. The server also counts them with any
 * photo files sent in the same body, and refuses an id that no unattached upload has.
 */
const photoIdsSchema = z.preprocess(
  photoIdList,
  z
    .array(z.uuid({ message: SERVICE_PHOTO_NOT_KEPT_MESSAGE }), { message: SERVICE_PHOTO_NOT_KEPT_MESSAGE })
    .max(SERVICE_REQUEST_MAX_PHOTOS, { message: SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE })
    .refine((ids) => new Set(ids).size === ids.length, { message: SERVICE_PHOTO_TWICE_MESSAGE })
    .optional(),
);

/**
 * `POST /api/service-requests` (public) and the `/service` form. In a multipart body every value
 * is text: `machineDown` is then `on`/`true`/`1`, `photoIds` comma-separated ids.
 */
export const serviceRequestInputSchema = z
  .object({
    serial: serialSchema,
    phone: phoneSchema,
    name: requiredLine('Name', 200),
    email: optionalEmail,
    symptom: z
      .string({ message: 'Describe what is wrong' })
      .trim()
      .min(1, { message: 'Describe what is wrong' })
      .max(5000, { message: 'What is wrong must be at most 5000 characters' }),
    machineDown: z.preprocess(
      (value) => (typeof value === 'string' ? ['on', 'true', '1', 'yes'].includes(value) : value),
      z.boolean({ message: 'Machine down must be yes or no' }).optional(),
    ),
    preferredDate: optionalDate('Preferred date'),
    /** The language of the page it was sent from: the buyer is answered in it. */
    locale: z.preprocess(
      emptyToUndefined,
      z.enum(LOCALES, { message: 'The language must be en, ta or hi' }).optional(),
    ),
    photoIds: photoIdsSchema,
  })
  .strict();
export type ServiceRequestInput = z.output<typeof serviceRequestInputSchema>;
export type ServiceRequestFormValues = z.input<typeof serviceRequestInputSchema>;

export const serviceReportSchema = z
  .object({
    workDone: z
      .string({ message: SERVICE_REPORT_REQUIRED_MESSAGE })
      .trim()
      .min(1, { message: SERVICE_REPORT_REQUIRED_MESSAGE })
      .max(5000, { message: 'Work done must be at most 5000 characters' }),
    partsUsed: partsUsedSchema.default([]),
    hours: z.preprocess(
      emptyToNull,
      z
        .number({ message: 'Time spent must be hours from 0 to 500' })
        .min(0, { message: 'Time spent must be hours from 0 to 500' })
        .max(500, { message: 'Time spent must be hours from 0 to 500' })
        .nullable()
        .optional(),
    ),
  })
  .strict();
export type ServiceReportInput = z.output<typeof serviceReportSchema>;

/**
 * `PUT /api/service-requests/{id}`: fields left out are kept. `installationId` matches an
 * unregistered request to a machine of the register. Closing needs a report.
 */
export const serviceRequestUpdateSchema = z
  .object({
    status: z.enum(SERVICE_REQUEST_STATUSES, { message: 'Unknown status' }).optional(),
    assigneeId: z.preprocess(emptyToNull, z.uuid({ message: 'Invalid id' }).nullable().optional()),
    visitOn: optionalDate('Visit date'),
    installationId: z.preprocess(emptyToNull, z.uuid({ message: 'Invalid id' }).nullable().optional()),
    report: serviceReportSchema.optional(),
  })
  .strict()
  .refine((update) => update.status !== 'closed' || update.report !== undefined, {
    path: ['report', 'workDone'],
    message: SERVICE_REPORT_REQUIRED_MESSAGE,
  });
export type ServiceRequestUpdate = z.output<typeof serviceRequestUpdateSchema>;

export const serviceRequestListQuerySchema = z
  .object({
    status: z.enum([...SERVICE_REQUEST_STATUSES, 'open'] as const).optional(),
    /** Only the overdue ones (the dashboard). */
    overdue: z.enum(['1', 'true']).optional(),
    /** Reference, serial, name, phone or model. */
    q: z.string().trim().max(200).optional(),
    assigneeId: z.uuid().optional(),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ServiceRequestListQuery = z.output<typeof serviceRequestListQuerySchema>;

export const serviceReferenceSchema = z.string().regex(SERVICE_REFERENCE_PATTERN, { message: 'Unknown reference' });

/** `POST /api/my-machine/code`. */
export const myMachineCodeRequestSchema = z
  .object({
    serial: serialSchema,
    phone: phoneSchema,
    locale: z.preprocess(
      emptyToUndefined,
      z.enum(LOCALES, { message: 'The language must be en, ta or hi' }).optional(),
    ),
  })
  .strict();
export type MyMachineCodeRequest = z.output<typeof myMachineCodeRequestSchema>;

/** `POST /api/my-machine/session`. */
export const myMachineSessionRequestSchema = z
  .object({
    serial: serialSchema,
    phone: phoneSchema,
    code: z
      .string({ message: MY_MACHINE_CODE_FORMAT_MESSAGE })
      .trim()
      .regex(new RegExp(`^\\d{${MY_MACHINE_CODE_LENGTH}}$`), { message: MY_MACHINE_CODE_FORMAT_MESSAGE }),
  })
  .strict();
export type MyMachineSessionRequest = z.output<typeof myMachineSessionRequestSchema>;
