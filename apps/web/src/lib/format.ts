export { formatRupees, PRICE_ON_REQUEST } from '@capstan/shared';

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

/** A count in Indian digit grouping: 1,00,000. */
export function formatIndianNumber(value: number): string {
  return indianCount.format(value);
}
