import type { Browser, Page } from '@playwright/test';
import {
  CATALOGUE_CARDS_MEASURE,
  CATALOGUE_SEARCH_MEASURE,
} from '../../apps/web/src/features/catalogue/lib/perf-marks';
import { median } from './stats';

export interface CatalogueFigures {
  spareParts: number;
  firstCardsMs: number[];
  searchMs: number[];
  firstCardsMedianMs: number | null;
  searchMedianMs: number | null;
  /** Set when the build has no perf marks (built before perf-marks.ts existed). */
  warning?: string;
}

const MARK_TIMEOUT_MS = 15_000;
const SEARCH_TERMS = ['bearing', 'chuck', 'gear', 'collet', 'spindle'];

const measures = (page: Page, name: string) =>
  page.evaluate((n) => performance.getEntriesByName(n, 'measure').map((entry) => entry.duration), name);

async function waitForMeasureCount(page: Page, name: string, count: number): Promise<void> {
  await page.waitForFunction(
    ({ n, c }) => performance.getEntriesByName(n, 'measure').length >= c,
    { n: name, c: count },
    { timeout: MARK_TIMEOUT_MS },
  );
}

/** Spare parts tab of /products, read from the marks in apps/web/src/features/catalogue/lib/perf-marks.ts. */
export async function measureCatalogue(
  browser: Browser,
  origin: string,
  spareParts: number,
  repetitions: number,
): Promise<CatalogueFigures> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const url = `${origin}/products?tab=spares`;
  const firstCardsMs: number[] = [];
  try {
    for (let run = 0; run < repetitions; run += 1) {
      let response = await page.goto(url, { waitUntil: 'load' });
      // A server still shedding load answers 503 with Retry-After: wait it out, as a browser user would.
      for (let retry = 0; response?.status() === 503 && retry < 15; retry += 1) {
        await page.waitForTimeout(1000);
        response = await page.goto(url, { waitUntil: 'load' });
      }
      if (!response?.ok()) throw new Error(`/products answered ${response?.status()}`);
      await page.locator('ul li article, ul li a').first().waitFor({ timeout: 30_000 });
      try {
        await waitForMeasureCount(page, CATALOGUE_CARDS_MEASURE, 1);
      } catch {
        return {
          spareParts,
          firstCardsMs,
          searchMs: [],
          firstCardsMedianMs: null,
          searchMedianMs: null,
          warning: 'No catalogue performance marks: the web build predates perf-marks.ts (rebuild it).',
        };
      }
      firstCardsMs.push(...(await measures(page, CATALOGUE_CARDS_MEASURE)));
    }

    const search = page.locator('#catalogue-search');
    const searchMs: number[] = [];
    let seen = (await measures(page, CATALOGUE_SEARCH_MEASURE)).length;
    for (let term = 0; searchMs.length < repetitions; term += 1) {
      const word = SEARCH_TERMS[term % SEARCH_TERMS.length]!;
      // Start each word from the full list; the clearing keystroke is not counted.
      if ((await search.inputValue()) !== '') {
        await search.fill('');
        seen += 1;
        await waitForMeasureCount(page, CATALOGUE_SEARCH_MEASURE, seen);
      }
      for (const char of word.slice(0, 3)) {
        if (searchMs.length >= repetitions) break;
        await search.press(char);
        seen += 1;
        await waitForMeasureCount(page, CATALOGUE_SEARCH_MEASURE, seen);
        const all = await measures(page, CATALOGUE_SEARCH_MEASURE);
        searchMs.push(all[all.length - 1]!);
      }
    }
    return {
      spareParts,
      firstCardsMs,
      searchMs,
      firstCardsMedianMs: median(firstCardsMs),
      searchMedianMs: median(searchMs),
    };
  } finally {
    await context.close();
  }
}
