import { expect, test, gotoReady, waitForLanding, watchPageProblems } from './fixtures';

test('the statistics count up on arrival before the app starts, the figures being the text', async ({ page }) => {
  // Journeys run under reduced motion (playwright.config.ts); the count-up is motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const problems = watchPageProblems(page);
  await page.goto('/');
  const strip = page.getByRole('region', { name: 'Company statistics' });
  const figure = strip.locator('.stat-final').nth(1);
  const seen: number[] = [];
  const deadline = Date.now() + 6000;
  while (Date.now() < deadline) {
    seen.push(Number(await figure.textContent()));
    if (seen.at(-1) === 500 && (await strip.locator('dl[data-count-up="done"]').count()) === 1) break;
    await page.waitForTimeout(50);
  }
  expect(seen.at(-1)).toBe(500);
  expect(seen.some((value) => value > 0 && value < 500)).toBe(true);
  // The figure is the page's text, drawn by nothing else.
  await expect(strip.locator('dd').nth(1)).toHaveText('500+');
  expect(await page.evaluate(() => document.body.innerText)).toContain('500+');
  expect(await figure.evaluate((element) => getComputedStyle(element.parentElement!, '::before').content)).toBe('none');
  // No input was made: the app has not started, the page counted by itself.
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('under reduced motion the statistics show their final figures at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const figure = page.locator('.stat-final').nth(1);
  await expect(page.locator('dl[data-count-up]')).toHaveCount(0);
  await expect(figure).toHaveText('500');
  await expect(figure).toBeVisible();
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
