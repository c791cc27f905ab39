import { expect, test } from '@playwright/test';

test('the home page loads from the real server with the demo catalogue', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Featured items come from the seeded database through the API, with their images.
  const cards = page.locator('a[href^="/product/"]');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(0);
  expect(await cards.count()).toBeLessThanOrEqual(6);
  const firstImage = cards.first().locator('img');
  await expect(firstImage).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
  await expect.poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // No CSP violation, failed script or runtime error.
  expect(problems).toEqual([]);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Not Found')).toBeVisible();
});
