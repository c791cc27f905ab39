import { type APIRequestContext, type Locator, type Page, expect, test as base } from '@playwright/test';
import { ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY } from '@capstan/shared';
import { E2E_ADMIN, e2eBaseUrl } from './servers';

export { E2E_ADMIN };

/** Playwright's test, each worker against its own server (playwright.config.ts). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its destructured first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(e2eBaseUrl(testInfo.parallelIndex)),
});
export { expect };

/** Collects console errors, failed scripts and CSP violations; assert it stays empty. */
export function watchPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: E2E_ADMIN });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Opens a page and waits until the app has taken over the server-rendered HTML, moving the
 * pointer as a visitor does: the landing and details pages start their app at the first sign of
 * use (decision 009). The page's loader notes the first move, and the entry, which it adds after the
 * first paint, then starts the app at once; the pointer keeps moving, as a visitor's would, until the app is up.
 */
export async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  const ready = page.locator('html[data-app-ready]');
  const deadline = Date.now() + 20_000;
  for (let step = 1; (await ready.count()) === 0; step += 1) {
    if (Date.now() > deadline) throw new Error(`the app never took over ${url}`);
    await page.mouse.move(1 + (step % 2), 1);
    await page.waitForTimeout(50);
  }
  return response;
}

/**
 * Resolves once the page has reacted to what was just done (a scroll, a resize): two frames drawn,
 * then the browser idle (the floating group checks what lies under it at idle, and sections are
 * drawn as they near the screen), then one more frame for what that changed.
 */
export async function pageSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const frame = (next: () => void) => requestAnimationFrame(() => next());
        frame(() => frame(() => requestIdleCallback(() => frame(resolve), { timeout: 1000 })));
      }),
  );
}

/**
 * Clicks a link that lies below cards the browser has not drawn yet. Cards out of view are laid out
 * only once they come near the screen (`content-visibility: auto`), so the frame after Playwright
 * scrolls to the link moves it (about 100 px down on the catalogue's pagination, cards being taller
 * than the height reserved for them). A press that lands before that frame and a release after it
 * makes no click: the URL stays where it was, as it did in CI with and without JavaScript. Scrolling
 * first and letting a trial click wait until the link holds still for two frames leaves nothing to
 * move under the real one. Playwright's checks run in its own world, so this works without
 * JavaScript too.
 */
export async function clickBelowTheCards(link: Locator): Promise<void> {
  await link.scrollIntoViewIfNeeded();
  await link.click({ trial: true });
  await link.click();
}

/** The landing page shows a 1.5 s overlay on arrival, hidden by CSS alone; wait until it is gone. */
export async function waitForLanding(page: Page): Promise<void> {
  await expect(page.getByTestId('loading-overlay')).toBeHidden({ timeout: 5000 });
}

/**
 * The e2e servers hash at production's scrypt cost (2^17): a sign-in that takes a fraction of a
 * second on a quiet machine took over five on a loaded one (three journeys at once).
 */
export const SIGN_IN_TIMEOUT_MS = 30_000;

/**
 * Signs in as the login dialog does, without the dialog: the server's answer is stored where the
 * app keeps its session (apps/web/src/lib/auth-storage.ts), then the dashboard opens. The dialog
 * itself has its journeys (chat-and-login, admin-keyboard); going through the landing page cost
 * every admin journey a page load and the 1.5 s arrival overlay.
 */
export async function loginAsAdmin(
  page: Page,
  account: { email: string; password: string } = E2E_ADMIN,
): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: account, timeout: SIGN_IN_TIMEOUT_MS });
  expect(response.status()).toBe(200);
  const session = (await response.json()) as { token: string; user: unknown };
  // Any page of the site's origin gives access to its storage; this one is small and runs no script.
  await page.goto('/robots.txt');
  await page.evaluate(
    ([keys, value]) => {
      localStorage.setItem(keys[0], value.token);
      localStorage.setItem(keys[1], JSON.stringify(value.user));
    },
    [[ADMIN_TOKEN_STORAGE_KEY, ADMIN_USER_STORAGE_KEY], session] as const,
  );
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeVisible();
}

/** Accepts every window.alert / confirm on the page and records its text. */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}

/** A small solid-colour PNG made with sharp, as a file payload for `setInputFiles`. */
export async function pngFile(
  name: string,
  rgb: { r: number; g: number; b: number },
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: rgb } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The public catalogue's 'View Details' links whose name matches, searched on one tab. */
export async function catalogueResults(page: Page, tab: 'machines' | 'spares' | 'services', term: string) {
  await page.goto(`/products?tab=${tab}&q=${encodeURIComponent(term)}`);
  await expect(
    page
      .getByRole('searchbox')
      .or(page.getByPlaceholder(/search/i))
      .first(),
  ).toHaveValue(term);
  return page.getByRole('link', { name: `View Details: ${term}`, exact: true });
}

/**
 * Scrolls down a screen at a time until the floating pair's chat button is shown and can be
 * clicked: each page must have such places. A page still settling (pictures, data, sections drawn as they near) can
 * move text under the button a moment later, and it then rightly steps aside: such a place does
 * not count.
 */
export async function scrollUntilShown(page: Page, url: string): Promise<void> {
  const toggle = page.getByRole('group', { name: 'Quick contact' }).getByRole('button', { name: 'Open chat' });
  // Where nothing lies under it, the group comes back a moment after the page has settled: within
  // 600 ms on a quiet machine. A second pass waits longer at each screen, for a machine as loaded as
  // CI's, where a product page at 1440 px once had no screen on which it came back in time.
  for (const comeBackMs of [600, 3000]) {
    for (let y = 0; ; y += page.viewportSize()!.height) {
      const max = await page.evaluate((top) => {
        window.scrollTo({ top, behavior: 'instant' });
        return document.documentElement.scrollHeight - window.innerHeight;
      }, y);
      await pageSettled(page);
      await toggle.waitFor({ state: 'visible', timeout: comeBackMs }).catch(() => undefined);
      if (await toggle.isVisible()) {
        const clickable = await toggle
          .click({ trial: true, timeout: 1000 })
          .then(() => true)
          .catch(() => false);
        if (clickable) return;
      }
      if (y >= max) break;
    }
  }
  throw new Error(`the floating chat button is never shown on ${url}`);
}
