import { expect, test, catalogueResults, loginAsAdmin, pngFile, watchPageProblems } from './fixtures';

test('admin: add a service with an uploaded image → catalogue → edit → delete', async ({ page, browser }) => {
  const problems = watchPageProblems(page);
  const name = `E2E Overhaul ${Date.now()}`;
  const renamed = `${name} Plus`;

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('tab', { name: 'Services' }).click();
  await page.getByRole('button', { name: 'Add New Service' }).click();
  await expect(page).toHaveURL(/\/admin\/services\/add$/);
  await expect(page.getByRole('heading', { name: 'Add New Service' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('A full overhaul booked by the e2e journey.');
  await page.getByLabel('Specification name', { exact: true }).fill('Duration');
  await page.getByLabel('Specification value', { exact: true }).fill('3 days');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Specifications' })).toContainText('Duration: 3 days');

  // The image goes up through /api/upload-images first, then the service is saved with its URL.
  const upload = page.waitForResponse((r) => r.url().endsWith('/api/upload-images') && r.request().method() === 'POST');
  await page
    .getByLabel('Images', { exact: true })
    .setInputFiles(await pngFile('overhaul.png', { r: 120, g: 0, b: 160 }));
  await expect(page.getByText('1 of 6 images.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Service', exact: true }).click();
  expect((await upload).ok()).toBe(true);
  await expect(page.getByText('Service added successfully!').first()).toBeVisible();
  // Saved services land on the Services tab with the new service shown (decision 012).
  await expect(page).toHaveURL(/\/admin\/products\?tab=services&saved=[0-9a-f-]{36}$/);
  await expect(page.getByRole('tab', { name: 'Services' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Just saved' })).toContainText(name);
  const card = page.getByTestId('admin-product-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);

  const visitor = await (await browser.newContext()).newPage();
  const results = await catalogueResults(visitor, 'services', name);
  await expect(results).toHaveCount(1);
  const image = visitor.locator('article').filter({ has: results }).locator('img[src^="/uploads/"]');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await card.getByRole('button', { name: 'Edit Service' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Service' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByText('1 of 6 images.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Specifications' })).toContainText('Duration: 3 days');
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Service', exact: true }).click();
  await expect(page.getByText('Service updated successfully!').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/products\?tab=services&saved=[0-9a-f-]{36}$/);
  await expect(page.getByRole('region', { name: 'Just saved' })).toContainText(renamed);

  await catalogueResults(visitor, 'services', renamed);
  await expect(visitor.getByRole('link', { name: `View Details: ${renamed}`, exact: true })).toHaveCount(1);

  // Delete from the Services list, through the confirmation dialog.
  await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete item' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText(`"${renamed}" was deleted.`).first()).toBeVisible();
  await expect(page.getByTestId('admin-product-card').filter({ hasText: renamed })).toHaveCount(0);

  await catalogueResults(visitor, 'services', renamed);
  await expect(visitor.getByText(`No results found for "${renamed}"`)).toBeVisible();
  await visitor.context().close();

  expect(problems).toEqual([]);
});
