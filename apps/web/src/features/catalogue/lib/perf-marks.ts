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

/**
 * Data "arrives" when the last byte of the slowest list response is in, which the resource
 * timing entries know exactly; when none is found (lists came from cache) it is now.
 */
export function markCatalogueDataArrived(listUrls: readonly string[]): void {
  const perf = timeline();
  if (!perf) return;
  const ends = perf
    .getEntriesByType('resource')
    .filter((entry) => {
      const { pathname, search } = new URL(entry.name);
      return listUrls.includes(pathname + search);
    })
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

export function markSearchInput(): void {
  const perf = timeline();
  if (!perf) return;
  perf.clearMarks(SEARCH_INPUT);
  perf.mark(SEARCH_INPUT);
}

/** Measures from the latest keystroke to the paint of the results it produced; once per keystroke. */
export function markSearchResultsPainted(): void {
  const perf = timeline();
  if (!perf || perf.getEntriesByName(SEARCH_INPUT, 'mark').length === 0) return;
  afterPaint(() => {
    if (perf.getEntriesByName(SEARCH_INPUT, 'mark').length === 0) return;
    perf.mark(SEARCH_PAINTED);
    perf.measure(CATALOGUE_SEARCH_MEASURE, SEARCH_INPUT, SEARCH_PAINTED);
    perf.clearMarks(SEARCH_INPUT);
  });
}
