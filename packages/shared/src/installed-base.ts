/**
 * After the sale (issue 40): installed machines, their AMC contracts and visits, service requests
 * and the buyer's "My machine" view. The answers of the API, shared by the server and the web app;
 * the payloads are in `schemas/installed-base.ts`.
 */
import type { GstStateCode } from './gst/gstin';
import type { Locale } from './locales';
import { LOGIN_FAILURE_WINDOW_MS } from './constants';

/** A machine's serial number: letters, digits, `-` and `/`, kept in capitals so a lookup ignores case. */
export const SERIAL_MAX_LENGTH = 40;
export const SERIAL_PATTERN = /^[A-Z0-9][A-Z0-9/-]*$/;
export const SERIAL_MESSAGE = 'A serial number has letters, digits, - and / only';

/** A serial as typed → as kept: trimmed, capitals, inner spaces dropped ("kpm 2201/7" → "KPM2201/7"). */
export const normalizeSerial = (value: string): string => value.trim().toUpperCase().replace(/\s+/g, '');

/**
 * The digits a phone number is matched and searched by: its last ten (an Indian mobile number
 * without +91 or a leading 0), so "+91 98430 12345", "098430 12345" and "9843012345" are one number.
 */
export const phoneDigits = (value: string): string => value.replace(/\D/g, '').slice(-10);

/** `GET` answers what the register's form needs from the settings (Site → Company). */
export const INSTALLATION_SETTINGS_URL = '/api/installations/settings';
export interface InstallationSettings {
  /** The warranty a machine registered without one gets. */
  warrantyMonthsDefault: number;
}

/** Warranty months when staff give none (Site → Company may say otherwise). */
export const DEFAULT_WARRANTY_MONTHS = 24;
export const MAX_WARRANTY_MONTHS = 120;

/** The calendar day (YYYY-MM-DD) `months` after `day`, clamped to the month's end (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The last day of the warranty: `months` after commissioning, less a day (24 months from 2026-04-10 end on 2028-04-09). */
export function warrantyEndsOn(commissionedOn: string, months: number): string {
  const end = new Date(`${addMonths(commissionedOn, months)}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

export const CONTROL_MAKES = ['Fanuc', 'Siemens', 'Mitsubishi', 'Heidenhain', 'Haas', 'Other', 'None'] as const;

export interface InstallationCustomer {
  company: string;
  contactName: string;
  phone: string;
  email: string | null;
  gstin: string | null;
  state: GstStateCode | null;
  address: string | null;
  /** The language emails to this customer are written in. */
  language: Locale;
}

/** An installed machine as staff read it (`GET /api/installations/{id}`, and each row of the list). */
export interface Installation {
  id: string;
  serial: string;
  machineId: string;
  /** The model's name: the catalogue's, or as it was when last saved if the machine has left the catalogue. */
  model: string;
  customer: InstallationCustomer;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  commissionedOn: string;
  warrantyMonths: number;
  warrantyEndsOn: string;
  controlMake: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The current contract (or the latest one), so a row of the list says whether the machine is
   * under AMC; null when it never had one. Absent where the answer does not carry it.
   */
  amc?: { status: AmcStatus; endsOn: string; visitsLeft: number } | null;
}

export interface InstallationListResponse {
  installations: Installation[];
  total: number;
  page: number;
  pageSize: number;
}

/** A part used on a visit or a service call: from the catalogue (itemId) or written out. */
export interface PartUsed {
  itemId: string | null;
  description: string;
  quantity: number;
}

export interface AmcVisit {
  id: string;
  contractId: string;
  visitedOn: string;
  engineerId: string | null;
  engineerName: string;
  notes: string | null;
  partsUsed: PartUsed[];
  createdAt: string;
}

export type AmcStatus = 'active' | 'upcoming' | 'expired';

export interface AmcContract {
  id: string;
  installationId: string;
  startsOn: string;
  endsOn: string;
  visitsIncluded: number;
  visitsDone: number;
  /** In rupees; null when not recorded. */
  value: number | null;
  notes: string | null;
  status: AmcStatus;
  visits: AmcVisit[];
  createdAt: string;
  updatedAt: string;
}

/** The status of a contract on `today` (India's date). */
export function amcStatus(contract: { startsOn: string; endsOn: string }, today: string): AmcStatus {
  if (today < contract.startsOn) return 'upcoming';
  return today > contract.endsOn ? 'expired' : 'active';
}

/**
 * The contract a machine is under on `today`: the active one (the latest to start if several
 * overlap), else the one that ends last (an upcoming renewal, or the last that expired); null for none.
 */
export function currentAmcContract<T extends { startsOn: string; endsOn: string }>(
  contracts: readonly T[],
  today: string,
): T | null {
  const active = contracts.filter((contract) => amcStatus(contract, today) === 'active');
  const pool = active.length > 0 ? active : contracts;
  const key = active.length > 0 ? 'startsOn' : 'endsOn';
  return pool.reduce<T | null>((best, next) => (best === null || next[key] > best[key] ? next : best), null);
}

/** Planned visits not yet made (never below 0: an extra paid visit does not borrow from the next contract). */
export const amcVisitsLeft = (contract: { visitsIncluded: number; visitsDone: number }): number =>
  Math.max(0, contract.visitsIncluded - contract.visitsDone);

/**
 * `POST /api/amc-contracts/{id}/visits`: the visit recorded, and its contract's count after it; a
 * visit beyond those included is allowed (an extra, paid visit) and shows as visitsDone > visitsIncluded.
 */
export interface AmcVisitRecorded extends AmcVisit {
  visitsDone: number;
  visitsIncluded: number;
}

export const SERVICE_REQUEST_STATUSES = ['new', 'assigned', 'scheduled', 'resolved', 'closed'] as const;
/** `GET /api/installations/{id}`: the machine with its contracts and its service requests, newest first. */
export interface InstallationDetail extends Installation {
  amcContracts: AmcContract[];
  serviceRequests: {
    id: string;
    reference: string;
    status: ServiceRequestStatus;
    symptom: string;
    createdAt: string;
  }[];
}

/**
 * `POST /api/installations/import?mode=preview|apply|valid-rows&planId=`: the catalogue importer's
 * answer (ImportSummary) for a file of installed machines, keyed by serial (create or update).
 */
export const INSTALLATION_IMPORT_KIND = 'installations';

/**
 * The columns of a file of installed machines, in the order the export writes them; the import
 * finds them ignoring case, in any order, and a column left out keeps what is stored. `model` is the
 * catalogue machine's code or English name, `state` a 2-digit GST state code or the state's name,
 * `language` en, ta or hi, dates YYYY-MM-DD (DD-MM-YYYY and Excel's dates are read too), an empty
 * `warranty_months` the default of Site → Company.
 */
export const INSTALLATION_IMPORT_COLUMNS = [
  'serial',
  'model',
  'company',
  'contact_name',
  'phone',
  'email',
  'gstin',
  'state',
  'address',
  'language',
  'invoice_number',
  'invoice_date',
  'commissioned_on',
  'warranty_months',
  'control_make',
  'notes',
] as const;
export type InstallationImportColumn = (typeof INSTALLATION_IMPORT_COLUMNS)[number];

export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
/** The statuses of a request still being handled. */
export const OPEN_SERVICE_REQUEST_STATUSES: readonly ServiceRequestStatus[] = ['new', 'assigned', 'scheduled'];

/** `SR-2026-00017`: the calendar year (India) and a sequence of at least five digits, numbered without gaps. */
export const SERVICE_REFERENCE_PATTERN = /^SR-\d{4}-\d{5,}$/;
export const serviceReference = (year: number, sequence: number): string =>
  `SR-${year}-${String(sequence).padStart(5, '0')}`;

/** A request is overdue when new for more than this many working hours (the company's opening hours)... */
export const SERVICE_NEW_OVERDUE_WORKING_HOURS = 4;
/** ...or not resolved when its visit date has passed. */

export interface ServiceReport {
  workDone: string;
  partsUsed: PartUsed[];
  hours: number | null;
}

export interface ServiceRequestPhoto {
  id: string;
  /** `/uploads/{id}.webp` */
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

export type ServiceRequestEventKind = 'created' | 'status' | 'assigned' | 'scheduled' | 'matched' | 'closed';

/** One line of a request's timeline: what changed, when, by whom (null: the buyer or the system). */
export interface ServiceRequestEvent {
  at: string;
  kind: ServiceRequestEventKind;
  status: ServiceRequestStatus | null;
  actorName: string | null;
  /** What the change says in a few words (the engineer's name, the visit date); English data, not a sentence. */
  detail: string | null;
}

/** A service request as staff read it. */
export interface ServiceRequest {
  id: string;
  reference: string;
  status: ServiceRequestStatus;
  /** True when the serial names a machine of the register; false: staff match it by hand. */
  registered: boolean;
  installationId: string | null;
  serial: string;
  model: string | null;
  name: string;
  phone: string;
  email: string | null;
  symptom: string;
  machineDown: boolean;
  preferredDate: string | null;
  assigneeId: string | null;
  assigneeName: string | null;
  visitOn: string | null;
  language: Locale;
  photos: ServiceRequestPhoto[];
  report: ServiceReport | null;
  /** True when overdue now (see SERVICE_NEW_OVERDUE_WORKING_HOURS). */
  overdue: boolean;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  events: ServiceRequestEvent[];
}

export interface ServiceRequestListResponse {
  serviceRequests: ServiceRequest[];
  total: number;
  page: number;
  pageSize: number;
}

/** `POST /api/service-requests` (public). */
export interface CreateServiceRequestResponse {
  reference: string;
}

/** The buyer's view of their machine (`GET /api/my-machine`): only what concerns that machine. */
export interface MyMachineResponse {
  installation: {
    serial: string;
    model: string;
    machineId: string;
    commissionedOn: string;
    warrantyEndsOn: string;
    /** On today's date in India. */
    underWarranty: boolean;
    company: string;
  };
  /** The current contract (or the latest one), null when the machine never had one. */
  amc: {
    startsOn: string;
    endsOn: string;
    status: AmcStatus;
    visitsIncluded: number;
    visitsDone: number;
    visitsLeft: number;
  } | null;
  serviceRequests: {
    reference: string;
    status: ServiceRequestStatus;
    symptom: string;
    machineDown: boolean;
    createdAt: string;
    visitOn: string | null;
    closedAt: string | null;
    /** `/api/my-machine/reports/{reference}.pdf` once closed with a report, else null. */
    reportUrl: string | null;
  }[];
  /** Spare parts of the catalogue that fit this model, in the reader's language (`?lang=`). */
  partsThatFit: { id: string; code: string; name: string; price: number | null }[];
}

/** The one-time code of My machine: 6 digits, valid 10 minutes, 5 tries. */
export const MY_MACHINE_CODE_LENGTH = 6;
export const MY_MACHINE_CODE_TTL_MS = 10 * 60 * 1000;
export const MY_MACHINE_CODE_MAX_TRIES = 5;
/** A My machine session lasts 24 hours and sees only its machine. */
export const MY_MACHINE_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** What `POST /api/my-machine/code` always answers, whether or not the serial and phone match a machine. */
export const MY_MACHINE_CODE_SENT_MESSAGE =
  'If the serial number and phone match a machine we installed, we have emailed a 6-digit code to the address on record. It is valid for 10 minutes.';
/** What a wrong, expired or used-up code answers: never whether the serial exists. */
export const MY_MACHINE_CODE_WRONG_MESSAGE = 'That code is not right or has expired. Ask for a new code.';

/**
 * How often codes may be asked for, counted per serial (whether or not it names a machine, so a
 * refusal reveals nothing) and per client address, in a window of an hour. Five per machine is
 * more than any buyer needs; ten per address leaves room for a factory or a mobile network that
 * puts many buyers behind one address (decision 022).
 */
export const MY_MACHINE_CODE_REQUESTS_PER_SERIAL = 5;
export const MY_MACHINE_CODE_REQUESTS_PER_ADDRESS = 10;
export const MY_MACHINE_CODE_REQUEST_WINDOW_MS = 60 * 60 * 1000;
/**
 * Wrong codes per client address before its checks are refused (a code itself dies after
 * MY_MACHINE_CODE_MAX_TRIES). The window is sign-in's: the failures are kept in its table, which
 * holds one window of them.
 */
export const MY_MACHINE_CHECK_FAILURES_PER_ADDRESS = 10;
export const MY_MACHINE_CHECK_FAILURE_WINDOW_MS = LOGIN_FAILURE_WINDOW_MS;
/** What a throttled code request or code check answers (429, with Retry-After in seconds). */
export const MY_MACHINE_TOO_MANY_MESSAGE = 'Too many attempts. Please wait a while and try again.';
/** What `GET /api/my-machine` and its report links answer (401) without a live session. */
export const MY_MACHINE_SESSION_EXPIRED_MESSAGE =
  'Your access to this machine has ended. Ask for a new code to see it again.';
/** `POST /api/my-machine/code` (always 202, whatever was typed). */
export interface MyMachineCodeResponse {
  message: typeof MY_MACHINE_CODE_SENT_MESSAGE;
}
/** `POST /api/my-machine/session`: the bearer token of `GET /api/my-machine`, and when it ends. */
export interface MyMachineSession {
  token: string;
  expiresAt: string;
}
/** `/api/my-machine/reports/{reference}.pdf`: a closed request's stored report, for its machine's session only. */
export const myMachineReportUrl = (reference: string): string =>
  `/api/my-machine/reports/${encodeURIComponent(reference)}.pdf`;

/** Public service requests share the quote requests' allowance figures (INQUIRY_RATE_LIMIT per window). */
export const SERVICE_REQUEST_MAX_PHOTOS = 6;

/**
 * The text fields of the service request form posted without JavaScript (to SERVICE_FORM_ACTION,
 * service-pages.ts), named as serviceRequestInputSchema's; its photos come in `images`.
 */
export const SERVICE_FORM_FIELDS = [
  'serial',
  'phone',
  'name',
  'email',
  'symptom',
  'machineDown',
  'preferredDate',
  'locale',
] as const;
export const SERVICE_FORM_PHOTOS_FIELD = 'images';
/** What `machineDown` says when the box is ticked (any of on, true, 1, yes is read as down). */
export const SERVICE_FORM_MACHINE_DOWN_VALUE = 'on';

/** The refusals of a service request's photos beyond the image pipeline's own. */
export const SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE = `Attach at most ${SERVICE_REQUEST_MAX_PHOTOS} photos`;

/**
 * The app uploads each photo as soon as it is chosen (`POST SERVICE_PHOTOS_URL`, one `images` file,
 * answered with a ServiceRequestPhoto), then sends the request with their ids in `photoIds`: as a
 * JSON array, or in a multipart body as one field of comma-separated ids, in the photos' order.
 */
export const SERVICE_PHOTOS_URL = '/api/service-requests/photos';
export const SERVICE_PHOTO_IDS_FIELD = 'photoIds';
/** Photos uploaded ahead of a request, per client address: more than a buyer retrying a few requests needs. */
export const SERVICE_PHOTO_UPLOAD_LIMIT = 30;
export const SERVICE_PHOTO_UPLOAD_WINDOW_MS = 60 * 60 * 1000;
/** 400 at `photoIds.N`: no photo uploaded ahead waits under that id (made up, already used, or swept). */
export const SERVICE_PHOTO_NOT_KEPT_MESSAGE = 'A photo was not kept: choose it again';
/** 400 at `photoIds`: the same id twice. */
export const SERVICE_PHOTO_TWICE_MESSAGE = 'Each photo can be sent once';

/**
 * `PUT /api/service-requests/{id}` refusals (409 unless said): English text that is also the code,
 * for the back office's catalogue. `{from}`/`{to}` are statuses.
 */
export const SERVICE_REQUEST_MESSAGES = {
  notFound: 'Service request not found',
  closed: 'This request is closed: it cannot be changed',
  needsEngineer: 'Assign an engineer first',
  /** 400 at assigneeId. */
  unknownEngineer: 'Choose an engineer from the list',
  /** 400 at visitOn. */
  needsVisitDate: 'Choose the visit date to schedule the visit',
  /** 400 at visitOn: a visit date on a request sent back to `new` or `assigned`. */
  visitOnlyWhenScheduled: 'A visit date is set by scheduling the visit',
  /** 400 at installationId. */
  unknownInstallation: 'Choose a machine of the register',
  /** 400 at report. */
  reportOnlyOnClosing: 'The report is written when the request is closed',
  /** 400 at report.partsUsed.N.itemId. */
  unknownPart: 'Choose the part from the catalogue',
  closeFromResolved: 'Mark the request resolved before closing it',
  reportPdfMissing: 'This request has no report yet',
  changedMeanwhile: 'This request was changed while it was being closed: reload it and close it again',
} as const;

/** 409: a status change the flow does not allow (new → assigned → scheduled → resolved → closed, or one step back). */
export const serviceRequestTransitionMessage = (from: ServiceRequestStatus, to: ServiceRequestStatus): string =>
  `A request cannot go from ${from} to ${to}`;

/** `GET /api/service-requests/engineers`: who a request can be assigned to. */
export interface ServiceEngineersResponse {
  engineers: { id: string; name: string }[];
}
