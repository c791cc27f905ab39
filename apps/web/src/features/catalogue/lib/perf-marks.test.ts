import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOGUE_CARDS_MEASURE,
  CATALOGUE_SEARCH_MEASURE,
  markCatalogueCardsPainted,
  markCatalogueDataArrived,
  markSearchInput,
  markSearchResultsPainted,
} from './perf-marks';

const measures = (name: string) => performance.getEntriesByName(name, 'measure');
/** Lets the rAF + setTimeout(0) "after paint" callbacks run. */
const nextPaint = () => new Promise((resolve) => setTimeout(resolve, 5));

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
    markCatalogueDataArrived(['/api/spareparts']);
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

  it('dates the arrival at the end of the slowest matching list response', async () => {
    const resources = [
      { name: 'http://localhost/api/spareparts', responseEnd: 40 },
      { name: 'http://localhost/api/products?category=machine', responseEnd: 25 },
      { name: 'http://localhost/assets/index.js', responseEnd: 90 },
    ] as unknown as PerformanceResourceTiming[];
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue(resources);

    markCatalogueDataArrived(['/api/spareparts', '/api/products?category=machine']);

    expect(performance.getEntriesByName('catalogue:data-arrived', 'mark')[0]?.startTime).toBe(40);
  });
});

describe('catalogue search marks', () => {
  it('measures from the keystroke to the painted results once per keystroke', async () => {
    markSearchInput();
    markSearchResultsPainted();
    await nextPaint();
    markSearchResultsPainted();
    await nextPaint();

    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(1);
  });

  it('ignores result renders that no keystroke caused', async () => {
    markSearchResultsPainted();
    await nextPaint();

    expect(measures(CATALOGUE_SEARCH_MEASURE)).toHaveLength(0);
  });
});
