import { type Browser, type Page } from '@playwright/test';
import {
  expect,
  test,
  acceptDialogs,
  catalogueResults,
  loginAsAdmin,
  pngFile,
  waitForLanding,
  watchPageProblems,
} from './fixtures';

/** Public pages as a visitor: a signed-in admin is sent to the dashboard (SPEC), so no token here. */
async function visitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test('admin: add a machine with two images → catalogue and details → edit → feature → delete', async ({
  page,
  browser,
}) => {
  const problems = watchPageProblems(page);
  const dialogs = acceptDialogs(page);
  const name = `E2E Machine ${Date.now()}`;
  const renamed = `${name} Mk II`;

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole('button', { name: 'Add New Machine' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Machine' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('A capstan lathe added by the e2e journey.');
  await page.getByLabel('Brand (optional)', { exact: true }).fill('E2E Works');
  await page.getByLabel('Price in ₹ (optional)', { exact: true }).fill('1250000');
  await page.getByLabel('Specification 1 name', { exact: true }).fill('Spindle bore');
  await page.getByLabel('Specification 1 value', { exact: true }).fill('42 mm');
  await page.getByLabel('Specification 2 name', { exact: true }).fill('Turret stations');
  await page.getByLabel('Specification 2 value', { exact: true }).fill('6');
  await page.getByLabel('Specification 3 name', { exact: true }).fill('Motor');
  await page.getByLabel('Specification 3 value', { exact: true }).fill('3 HP');
  await page
    .getByLabel('Images', { exact: true })
    .setInputFiles([
      await pngFile('front.png', { r: 200, g: 40, b: 40 }),
      await pngFile('side.png', { r: 40, g: 40, b: 200 }),
    ]);
  await expect(page.getByText('2 of 6 images.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Machine', exact: true }).click();

  // The spec's alert texts are toasts (decision 012); the saved machine is shown on its tab.
  await expect(page).toHaveURL(/\/admin\/products\?saved=[0-9a-f-]{36}$/);
  await expect(page.getByText('Machine added successfully!').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Just saved' })).toContainText(name);
  const card = page.getByTestId('admin-product-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);

  // The public catalogue and details page, as a visitor.
  const visitor = await visitorPage(browser);
  const results = await catalogueResults(visitor, 'machines', name);
  await expect(results).toHaveCount(1);
  await results.click();
  await expect(visitor).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  const productPath = new URL(visitor.url()).pathname;
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  const thumbnails = visitor.getByRole('button', { name: /^Show / }).locator('img[src^="/uploads/"]');
  await expect(thumbnails).toHaveCount(2);
  for (const thumbnail of await thumbnails.all()) {
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(visitor.getByText('Spindle bore')).toBeVisible();

  // Edit: rename; the two images are kept.
  await card.getByRole('button', { name: 'Edit Machine' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Machine' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByText('2 of 6 images.')).toBeVisible();
  await expect(page.getByLabel('Specification 3 value', { exact: true })).toHaveValue('3 HP');
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Machine', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?saved=[0-9a-f-]{36}$/);
  await expect(page.getByText('Machine updated successfully!').first()).toBeVisible();
  await expect(page.getByTestId('admin-product-card').filter({ hasText: renamed })).toHaveCount(1);

  await visitor.goto(productPath);
  await expect(visitor.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Show / }).locator('img[src^="/uploads/"]')).toHaveCount(2);

  // Feature it on the Featured Products screen.
  await page.getByRole('button', { name: 'Featured Products' }).click();
  await expect(page).toHaveURL(/\/admin\/featured-products$/);
  const checkbox = page.getByRole('checkbox', { name: `Featured: ${renamed}`, exact: true });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Featured products updated successfully').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  await visitor.goto('/');
  await waitForLanding(visitor);
  await expect(
    visitor.locator('#products').getByRole('link', { name: `View Details: ${renamed}`, exact: true }),
  ).toBeVisible();

  // Delete it from the list, through the confirmation dialog.
  await page.getByRole('button', { name: 'Back to Products' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
  await page.getByRole('button', { name: `Delete ${renamed}`, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete item' });
  await expect(confirm).toContainText(`Delete "${renamed}"?`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('admin-product-card').filter({ hasText: renamed })).toHaveCount(0);

  await catalogueResults(visitor, 'machines', renamed);
  await expect(visitor.getByText(`No results found for "${renamed}"`)).toBeVisible();
  // No blocking browser dialog anywhere on the way.
  expect(dialogs).toEqual([]);
  expect((await visitor.request.get(productPath.replace('/product/', '/api/products/'))).status()).toBe(404);
  await visitor.context().close();

  expect(problems).toEqual([]);
});
