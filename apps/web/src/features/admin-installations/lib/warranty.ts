import { indianToday } from '@capstan/shared';

/** From this many days before its end, a warranty is shown as ending (the AMC offer goes out at 30). */
export const WARRANTY_ENDING_DAYS = 30;

export type WarrantyState = { kind: 'inWarranty' } | { kind: 'ending'; days: number } | { kind: 'expired' };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days from one calendar day to another (YYYY-MM-DD), both in India. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Where a warranty stands on `today` (India's date): its last day still counts as in warranty. */
export function warrantyState(warrantyEndsOn: string, today: string = indianToday()): WarrantyState {
  const days = daysBetween(today, warrantyEndsOn);
  if (days < 0) return { kind: 'expired' };
  if (days <= WARRANTY_ENDING_DAYS) return { kind: 'ending', days };
  return { kind: 'inWarranty' };
}
