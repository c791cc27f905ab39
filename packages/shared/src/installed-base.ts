/**
 * After the sale (issue 40): installed machines, their AMC contracts and visits, service requests
 * and the buyer's "My machine" view. The answers of the API, shared by the server and the web app;
 * the payloads are in `schemas/installed-base.ts`.
 */
import type { GstStateCode } from './gst/gstin';
import type { Locale } from './locales';

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

/** Public service requests share the quote requests' allowance figures (INQUIRY_RATE_LIMIT per window). */
export const SERVICE_REQUEST_MAX_PHOTOS = 6;
