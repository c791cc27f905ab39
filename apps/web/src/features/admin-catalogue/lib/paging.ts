/** Pages of at least one, so an empty list still has a page 1 to sit on. */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

const count = new Intl.NumberFormat('en-IN');

/** 'Showing 1–24 of 25,000': staff see where they are in a long list. */
export function pageRangeText(offset: number, shown: number, total: number): string {
  return `Showing ${count.format(offset + 1)}–${count.format(offset + shown)} of ${count.format(total)}`;
}
