import type { Browser, Locator, Page } from '@playwright/test';
import {
  CATALOGUE_CARDS_MEASURE,
  CATALOGUE_SEARCH_MEASURE,
} from '../../apps/web/src/features/catalogue/lib/perf-marks';
import { APP_READY_ATTRIBUTE } from '../../apps/web/src/lib/page-handover';
import { waitForPageAtRest } from '../../apps/web/e2e/page-at-rest';
import { median } from './stats';

export interface CatalogueFigures {
  spareParts: number;
  /** Page data arrival (responseEnd of its request) → its cards painted, per page change. */
  firstCardsMs: number[];
  /** One keystroke, typed once the previous one's results were painted → its results painted (budgeted). */
  searchMs: number[];
  /** A term typed at a typist's pace: its last keystroke → that term's results painted. */
  typingSearchMs: number[];
  /** Click on Next/Previous page → the new page's cards painted: the network fetch included. */
  pageChangeMs: number[];
  firstCardsMedianMs: number | null;
  searchMedianMs: number | null;
  typingSearchMedianMs: number | null;
  pageChangeMedianMs: number | null;
  /** Set when the build has no perf marks (built before perf-marks.ts existed). */
  warning?: string;
}

const MARK_TIMEOUT_MS = 15_000;
const SEARCH_TERMS = ['bearing', 'chuck', 'gear', 'collet', 'spindle'];
/** Roughly a quick typist: each keystroke asks the server, and earlier answers may still be in flight. */
const KEYSTROKE_DELAY_MS = 120;

const CLICK_MARK = 'bench:page-click';
const NO_MARKS = 'No catalogue performance marks: the web build predates perf-marks.ts (rebuild it).';

/** The end (paint) times of a measure's entries that started at or after `since`. */
const measureEnds = (page: Page, name: string, since: number) =>
  page.evaluate(
    ({ n, s }) =>
      performance
        .getEntriesByName(n, 'measure')
        .filter((entry) => entry.startTime >= s)
        .map((entry) => ({ duration: entry.duration, end: entry.startTime + entry.duration })),
    { n: name, s: since },
  );

/**
 * Resolves once a measure named `name` starts at or after `since`. It waits inside the page, on a
 * PerformanceObserver (set up before a timed keystroke), not by polling from outside: Playwright's
 * polling evaluated its own script in the page between the results' paint and the mark that times
 * it, and added 20–40 ms to the first keystroke of a page in traces (decision 060).
 */
const waitForMeasureSince = (page: Page, name: string, since: number): Promise<void> =>
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  page.evaluate(
    ({ n, s, timeout }) =>
      new Promise<void>((resolve, reject) => {
        if (performance.getEntriesByName(n, 'measure').some((entry) => entry.startTime >= s)) return resolve();
        const observer = new PerformanceObserver(() => {
          if (!performance.getEntriesByName(n, 'measure').some((entry) => entry.startTime >= s)) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`No ${n} measure within ${timeout} ms`));
        }, timeout);
        observer.observe({ type: 'measure' });
      }),
    { n: name, s: since, timeout: MARK_TIMEOUT_MS },
  );

const pageNow = (page: Page) => page.evaluate(() => performance.now());

async function openCatalogue(page: Page, url: string): Promise<void> {
  let response = await page.goto(url, { waitUntil: 'load' });
  // A server still shedding load answers 503 with Retry-After: wait it out, as a browser user would.
  for (let retry = 0; response?.status() === 503 && retry < 15; retry += 1) {
    await page.waitForTimeout(1000);
    response = await page.goto(url, { waitUntil: 'load' });
  }
  if (!response?.ok()) throw new Error(`/products answered ${response?.status()}`);
  await page.locator('ul li article').first().waitFor({ timeout: 30_000 });
  // The catalogue's app starts at the visitor's first input (decision 009), and until it has
  // hydrated the server's HTML a click is only held, not answered. The pointer moves as a
  // visitor's would until the app is up (a move before the entry has loaded goes unseen).
  const ready = page.locator(`html[${APP_READY_ATTRIBUTE}]`);
  const deadline = Date.now() + 30_000;
  for (let step = 1; (await ready.count()) === 0; step += 1) {
    if (Date.now() > deadline) throw new Error('The catalogue app never took over the page');
    await page.mouse.move(1 + (step % 2), 1);
    await page.waitForTimeout(50);
  }
}

/**
 * A client-side page change. The first page comes embedded in the server-rendered HTML, so its
 * cards never "arrive"; the next page is a real fetch of 24 spare parts from the full list (its
 * search, order and offset done by the server at scale). Measured: its response's last byte →
 * its cards painted (`firstCardsMs`, what the screen itself costs), and the click → that paint
 * (`pageChangeMs`, what the visitor waits, the round trip included).
 */
async function changePage(page: Page): Promise<{ cards: number; click: number }> {
  // Links since decision 014 (a page of the catalogue has its own URL); the missing step is marked
  // aria-disabled.
  const next = page.getByRole('link', { name: 'Next page' });
  const button =
    (await next.getAttribute('aria-disabled')) === 'true' ? page.getByRole('link', { name: 'Previous page' }) : next;
  const since = await pageNow(page);
  // The click's own time stamp, so Playwright's checks before clicking are not counted.
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  await page.evaluate((mark) => {
    performance.clearMarks(mark);
    document.addEventListener('click', (event) => performance.mark(mark, { startTime: event.timeStamp }), {
      capture: true,
      once: true,
    });
  }, CLICK_MARK);
  await button.click();
  const clickedAt = await page.evaluate((mark) => performance.getEntriesByName(mark, 'mark')[0]!.startTime, CLICK_MARK);
  // The app may still be measuring the page it took over from the server's HTML: only cards
  // painted after the click are the new page's.
  await page.waitForFunction(
    ({ n, c }) => performance.getEntriesByName(n, 'measure').some((entry) => entry.startTime + entry.duration >= c),
    { n: CATALOGUE_CARDS_MEASURE, c: clickedAt },
    { timeout: MARK_TIMEOUT_MS },
  );
  const measure = (await measureEnds(page, CATALOGUE_CARDS_MEASURE, since)).find((entry) => entry.end >= clickedAt);
  return { cards: measure!.duration, click: measure!.end - clickedAt };
}

/** Presses `key` in `field` and waits for the search measure it starts; returns its duration. */
async function timedKeystroke(page: Page, field: Locator, key: string): Promise<number> {
  const since = await pageNow(page);
  const settled = waitForMeasureSince(page, CATALOGUE_SEARCH_MEASURE, since);
  // Awaited below; this only keeps a failed press from also leaving it rejected unheard.
  settled.catch(() => undefined);
  await field.press(key);
  await settled;
  const [measure] = await measureEnds(page, CATALOGUE_SEARCH_MEASURE, since);
  return measure!.duration;
}

/**
 * Brings `field` into view, puts the focus in it and waits for the page to be still, as a visitor
 * scrolls up to the box and clicks into it before typing. After a page link the box is above the screen, and Playwright's press would
 * bring it into view itself: the page's smooth scroll then ran under the timed keystroke, with a
 * frame of its own work at each step (decision 060), which is the scroll's cost, not the search's.
 */
async function focusAtRest(page: Page, field: Locator): Promise<void> {
  // Brought into view at once: focus() alone starts the page's smooth scroll a few frames later.
  await field.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  await field.focus();
  await waitForPageAtRest(page);
}

/**
 * The catalogue's keystroke figure: a keystroke → the updated results painted. Each of the term's first three
 * letters is typed once the previous letter's results are on screen, and timed on its own.
 */
async function searchKeyByKey(page: Page, term: string): Promise<number[]> {
  const search = page.locator('#catalogue-search');
  await focusAtRest(page, search);
  const durations: number[] = [];
  for (const char of term.slice(0, 3)) durations.push(await timedKeystroke(page, search, char));
  const since = await pageNow(page);
  await search.fill('');
  // The cleared box's results are painted before the next term is typed.
  await waitForMeasureSince(page, CATALOGUE_SEARCH_MEASURE, since);
  return durations;
}

/**
 * Types a real search term at a typist's pace into the search box (every keystroke asks the
 * server; there is no debounce) and measures its last keystroke → the paint of the results for
 * the whole term. Cards of an earlier prefix still on screen do not count (perf-marks.ts).
 */
async function searchFor(page: Page, term: string): Promise<number> {
  const search = page.locator('#catalogue-search');
  await search.pressSequentially(term.slice(0, -1), { delay: KEYSTROKE_DELAY_MS });
  await page.waitForTimeout(KEYSTROKE_DELAY_MS);
  return timedKeystroke(page, search, term.slice(-1));
}

/**
 * Spare parts tab of /products at scale, read from the marks in
 * apps/web/src/features/catalogue/lib/perf-marks.ts. Each run is a fresh browser context (no HTTP
 * or query cache from an earlier run) that opens a different page of the list, so the page it
 * moves to and the term it types are fetched over the network.
 */
export async function measureCatalogue(
  browser: Browser,
  origin: string,
  spareParts: number,
  repetitions: number,
): Promise<CatalogueFigures> {
  const firstCardsMs: number[] = [];
  const pageChangeMs: number[] = [];
  const searchMs: number[] = [];
  const typingSearchMs: number[] = [];
  const figures = (warning?: string): CatalogueFigures => ({
    spareParts,
    firstCardsMs,
    searchMs,
    typingSearchMs,
    pageChangeMs,
    firstCardsMedianMs: median(firstCardsMs),
    searchMedianMs: median(searchMs),
    typingSearchMedianMs: median(typingSearchMs),
    pageChangeMedianMs: median(pageChangeMs),
    ...(warning === undefined ? {} : { warning }),
  });

  for (let run = 0; run < repetitions; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      const page = await context.newPage();
      // A page past the end shows the last one, so this works at any scale.
      await openCatalogue(page, `${origin}/products?tab=spares${run === 0 ? '' : `&page=${run + 1}`}`);
      let changed;
      try {
        changed = await changePage(page);
      } catch (error) {
        // Only a build without the marks times out here; anything else is a bench bug to see.
        if (error instanceof Error && error.name === 'TimeoutError') return figures(NO_MARKS);
        throw error;
      }
      firstCardsMs.push(changed.cards);
      pageChangeMs.push(changed.click);
      searchMs.push(...(await searchKeyByKey(page, SEARCH_TERMS[run % SEARCH_TERMS.length]!)));
      typingSearchMs.push(await searchFor(page, SEARCH_TERMS[(run + 1) % SEARCH_TERMS.length]!));
    } finally {
      await context.close();
    }
  }
  return figures();
}
