import { indianClock } from '@capstan/shared';

/**
 * Quotation numbers (issue 39): `KPM/Q/2026-27/0042` — the company's prefix (Site → Company), the
 * financial year, a sequence of at least four digits — and `…/0042-R2` for its second revision.
 * The sequence is handed out by an upsert on the year's `quotation_series` row inside the
 * quotation's write transaction (quotations.repository.ts): no gap and no duplicate, across processes.
 */

/** The Indian financial year `date` falls in (April to March, India time): `2026-27`. */
export function financialYear(date: Date): string {
  const india = indianClock(date);
  const year = india.getUTCFullYear();
  // getUTCMonth: 0 is January, so 3 is April, the first month of a financial year.
  const start = india.getUTCMonth() >= 3 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** `KPM/Q/2026-27/0042`; more digits past 9999; `-R2` from the second revision on. */
export function quotationNumber(prefix: string, series: string, sequence: number, revision = 1): string {
  const base = `${prefix}/${series}/${String(sequence).padStart(4, '0')}`;
  return revision > 1 ? `${base}-R${revision}` : base;
}

/** The calendar day (YYYY-MM-DD) `days` after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
