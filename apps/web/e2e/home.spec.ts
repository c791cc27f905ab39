import { expect, test, waitForLanding, watchPageProblems } from './fixtures';

test('the landing page loads from the real server with the demo catalogue', async ({ page }) => {
  const problems = watchPageProblems(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");

  await waitForLanding(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const id of ['home', 'about', 'products', 'services', 'contact']) {
    await expect(page.locator(`section#${id}`)).toHaveCount(1);
  }

  // Featured items come from the seeded database through the API, at most 6, with real pictures.
  const details = page.locator('#products').getByRole('link', { name: /^View Details:/ });
  await expect(details.first()).toBeVisible();
  expect(await details.count()).toBeLessThanOrEqual(6);
  const image = page.locator('#products img[src^="/uploads/"]').first();
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  expect(problems).toEqual([]);
});

test('an unknown route shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Not Found')).toBeVisible();
});
