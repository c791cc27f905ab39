/** One range filter on a typed specification, as a list URL carries it (catalogue-filters.ts). */
export interface SpecRange {
  slug: string;
  /** Inclusive bounds in the facet's unit; null: open on that side. */
  min: number | null;
  max: number | null;
}

const formatBound = (value: number | null) => (value === null ? '' : String(value));

/** The `f` value of `range`; parseSpecFilter reads it back. */
export function specFilterParam(range: SpecRange): string {
  return `${range.slug}:${formatBound(range.min)}-${formatBound(range.max)}`;
}

/**
 * Filters in one order, one per slug (the last wins), so equal filters give equal URLs and cache
 * keys.
 */
export function normalizeSpecFilters(filters: readonly SpecRange[]): SpecRange[] {
  const bySlug = new Map<string, SpecRange>();
  for (const filter of filters) bySlug.set(filter.slug, filter);
  return [...bySlug.values()].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}
