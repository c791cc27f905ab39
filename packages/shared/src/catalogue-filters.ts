/**
 * Catalogue filters on typed specifications (decision 035). A filter is one `f`
 * parameter per specification: `f=bar-capacity:25-65` (from 25 to 65 in the facet's unit),
 * `f=motor-power:5-` (5 or more), `f=weight:-1200` (at most 1,200). The slug is the key's
 * lower-cased words joined by `-`, so "Bar capacity" and "Bar Capacity" are one filter.
 *
 * No zod here: the public pages import this module (see list-query.ts).
 */
import type { SpecUnit } from './spec-format';
import { normalizeSpecFilters, specFilterParam, type SpecRange } from './spec-range';

// The public pages' list URLs need only these three (list-query.ts): they live apart so that the
// landing page's chunk does not carry the catalogue's range parsing and facets.
export { normalizeSpecFilters, specFilterParam, type SpecRange };

/** How many `f` filters a call may carry; more is a 400. */
export const SPEC_FILTER_MAX = 10;
/** How many specification facets the catalogue offers per tab, most common first. */
export const SPEC_FACET_MAX = 8;
/** A specification becomes a facet once this many items of the tab carry a number for it. */
export const SPEC_FACET_MIN_ITEMS = 2;

/** "Bar capacity" → "bar-capacity"; "Spindle speed (max)" → "spindle-speed-max". */
export function specKeySlug(key: string): string {
  return key
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const NUMBER = '(\\d+(?:\\.\\d+)?)';
const RANGE = new RegExp(`^${NUMBER}?-${NUMBER}?$`);
const SLUG = /^[\p{Ll}\p{N}]+(?:-[\p{Ll}\p{N}]+)*$/u;

/** Reads one `f` value; the reason it is wrong otherwise (for the 400 message). */
export function parseSpecFilter(text: string): SpecRange | string {
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return `f must look like bar-capacity:25-65 (got "${text}")`;
  const slug = text.slice(0, colon);
  const range = text.slice(colon + 1).trim();
  if (slug.length > 80 || !SLUG.test(slug)) return `f: "${slug}" is not a specification slug like bar-capacity`;
  const match = RANGE.exec(range);
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    return `f: the range of ${slug} must look like 25-65, 25- or -65 (got "${range}")`;
  }
  const min = match[1] === undefined ? null : Number(match[1]);
  const max = match[2] === undefined ? null : Number(match[2]);
  if (min !== null && max !== null && min > max) return `f: the range of ${slug} runs from ${min} down to ${max}`;
  return { slug, min, max };
}

export const inRange = (value: number, { min, max }: Pick<SpecRange, 'min' | 'max'>): boolean =>
  (min === null || value >= min) && (max === null || value <= max);

/** One specification the current tab's items share, as a range filter offers it. */
export interface SpecFacet {
  slug: string;
  /** The key as most items spell it. */
  key: string;
  /** The one unit this facet's numbers are in (others are converted to it); null: a plain count. */
  unit: SpecUnit | null;
  /** Lowest and highest value among the items counted. */
  min: number;
  max: number;
  /** Items matching the search and the other filters that carry this specification. */
  count: number;
  /** The range asked for, when this facet is filtered. */
  selected: Pick<SpecRange, 'min' | 'max'> | null;
}

/** A machine category with the number of machines matching the search and the other filters. */
export interface CategoryFacet {
  slug: string;
  name: string;
  count: number;
}

/** `GET /api/catalogue/facets`: what the filter panel shows for one tab and query. */
export interface CatalogueFacets {
  /** Items matching the whole query (the list's X-Total-Count for the same query). */
  total: number;
  /** Machines only; empty for spare parts and services. */
  categories: CategoryFacet[];
  specs: SpecFacet[];
}

/** The lists the facets call answers for (`kind`), as the item kinds are named. */
export const FACET_KINDS = ['machine', 'spare', 'service'] as const;
export type FacetKind = (typeof FACET_KINDS)[number];

/**
 * The filter panel is also a plain GET form, so filters work without the app: each range is two
 * fields, `min.<slug>` and `max.<slug>`, which the server folds into `f` parameters
 * (foldRangeFields) and the app reads on submit (rangesFromFields).
 */
export const rangeFieldName = (bound: 'min' | 'max', slug: string): string => `${bound}.${slug}`;
const RANGE_FIELD = /^(min|max)\.(.+)$/;

/** A typed bound: '' is open, `1,200` is 1200; undefined when it is no number we can filter by. */
export function readRangeBound(text: string): number | null | undefined {
  const trimmed = text.trim().replaceAll(',', '');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The ranges typed into a form's `min.<slug>` / `max.<slug>` fields, low to high even when typed
 * the wrong way round; a slug whose two fields are empty or unreadable is left out. `slugs` lists
 * every slug the form offered (so an emptied range can be told from one that was not there).
 */
export function rangesFromFields(fields: Iterable<[string, string]>): { slugs: string[]; ranges: SpecRange[] } {
  const bounds = new Map<string, { min: number | null; max: number | null }>();
  for (const [name, value] of fields) {
    const match = RANGE_FIELD.exec(name);
    if (!match) continue;
    const [, bound, slug] = match as unknown as [string, 'min' | 'max', string];
    if (!SLUG.test(slug)) continue;
    const entry = bounds.get(slug) ?? { min: null, max: null };
    const read = readRangeBound(value);
    entry[bound] = read === undefined ? null : read;
    bounds.set(slug, entry);
  }
  const ranges: SpecRange[] = [];
  for (const [slug, { min, max }] of bounds) {
    if (min === null && max === null) continue;
    const [low, high] = min !== null && max !== null && min > max ? [max, min] : [min, max];
    ranges.push({ slug, min: low, max: high });
  }
  return { slugs: [...bounds.keys()], ranges };
}

/** The parameters a filter form's Reset drops: every filter, while the search, order and view stay. */
const FILTER_PARAMS = new Set(['f', 'category', 'machine', 'reset']);

/**
 * The catalogue URL a submitted filter form stands for: its range fields folded into `f`
 * parameters (a typed range replaces the URL's one for the same slug, an emptied one removes it)
 * and empty choices dropped; with `reset=filters` (its Reset button), no filter at all. Null when
 * the query is no such form, so nothing is redirected.
 */
export function foldRangeFields(search: URLSearchParams): URLSearchParams | null {
  const entries = [...search.entries()];
  const reset = search.get('reset') === 'filters';
  if (!reset && !entries.some(([name]) => RANGE_FIELD.test(name))) return null;
  const { slugs, ranges } = reset ? { slugs: [], ranges: [] } : rangesFromFields(entries);
  const offered = new Set(slugs);
  const kept = reset
    ? []
    : search
        .getAll('f')
        .map(parseSpecFilter)
        .filter((range): range is SpecRange => typeof range !== 'string' && !offered.has(range.slug));
  const folded = new URLSearchParams();
  for (const [name, value] of entries) {
    if (name === 'f' || name === 'reset' || RANGE_FIELD.test(name) || (reset && FILTER_PARAMS.has(name))) continue;
    // The form sends every field; those left at their default say nothing.
    if (value === '' || (name === 'sort' && value === 'name') || (name === 'view' && value === 'grid')) continue;
    folded.append(name, value);
  }
  for (const range of normalizeSpecFilters([...kept, ...ranges]).slice(0, SPEC_FILTER_MAX)) {
    folded.append('f', specFilterParam(range));
  }
  return folded;
}
