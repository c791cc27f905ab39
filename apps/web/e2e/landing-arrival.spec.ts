import { expect, test } from '@playwright/test';
import { gotoReady, waitForLanding, watchPageProblems } from './fixtures';

test('the statistics count up on arrival before the app starts, the figures staying in the text', async ({ page }) => {
  const problems = watchPageProblems(page);
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Company statistics' });
  const counter = strip.locator('.stat-count').nth(1);
  const seen: number[] = [];
  const deadline = Date.now() + 6000;
  while (Date.now() < deadline) {
    seen.push(Number(await counter.evaluate((element) => getComputedStyle(element).getPropertyValue('--stat-now'))));
    if (seen.at(-1) === 500) break;
    await page.waitForTimeout(50);
  }
  expect(seen.at(-1)).toBe(500);
  expect(seen.some((value) => value > 0 && value < 500)).toBe(true);
  // The counter is drawn by CSS; the figure stays in the text for readers and crawlers.
  expect(await counter.evaluate((element) => getComputedStyle(element, '::before').content)).toMatch(/counter/);
  await expect(strip.getByTestId('stat-value').nth(1)).toHaveText('500+');
  // No input was made: the app has not started, the page counted by itself.
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('under reduced motion the statistics show their final figures at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const counter = page.locator('.stat-count').nth(1);
  expect(await counter.evaluate((element) => getComputedStyle(element, '::before').content)).toBe('none');
  await expect(counter).toHaveText('500');
  await expect(counter.locator('.stat-final')).toBeVisible();
});

test('the loading overlay shows on arrival only, not on an in-app return to the landing page', async ({ page }) => {
  await gotoReady(page, '/');
  await waitForLanding(page);
  await page
    .locator('#products')
    .getByRole('link', { name: /^View Details:/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await page
    .getByRole('link', { name: /Request Quote/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#contact$/);
  await expect(page.getByRole('form', { name: 'Contact form' })).toBeVisible();
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('loading-overlay')).toHaveCount(0);
});

test('the mobile menu closes on Escape once the app runs, focus back on its toggle', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoReady(page, '/');
  await waitForLanding(page);
  const bar = page.getByTestId('landing-nav');
  await bar.locator('summary').click();
  await expect(bar.locator('details')).toHaveAttribute('open', '');
  await expect(bar.locator('details nav')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(bar.locator('details')).not.toHaveAttribute('open');
  await expect(bar.locator('summary')).toBeFocused();
});
