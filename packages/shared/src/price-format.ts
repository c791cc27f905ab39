import { INTL_LOCALES, type Locale } from './locales';

// ARCHITECTURE deviation: rupees everywhere, in Indian digit grouping, whole rupees only. Shared
// so the details page and the spec sheet PDF print one price the same way.
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export const PRICE_ON_REQUEST = 'Price on request';

export function formatRupees(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return PRICE_ON_REQUEST;
  return rupees.format(amount);
}

const rupeesAndPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** An amount in paise as quotations print it, in Indian digit grouping with its paise: ₹22,30,200.00. */
export function formatPaise(paise: number): string {
  return rupeesAndPaise.format(paise / 100);
}

const rupeesAndPaiseIn: Partial<Record<Locale, Intl.NumberFormat>> = { en: rupeesAndPaise };

/**
 * Rupees with their paise in a reader's language (the buyer's page and emails of a quotation):
 * Tamil and Hindi group digits the Indian way too, ₹22,30,200.00.
 */
export function formatRupeesAndPaise(rupees: number, locale: Locale = 'en'): string {
  const format = (rupeesAndPaiseIn[locale] ??= new Intl.NumberFormat(INTL_LOCALES[locale], {
    style: 'currency',
    currency: 'INR',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));
  return format.format(rupees);
}
