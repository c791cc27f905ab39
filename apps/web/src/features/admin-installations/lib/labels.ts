import { useMemo } from 'react';
import {
  type AmcStatus,
  formatRupeesAndPaise,
  type Locale,
  LOCALE_NAMES,
  type ServiceRequestStatus,
} from '@capstan/shared';
import type { BadgeProps } from '@/components/ui/badge';
import { type AdminMessageKey, type AdminTranslator, useAdminT } from '@/lib/i18n/admin';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

// Keyed by the shared types: a status added there fails the types until it has a label here.
export const AMC_STATUS_LABELS: Record<AmcStatus, AdminMessageKey> = {
  active: 'adminInstallations.amcActive',
  upcoming: 'adminInstallations.amcUpcoming',
  expired: 'adminInstallations.amcExpired',
};

export const AMC_STATUS_BADGES: Record<AmcStatus, BadgeVariant> = {
  active: 'default',
  upcoming: 'secondary',
  expired: 'outline',
};

export const SERVICE_STATUS_LABELS: Record<ServiceRequestStatus, AdminMessageKey> = {
  new: 'adminInstallations.serviceNew',
  assigned: 'adminInstallations.serviceAssigned',
  scheduled: 'adminInstallations.serviceScheduled',
  resolved: 'adminInstallations.serviceResolved',
  closed: 'adminInstallations.serviceClosed',
};

/** The languages a customer's emails may be written in, each named in itself (as the language switch does). */
export const customerLanguageName = (locale: Locale) => LOCALE_NAMES[locale];

// The works and its customers are in India: dates in Indian time whatever the browser's zone.
const INDIAN_DATE = { dateStyle: 'medium', timeZone: 'Asia/Kolkata' } as const;

/** A day (YYYY-MM-DD, a day in India, not a UTC midnight) or a moment, as a date in the reader's language. */
export function formatDay(intl: AdminTranslator['intl'], iso: string): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00+05:30` : iso);
  return Number.isNaN(date.getTime()) ? iso : intl.formatDate(date, INDIAN_DATE);
}

/** Dates and rupees in the reader's language: rupees with paise in Indian grouping (₹1,20,000.00). */
export function useFormats() {
  const { intl, locale } = useAdminT();
  return useMemo(
    () => ({
      day: (iso: string) => formatDay(intl, iso),
      rupees: (rupees: number) => formatRupeesAndPaise(rupees, locale),
    }),
    [intl, locale],
  );
}
