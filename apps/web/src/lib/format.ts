import { formatRupees as formatRupeesInEnglish, PRICE_ON_REQUEST } from '@capstan/shared';
import type { MessageKey, Translator } from '@/lib/i18n';

/** The English text; a page in any language shows `t(PRICE_ON_REQUEST_KEY)` (or `formatRupees(null, translator)`). */
export { PRICE_ON_REQUEST };
export const PRICE_ON_REQUEST_KEY = 'ui.priceOnRequest' satisfies MessageKey;

const RUPEES = { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 0 } as const;

/**
 * A price in whole rupees in Indian digit grouping (₹15,00,000), or "Price on request" when there
 * is none. With the page's translator (`useT()`) it is in the page's language; without, in English
 * as the shared formatter (and the spec sheet PDF) prints it.
 */
export function formatRupees(amount: number | null | undefined, translator?: Translator): string {
  if (translator === undefined) return formatRupeesInEnglish(amount);
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return translator.t(PRICE_ON_REQUEST_KEY);
  return translator.intl.formatNumber(amount, RUPEES);
}

/**
 * SPEC §5: rounded (originalPrice − price) / originalPrice, as a percentage. Null when there
 * is nothing honest to show: a missing price, no original price, or no actual saving.
 */
export function savePercent(price: number | null | undefined, originalPrice: number | null | undefined): number | null {
  if (price === null || price === undefined || originalPrice === null || originalPrice === undefined) return null;
  if (!Number.isFinite(price) || !Number.isFinite(originalPrice) || originalPrice <= 0) return null;
  if (price >= originalPrice) return null;
  return Math.round(((originalPrice - price) / originalPrice) * 100);
}

const indianCount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * A count in Indian digit grouping: 1,00,000. With the page's translator (`useT()`) in the page's
 * locale (en-IN, ta-IN, hi-IN: the same digits and grouping); without, in en-IN.
 */
export function formatIndianNumber(value: number, translator?: Translator): string {
  if (translator === undefined) return indianCount.format(value);
  return translator.intl.formatNumber(value, { maximumFractionDigits: 0 });
}
