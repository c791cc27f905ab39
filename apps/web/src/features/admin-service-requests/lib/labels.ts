import type { ServiceRequestEventKind, ServiceRequestStatus } from '@capstan/shared';
import type { BadgeProps } from '@/components/ui/badge';
import type { AdminMessageKey, AdminTranslator } from '@/lib/i18n/admin';

// Keyed by the shared list: a status added there fails the types until it has a label here.
export const SERVICE_STATUS_LABELS: Record<ServiceRequestStatus, AdminMessageKey> = {
  new: 'adminService.statusNew',
  assigned: 'adminService.statusAssigned',
  scheduled: 'adminService.statusScheduled',
  resolved: 'adminService.statusResolved',
  closed: 'adminService.statusClosed',
};

export const SERVICE_STATUS_BADGES: Record<ServiceRequestStatus, NonNullable<BadgeProps['variant']>> = {
  new: 'default',
  assigned: 'secondary',
  scheduled: 'secondary',
  resolved: 'outline',
  closed: 'outline',
};

/** What each kind of timeline event says; `{detail}` is the server's few words (a name, a date, a serial). */
export const EVENT_LABELS: Record<ServiceRequestEventKind, AdminMessageKey> = {
  created: 'adminService.eventCreated',
  status: 'adminService.eventStatus',
  assigned: 'adminService.eventAssigned',
  scheduled: 'adminService.eventScheduled',
  matched: 'adminService.eventMatched',
  closed: 'adminService.eventClosed',
};

// The works and its staff are in India: dates in Indian time whatever the browser's zone.
const INDIAN_DATE = { dateStyle: 'medium', timeZone: 'Asia/Kolkata' } as const;
const INDIAN_TIME = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const isDay = (value: string | null | undefined): value is string => value != null && DAY.test(value);

/** A calendar day (a visit, a preferred date) in the reader's language: a day in India, not a UTC midnight. */
export function formatDay(intl: AdminTranslator['intl'], day: string): string {
  const date = new Date(isDay(day) ? `${day}T12:00:00+05:30` : day);
  return Number.isNaN(date.getTime()) ? day : intl.formatDate(date, INDIAN_DATE);
}

export function formatMoment(intl: AdminTranslator['intl'], iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : intl.formatDate(date, INDIAN_TIME);
}

/** A phone number as a `tel:` link dials it: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;
