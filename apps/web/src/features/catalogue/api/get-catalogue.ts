import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_TIMEOUT_MS, listQueryString, type CatalogueSummary, type ListCount, type Locale } from '@capstan/shared';
import { api, ApiError, TimeoutError } from '@/lib/api-client';
import { useT } from '@/lib/i18n';
import {
  toCatalogueItem,
  type CatalogueEntry,
  type CatalogueItem,
  type CataloguePageQuery,
  type CatalogueTab,
} from '../lib/catalogue-items';
import { markCataloguePageRequested } from '../lib/perf-marks';

/** Cards per catalogue page, and so the `limit` of each list call the screen makes. */
export const CATALOGUE_PAGE_SIZE = 24;

export const CATALOGUE_SUMMARY_URL = '/api/catalogue/summary';

/** SPEC §7's list calls. Page query keys start with these, so `invalidateCatalogue` reaches them. */
const LIST_URLS: Record<CatalogueTab, string> = {
  machines: '/api/products?category=machine',
  spares: '/api/spareparts',
  services: '/api/services',
};

/** The words SPEC §8 uses for each list in its timeout and failure messages. */
const LIST_NOUNS: Record<CatalogueTab, string> = {
  machines: 'machines',
  spares: 'spare parts',
  services: 'services',
};

// SPEC §8 names no text for the counts; they fail like a list does.
const SUMMARY_NOUN = 'catalogue counts';

function describeFailure(noun: string, error: unknown): string {
  if (error instanceof TimeoutError) return `Request for ${noun} timed out.`;
  if (error instanceof ApiError) return `Failed to fetch ${noun}: ${error.statusText || String(error.status)}`;
  return `Failed to fetch ${noun}: ${error instanceof Error ? error.message : String(error)}`;
}

/** SPEC §8: 'Request for … timed out.' / 'Failed to fetch …: {status text}'. */
export function describeListFailure(tab: CatalogueTab, error: unknown): string {
  return describeFailure(LIST_NOUNS[tab], error);
}

/** SPEC §7: each catalogue call is aborted after 5 s; failures are logged with the spec's text. */
async function loggingFailures<T>(
  describe: (error: unknown) => string,
  signal: AbortSignal,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // Cancelled by the query layer (the screen went away, or the search moved on): not a failure.
    if (signal.aborted) throw error;
    const message = describe(error);
    console.error(message);
    throw new Error(message, { cause: error });
  }
}

function listBase({ tab, category, machine }: CataloguePageQuery): string {
  // `category=machine` is every machine (SPEC §7); a category narrows the same list, and a machine
  // narrows the spare parts to the ones that fit it.
  if (tab === 'machines' && category !== null) return `/api/products?category=${encodeURIComponent(category)}`;
  if (tab === 'spares' && machine !== null) return `/api/spareparts?machine=${encodeURIComponent(machine)}`;
  return LIST_URLS[tab];
}

/** The URL of one page of a tab's list; equal queries give equal URLs, which are the cache keys. */
export function cataloguePageUrl(asked: CataloguePageQuery, locale: Locale): string {
  const { term, sort, page, filters } = asked;
  const base = listBase(asked);
  const query = listQueryString({
    q: term,
    sort,
    offset: (page - 1) * CATALOGUE_PAGE_SIZE,
    limit: CATALOGUE_PAGE_SIZE,
    f: filters,
    // The cards in the page's language (decision 072).
    ...(locale === 'en' ? {} : { lang: locale }),
  });
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

/**
 * A page as cached: the list entries as they came (the server renderer embeds them in the HTML)
 * with the query they answer, which may name an earlier page than was asked for (see below).
 */
export interface CataloguePageAnswer {
  query: CataloguePageQuery;
  entries: CatalogueEntry[];
  /** Items matching the query's search across all pages (`X-Total-Count`). */
  total: number;
}

/** A page as the screen shows it. */
export interface CataloguePage {
  query: CataloguePageQuery;
  items: CatalogueItem[];
  total: number;
}

async function fetchPage(query: CataloguePageQuery, locale: Locale, signal: AbortSignal): Promise<CataloguePageAnswer> {
  const url = cataloguePageUrl(query, locale);
  markCataloguePageRequested(url);
  const { items, total } = await api.list<CatalogueEntry>(url, {
    signal,
    timeoutMs: LIST_TIMEOUT_MS,
    // Ahead of the cards' thumbnails: over HTTP/1.1 they hold the connections, and a search's answer
    // queued behind them took twice as long to paint.
    priority: 'high',
  });
  return { query, entries: items, total };
}

async function fetchCataloguePage(
  query: CataloguePageQuery,
  locale: Locale,
  signal: AbortSignal,
): Promise<CataloguePageAnswer> {
  return loggingFailures(
    (error) => describeListFailure(query.tab, error),
    signal,
    async () => {
      const answer = await fetchPage(query, locale, signal);
      const lastPage = Math.max(1, Math.ceil(answer.total / CATALOGUE_PAGE_SIZE));
      // A page past the end (an old link, a list that shrank) shows the last page instead of an
      // empty grid; the screen then points the URL at it.
      if (answer.entries.length > 0 || query.page <= lastPage) return answer;
      return fetchPage({ ...query, page: lastPage }, locale, signal);
    },
  );
}

// Module-level so TanStack Query maps a page once, not on every render.
function toCataloguePage({ query, entries, total }: CataloguePageAnswer): CataloguePage {
  return { query, items: entries.map((entry) => toCatalogueItem(query.tab, entry)), total };
}

export function cataloguePageQuery(query: CataloguePageQuery, locale: Locale) {
  return queryOptions({
    queryKey: [cataloguePageUrl(query, locale)],
    queryFn: ({ signal }) => fetchCataloguePage(query, locale, signal),
  });
}

export const catalogueSummaryQuery = queryOptions({
  queryKey: [CATALOGUE_SUMMARY_URL],
  queryFn: ({ signal }) =>
    loggingFailures(
      (error) => describeFailure(SUMMARY_NOUN, error),
      signal,
      () => api.get<CatalogueSummary>(CATALOGUE_SUMMARY_URL, { signal, timeoutMs: LIST_TIMEOUT_MS }),
    ),
});

/** The summary's count for each tab (`machines` counts category machine, like the machine tab). */
export function tabCounts(summary: CatalogueSummary): Record<CatalogueTab, ListCount> {
  return { machines: summary.machines, spares: summary.spareParts, services: summary.services };
}

/** The counts for the sidebar, the tiles and the footer, without loading any list. */
export function useCatalogueSummary() {
  return useQuery(catalogueSummaryQuery);
}

/**
 * The one page the screen shows. While another page, search, order or tab loads, the cards
 * already on screen stay (`isPlaceholderData`) instead of the loading screen flashing.
 */
export function useCataloguePage(query: CataloguePageQuery) {
  const { locale } = useT();
  return useQuery({
    ...cataloguePageQuery(query, locale),
    placeholderData: keepPreviousData,
    select: toCataloguePage,
  });
}
