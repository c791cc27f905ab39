import { useMemo } from 'react';
import type { QuotationStatus } from '@capstan/shared';
import type { BadgeProps } from '@/components/ui/badge';
import { type AdminMessageKey, type AdminTranslator, useAdminT } from '@/lib/i18n/admin';

// Keyed by the shared list: a status added there fails the types until it has a label here.
export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, AdminMessageKey> = {
  draft: 'adminQuotations.statusDraft',
  sent: 'adminQuotations.statusSent',
  viewed: 'adminQuotations.statusViewed',
  accepted: 'adminQuotations.statusAccepted',
  changes_requested: 'adminQuotations.statusChangesRequested',
  expired: 'adminQuotations.statusExpired',
  superseded: 'adminQuotations.statusSuperseded',
};

export const QUOTATION_STATUS_BADGES: Record<QuotationStatus, NonNullable<BadgeProps['variant']>> = {
  draft: 'outline',
  sent: 'secondary',
  viewed: 'secondary',
  accepted: 'default',
  changes_requested: 'destructive',
  expired: 'outline',
  superseded: 'outline',
};

/**
 * Money as quotations print it, in the reader's language and always in Indian digit grouping
 * (en-IN, ta-IN, hi-IN all group 22,30,200): rupees with their paise.
 */
export function formatMoney(intl: AdminTranslator['intl'], rupees: number): string {
  return intl.formatNumber(rupees, {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
}

export function useMoney() {
  const { intl } = useAdminT();
  return useMemo(
    () => ({
      rupees: (rupees: number) => formatMoney(intl, rupees),
      paise: (paise: number) => formatMoney(intl, paise / 100),
    }),
    [intl],
  );
}

// The works and its staff are in India: dates in Indian time whatever the browser's zone.
const INDIAN_DATE = { dateStyle: 'medium', timeZone: 'Asia/Kolkata' } as const;
const INDIAN_TIME = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;

export function formatDay(intl: AdminTranslator['intl'], iso: string): string {
  // A plain YYYY-MM-DD (validUntil) is a day in India, not a UTC midnight.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T12:00:00+05:30` : iso);
  return Number.isNaN(date.getTime()) ? iso : intl.formatDate(date, INDIAN_DATE);
}

export function formatMoment(intl: AdminTranslator['intl'], iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : intl.formatDate(date, INDIAN_TIME);
}
