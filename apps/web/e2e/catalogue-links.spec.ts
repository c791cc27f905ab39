import { type APIRequestContext } from '@playwright/test';
import { expect, test, clickBelowTheCards, gotoReady } from './fixtures';
import { waitForPageAtRest } from './page-at-rest';

/** Hrefs of the `<a>` elements in server HTML, as a crawler reads them (no script runs). */
function linksIn(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

async function allItemIds(request: APIRequestContext): Promise<string[]> {
  const ids: string[] = [];
  for (const list of ['/api/products', '/api/spareparts', '/api/services']) {
    const response = await request.get(`${list}?limit=100`);
    expect(response.ok()).toBe(true);
    const items = (await response.json()) as { id: string }[];
    expect(items.length).toBe(Number(response.headers()['x-total-count']));
    ids.push(...items.map((item) => item.id));
  }
  return ids;
}

for (const start of ['/', '/ta/']) {
  test(`a crawler following links from ${start} in the server HTML reaches every item page in that language`, async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const expected = await allItemIds(request);
    expect(expected.length).toBeGreaterThan(40);
    // The language switch leads to the same pages in the other languages: a crawl of one language
    // stays in it (each language is crawled from its own home, and the sitemap lists them all).
    const prefix = start === '/' ? '' : start.slice(0, -1);
    const inLanguage = (pathname: string) =>
      prefix === '' ? !/^\/(ta|hi)(\/|$)/.test(pathname) : pathname.startsWith(`${prefix}/`);
    const productPath = new RegExp(`^${prefix}/product/([^/?]+)$`);

    const seen = new Set<string>([start]);
    const queue = [start];
    const reached = new Set<string>();
    while (queue.length > 0) {
      const path = queue.shift()!;
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const match = productPath.exec(path);
      if (match) reached.add(decodeURIComponent(match[1]!));
      if (!(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
      for (const href of linksIn(await response.text())) {
        const url = new URL(href, `${origin}${path}`);
        if (url.origin !== origin || /^\/(admin|api|uploads|assets)\b/.test(url.pathname)) continue;
        if (!inLanguage(url.pathname)) continue;
        const next = `${url.pathname}${url.search}`;
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
      expect(seen.size, 'the crawl should stay small').toBeLessThan(400);
    }

    expect([...reached].sort()).toEqual([...expected].sort());
    // Tab and page URLs were what led there.
    expect(seen).toContain(`${prefix}/products?tab=spares`);
    expect(seen).toContain(`${prefix}/products?tab=spares&page=2`);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('a phone visitor switches tab, pages and searches through server pages', async ({ page }) => {
    await page.goto('/products');
    await page
      .getByRole('navigation', { name: 'Catalogue tabs' })
      .getByRole('link', { name: /^Spare Parts/ })
      .click();
    await expect(page).toHaveURL(/\/products\?tab=spares$/);
    await expect(page.getByText(/^Showing 1–24 of \d+ spare parts$/)).toBeVisible();

    await clickBelowTheCards(page.getByRole('link', { name: 'Next page' }));
    await expect(page).toHaveURL(/\/products\?tab=spares&page=2$/);
    await expect(page.getByText(/^Showing 25–\d+ of \d+ spare parts$/)).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search spare parts' });
    await search.fill('collet');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=collet&tab=spares$/);
    await expect(page.getByText(/^Showing [\d–]+ of \d+ spare parts matching "collet"$/)).toBeVisible();
    const names = await page.locator('article h3').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain('collet');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const url of ['/products', '/products?tab=spares', '/products?tab=services']) {
    test(`the first card, picture, name and View Details, is on the first screen of ${url}`, async ({ page }) => {
      await page.goto(url);
      const card = page.locator('article').first();
      const picture = (await card.locator('img').first().boundingBox())!;
      const name = (await card.locator('h3').boundingBox())!;
      expect(picture.y).toBeGreaterThan(0);
      expect(picture.y).toBeLessThan(844);
      expect(name.y + name.height).toBeLessThanOrEqual(844);
      // The card used to begin at y≈530 with its buttons below the fold: now it can be
      // opened without scrolling.
      const details = (await card.getByRole('link', { name: /^View Details/ }).boundingBox())!;
      expect(details.y + details.height).toBeLessThanOrEqual(844);
      // The tabs fit the width: no chip is cut off at the edge.
      const tabs = page.getByRole('navigation', { name: 'Catalogue tabs' }).getByRole('link');
      await expect(tabs).toHaveCount(3);
      for (const box of await tabs.evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right))) {
        expect(box).toBeLessThanOrEqual(390);
      }
    });
  }
});

test('with the app running, card and page links are followed in place, and a Ctrl-click opens a tab', async ({
  page,
  context,
}) => {
  await gotoReady(page, '/products?tab=spares');
  // A mark on this document: a link followed by loading another document loses it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const sameDocument = () => page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument === true);

  const next = page.getByRole('link', { name: 'Next page' });
  await next.evaluate((link) => link.scrollIntoView({ block: 'center', behavior: 'instant' }));
  // Counted from a page at rest: that jump's own scroll events come a frame or two later.
  await waitForPageAtRest(page);
  // Every scroll the page link causes from here, with where it left the page.
  await page.evaluate(() => {
    const scrolls: number[] = [];
    Object.assign(window, { scrolls });
    window.addEventListener('scroll', () => scrolls.push(window.scrollY), { passive: true });
  });
  await next.click();
  await expect(page).toHaveURL(/\/products\?tab=spares&page=2$/);
  await expect(page.getByText(/^Showing 25–\d+ of \d+ spare parts$/)).toBeVisible();
  // Until every card shows the new page, the list says it is busy (decision 060).
  await expect(page.locator('ul[aria-busy="false"]')).toHaveCount(1);
  // The page link moves the focus to the results' heading (catalogue-screen.tsx).
  const resultsHeading = page.getByRole('heading', { level: 2, name: 'Spare Parts results' });
  await expect(resultsHeading).toBeFocused();
  // In one jump, not the page's smooth scroll through every card on the way (decision 060): once
  // the heading is at the top and the page at rest, one scroll event is all there was.
  await expect.poll(async () => Math.abs((await resultsHeading.boundingBox())!.y)).toBeLessThan(2);
  await waitForPageAtRest(page);
  const scrolls = await page.evaluate(() => (window as { scrolls?: number[] }).scrolls ?? []);
  expect(scrolls.length).toBe(1);
  expect(Math.abs((await resultsHeading.boundingBox())!.y)).toBeLessThan(2);

  // A button's variant and size are classes of the components layer (index.css), and a screen's
  // own utility still wins over them: the view toggle is a small ghost button made 32 px high.
  const style = (locator: ReturnType<typeof page.locator>, property: string) =>
    locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
  const gridView = page.getByRole('button', { name: 'Grid view' });
  expect(await style(gridView, 'height')).toBe('32px');
  const card = page.locator('article').first();
  const details = card.getByRole('link', { name: /^View Details/ });
  expect(await style(details, 'height')).toBe('36px');
  expect(await style(details, 'background-color')).toBe('rgb(255, 255, 255)');
  // The quote link is a default button in the accent colour: its utility wins over the variant's.
  expect(await style(card.getByRole('link', { name: /^Request Quote/ }), 'background-color')).toBe('rgb(249, 115, 22)');
  expect(await sameDocument()).toBe(true);

  const name = await card.locator('h3').textContent();
  const opened = context.waitForEvent('page');
  await card.getByRole('link', { name: /^View Details/ }).click({ modifiers: ['ControlOrMeta'] });
  const tab = await opened;
  await expect(tab).toHaveURL(/\/product\/[^/?]+$/);
  await tab.close();
  await expect(page).toHaveURL(/page=2$/);

  await card.getByRole('link', { name: /^View Details/ }).click();
  await expect(page).toHaveURL(/\/product\/[^/?]+$/);
  await expect(page.getByRole('heading', { level: 1, name: name! })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  await page.goBack();
  await page
    .getByRole('link', { name: /^Request Quote/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/\?service=.+#contact$/);
  await expect(page.locator('#contact')).toBeInViewport();
  expect(await sameDocument()).toBe(true);
});
