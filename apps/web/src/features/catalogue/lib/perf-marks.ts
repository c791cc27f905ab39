/**
 * Performance marks read by `npm run bench` (scripts/bench/catalogue.ts). They cost a few
 * microseconds in the browser and do nothing where there is no window (server rendering, tests
 * without a DOM), so they can stay in production code.
 */
export const CATALOGUE_CARDS_MEASURE = 'catalogue:data-to-cards';
export const CATALOGUE_SEARCH_MEASURE = 'catalogue:search-to-results';

const DATA_ARRIVED = 'catalogue:data-arrived';
const CARDS_PAINTED = 'catalogue:cards-painted';
const SEARCH_INPUT = 'catalogue:search-input';
const SEARCH_PAINTED = 'catalogue:search-painted';

function timeline(): Performance | null {
  if (typeof window === 'undefined' || typeof performance === 'undefined') return null;
  return typeof performance.mark === 'function' ? performance : null;
}

/** Runs after the browser has painted the frame that holds the current commit. */
function afterPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback, 0));
}

/** When each page URL was last requested, so an older response to the same URL is not taken for it. */
const requestedAt = new Map<string, number>();

/** Called just before a page of a list is fetched. */
export function markCataloguePageRequested(url: string): void {
  const perf = timeline();
  if (perf) requestedAt.set(url, perf.now());
}

function pathOf(resourceName: string): string {
  const { pathname, search } = new URL(resourceName);
  return pathname + search;
}

/**
 * The page at `url` is on hand: it "arrived" when the last byte of the response requested for it
 * came in, which resource timing knows exactly. A page shown from the cache (or from the server
 * rendered HTML) was not requested, and arrives now.
 */
export function markCatalogueDataArrived(url: string): void {
  const perf = timeline();
  if (!perf) return;
  const since = requestedAt.get(url);
  requestedAt.delete(url);
  const ends =
    since === undefined
      ? []
      : perf
          .getEntriesByType('resource')
          .filter((entry) => entry.startTime >= since && pathOf(entry.name) === url)
          .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
  const startTime = ends.length > 0 ? Math.max(...ends) : perf.now();
  perf.clearMarks(DATA_ARRIVED);
  perf.mark(DATA_ARRIVED, { startTime });
}

export function markCatalogueCardsPainted(): void {
  const perf = timeline();
  if (!perf || perf.getEntriesByName(DATA_ARRIVED, 'mark').length === 0) return;
  afterPaint(() => {
    // Another commit may already have measured this arrival (React runs effects twice in development).
    if (perf.getEntriesByName(DATA_ARRIVED, 'mark').length === 0) return;
    perf.mark(CARDS_PAINTED);
    perf.measure(CATALOGUE_CARDS_MEASURE, DATA_ARRIVED, CARDS_PAINTED);
    perf.clearMarks(DATA_ARRIVED);
  });
}

/** The search term of the latest keystroke, as the list call is made with it. */
let pendingTerm: string | null = null;

export function markSearchInput(term: string): void {
  const perf = timeline();
  if (!perf) return;
  pendingTerm = term;
  perf.clearMarks(SEARCH_INPUT);
  perf.mark(SEARCH_INPUT);
}

/**
 * Results for `term` are on screen. Measures from the latest keystroke to their paint, once per
 * keystroke, and only when they are the results for that keystroke's term: cards of an earlier
 * term still showing while the new ones load are not the answer to it.
 */
export function markSearchResultsPainted(term: string): void {
  const perf = timeline();
  if (!perf || pendingTerm !== term || perf.getEntriesByName(SEARCH_INPUT, 'mark').length === 0) return;
  afterPaint(() => {
    if (pendingTerm !== term || perf.getEntriesByName(SEARCH_INPUT, 'mark').length === 0) return;
    perf.mark(SEARCH_PAINTED);
    perf.measure(CATALOGUE_SEARCH_MEASURE, SEARCH_INPUT, SEARCH_PAINTED);
    perf.clearMarks(SEARCH_INPUT);
    pendingTerm = null;
  });
}
