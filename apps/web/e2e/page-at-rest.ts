import type { Page } from '@playwright/test';

/**
 * Waits until the page has not scrolled for three frames. A jump's scroll event comes a frame
 * later, and what it brings on screen may move the page once more as it is laid out; the catalogue
 * journeys and the bench (scripts/bench/catalogue.ts) start counting or timing from a page at rest.
 * A string, not a function: the bench runs under tsx, which would wrap a named function in a
 * helper the page does not have.
 */
export async function waitForPageAtRest(page: Page): Promise<void> {
  await page.evaluate(`new Promise((resolve) => {
    let last = window.scrollY;
    let still = 0;
    const step = () => {
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
      if (still >= 3) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })`);
}
