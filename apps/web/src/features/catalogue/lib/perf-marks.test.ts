import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOGUE_CARDS_MEASURE,
  CATALOGUE_SEARCH_MEASURE,
  markCatalogueCardsPainted,
  markCatalogueDataArrived,
  markCataloguePageRequested,
  markSearchInput,
  markSearchResultsPainted,
} from './perf-marks';

const PAGE_URL = '/api/spareparts?offset=24&limit=24';
const measures = (name: string) => performance.getEntriesByName(name, 'measure');
const arrival = () => performance.getEntriesByName('catalogue:data-arrived', 'mark')[0]?.startTime;
/**
 * Lets the "after paint" callbacks scheduled so far run. It takes the same rAF + setTimeout(0)
 * steps, queued after theirs, so it resolves after them however late a busy machine fires the
 * timers (a fixed 5 ms sleep lost that race in CI).
 */
const nextPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

function resources(entries: { name: string; startTime: number; responseEnd: number }[]) {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue(entries as unknown as PerformanceResourceTiming[]);
}

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(0), 0));
  performance.clearMarks();
  performance.clearMeasures();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('catalogue cards marks', () => {
  it('measures from data arrival to the painted cards once per arrival', async () => {
    markCatalogueDataArrived(PAGE_URL);
    markCatalogueCardsPainted();
    await nextPaint();
    markCatalogueCardsPainted();
    await nextPaint();

    expect(measures(CATALOGUE_CARDS_MEASURE)).toHaveLength(1);
  });

  it('does not measure cards painted without a data arrival', async () => {
    markCatalogueCardsPainted();
    await nextPaint();

    expect(measures(CATALOGUE_CARDS_MEASURE)).toHaveLength(0);
  });

  it('dates the arrival at the end of the response requested for that page', () => {
    vi.spyOn(performance, 'now').mockReturnValue(100);
    markCataloguePageRequested(PAGE_URL);
    resources([
      // An earlier visit to the same page, answered before this request was made.
      { name: `http://localhost${PAGE_URL}`, startTime: 20, responseEnd: 40 },
      { name: `http://localhost${PAGE_URL}`, startTime: 101, responseEnd: 140 },
      { name: 'http://localhost/api/spareparts?limit=24', startTime: 102, responseEnd: 180 },
      { name: 'http://localhost/uploads/part-thumb.webp', startTime: 103, responseEnd: 190 },
    ]);

    markCatalogueDataArrived(PAGE_URL);

    expect(arrival()).toBe(140);
  });

  it('dates a page that was not requested (cached or server-rendered) at the moment it is shown', () => {
    resources([{ name: `http://localhost${PAGE_URL}`, startTime: 20, responseEnd: 40 }]);
    vi.spyOn(performance, 'now').mockReturnValue(500);

    markCatalogueDataArrived(PAGE_URL);

    expect(arrival()).toBe(500);
  });

  it('takes a request for one page only once', () => {
    vi.spyOn(performance, 'now').mockReturnValue(100);
    markCataloguePageRequested(PAGE_URL);
    resources([{ name: `http://localhost${PAGE_URL}`, startTime: 101, responseEnd: 140 }]);
    markCatalogueDataArrived(PAGE_URL);
    vi.spyOn(performance, 'now').mockReturnValue(900);

    // Shown again later from the cache: it arrives then, not when it was first fetched.
    markCatalogueDataArrived(PAGE_URL);

    expect(arrival()).toBe(900);
  });
});

describe('catalogue search marks', () => {
  it('measures from the keystroke to the painted results for its term, once per keystroke', async () => {
    markSearchInput('bea');
    markSearchResultsPainted('bea');
    await nextPaint();
    markSearchResultsPainted('bea');
    await nextPaint();

    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(1);
  });

  it('does not take the results of an earlier term for those of the latest keystroke', async () => {
    markSearchInput('be');
    markSearchInput('bea');
    markSearchResultsPainted('be');
    await nextPaint();
    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(0);

    markSearchResultsPainted('bea');
    await nextPaint();
    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(1);
  });

  it('drops a paint whose term was overtaken by a keystroke before the frame', async () => {
    markSearchInput('be');
    markSearchResultsPainted('be');
    markSearchInput('bea');
    await nextPaint();

    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(0);
  });

  it('ignores result renders that no keystroke caused', async () => {
    markSearchResultsPainted('');
    await nextPaint();

    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(0);
  });
});
