import { z } from './zod';
import { LIST_OFFSET_MAX, LIST_PAGE_LIMIT, LIST_SEARCH_MAX_LENGTH, LIST_SORTS } from '../list-query';
import {
  FACET_KINDS,
  normalizeSpecFilters,
  parseSpecFilter,
  SPEC_FILTER_MAX,
  type SpecRange,
} from '../catalogue-filters';
import { CONTENT_LOCALES } from '../item-translations';

/** `lang=ta|hi`: the items' translated texts in place of the English (decision 072). */
export const contentLanguageSchema = z.enum(CONTENT_LOCALES, {
  message: `lang must be one of ${CONTENT_LOCALES.join(', ')}`,
});

/** The query of a public read of one item or a fixed list (featured): the language (other parameters are ignored, as before it). */
export const itemReadQuerySchema = z.object({ lang: contentLanguageSchema.optional() });

// Apart from list-query.ts, which the public pages import: building a schema at module load would
// pull zod into their bundle.

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${label} must be a whole number` })
    .int({ message: `${label} must be a whole number` })
    .min(min, { message: `${label} must be at least ${min}` })
    .max(max, { message: `${label} must be at most ${max}` });

/** `f`, once or repeated: ranges of typed specifications (catalogue-filters.ts). */
export const specFiltersSchema = z
  .union([z.string(), z.array(z.string())], { message: 'f must be text' })
  .transform((value, context): SpecRange[] => {
    const texts = typeof value === 'string' ? [value] : value;
    if (texts.length > SPEC_FILTER_MAX) {
      context.addIssue({ code: 'custom', message: `f may be given at most ${SPEC_FILTER_MAX} times` });
      return z.NEVER;
    }
    const ranges: SpecRange[] = [];
    for (const text of texts) {
      const range = parseSpecFilter(text);
      if (typeof range === 'string') {
        context.addIssue({ code: 'custom', message: range });
        return z.NEVER;
      }
      ranges.push(range);
    }
    return normalizeSpecFilters(ranges);
  });

/**
 * Query parameters of a list call. All optional: a bare call is the first page by name. Strict, so
 * a misspelt parameter is a clear 400 rather than a silently unfiltered answer.
 */
export const listQuerySchema = z.strictObject({
  q: z
    .string({ message: 'q must be text' })
    .trim()
    .max(LIST_SEARCH_MAX_LENGTH, { message: `q must be at most ${LIST_SEARCH_MAX_LENGTH} characters` })
    .default(''),
  sort: z.enum(LIST_SORTS, { message: `sort must be one of ${LIST_SORTS.join(', ')}` }).default('name'),
  offset: whole('offset', 0, LIST_OFFSET_MAX).default(0),
  limit: whole('limit', 1, LIST_PAGE_LIMIT).default(LIST_PAGE_LIMIT),
  f: specFiltersSchema.optional(),
  lang: contentLanguageSchema.optional(),
});

/**
 * `GET /api/catalogue/facets` (decision 035): one tab's list (`kind`) with the search and filters
 * its list call carries; order and page do not change facets, so they are not taken.
 */
export const catalogueFacetsQuerySchema = z.strictObject({
  kind: z.enum(FACET_KINDS, { message: `kind must be one of ${FACET_KINDS.join(', ')}` }),
  q: listQuerySchema.shape.q,
  f: specFiltersSchema.optional(),
  /** Machines: a category slug (`machine`: every machine). */
  category: z.string().trim().min(1).max(60).optional(),
  /** Spare parts: only those that fit this machine. */
  machine: z.uuid({ message: 'machine must be a machine id' }).optional(),
  /** The specification labels (and category names) in this language (decision 072). */
  lang: contentLanguageSchema.optional(),
});
export type CatalogueFacetsQuery = z.output<typeof catalogueFacetsQuerySchema>;
