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

test('admin: add a spare part with two images → catalogue and details → edit → feature → delete', async ({
  page,
  browser,
}) => {
  const problems = watchPageProblems(page);
  const dialogs = acceptDialogs(page);
  const name = `E2E Collet ${Date.now()}`;
  const renamed = `${name} Hardened`;

  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('tab', { name: 'Spare Parts' }).click();
  await page.getByRole('button', { name: 'Add New Part' }).click();
  await expect(page).toHaveURL(/\/admin\/spareparts\/add$/);
  await expect(page.getByRole('heading', { name: 'Add New Spare Part' })).toBeVisible();
  // Spare parts have no brand or original price.
  await expect(page.getByLabel('Brand (optional)', { exact: true })).toHaveCount(0);

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('A spring collet added by the e2e journey.');
  await page.getByLabel('Price in ₹ (optional)', { exact: true }).fill('4500');
  await page.getByLabel('Specification 1 name', { exact: true }).fill('Bore');
  await page.getByLabel('Specification 1 value', { exact: true }).fill('25 mm');
  await page.getByLabel('Specification 2 name', { exact: true }).fill('Material');
  await page.getByLabel('Specification 2 value', { exact: true }).fill('Spring steel');
  await page
    .getByLabel('Images', { exact: true })
    .setInputFiles([
      await pngFile('collet-a.png', { r: 30, g: 160, b: 60 }),
      await pngFile('collet-b.png', { r: 230, g: 200, b: 20 }),
    ]);
  await expect(page.getByText('2 of 6 images.')).toBeVisible();
  await page.getByRole('button', { name: 'Add Spare Part', exact: true }).click();

  // Saved spare parts land on the Spare Parts tab.
  await expect(page).toHaveURL(/\/admin\/products\?tab=spares&saved=[0-9a-f-]{36}$/);
  await expect(page.getByText('Spare Part added successfully!').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Spare Parts' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Just saved' })).toContainText(name);
  // The list shows 24 at a time (decision 010): staff find a part by searching for it.
  await page.getByLabel('Search spare parts', { exact: true }).fill(name);
  const card = page.getByTestId('admin-product-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);

  const visitor = await (await browser.newContext()).newPage();
  const results = await catalogueResults(visitor, 'spares', name);
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

  await card.getByRole('button', { name: 'Edit Part' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Spare Part' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await expect(page.getByLabel('Specification 2 value', { exact: true })).toHaveValue('Spring steel');
  await expect(page.getByText('2 of 6 images.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Update Spare Part', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?tab=spares&saved=[0-9a-f-]{36}$/);
  await expect(page.getByText('Spare Part updated successfully!').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Spare Parts' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Search spare parts', { exact: true }).fill(renamed);
  await expect(page.getByTestId('admin-product-card').filter({ hasText: renamed })).toHaveCount(1);

  await visitor.goto(productPath);
  await expect(visitor.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(visitor.getByRole('button', { name: /^Show / }).locator('img[src^="/uploads/"]')).toHaveCount(2);

  await page.getByRole('button', { name: 'Featured Products' }).click();
  await page.getByRole('button', { name: 'Spare parts', exact: true }).click();
  await page.getByLabel('Search spare parts', { exact: true }).fill(renamed);
  const checkbox = page.getByRole('checkbox', { name: `Featured: ${renamed}`, exact: true });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Featured products updated successfully').first()).toBeVisible();

  await visitor.goto('/');
  await waitForLanding(visitor);
  await expect(
    visitor.locator('#products').getByRole('link', { name: `View Details: ${renamed}`, exact: true }),
  ).toBeVisible();

  // Delete from the edit form, through its confirmation dialog; it returns to the Spare Parts tab.
  await page.goto('/admin/spare-parts');
  await page.getByLabel('Search spare parts', { exact: true }).fill(renamed);
  await page
    .getByTestId('admin-product-card')
    .filter({ hasText: renamed })
    .getByRole('button', { name: 'Edit Part' })
    .click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(renamed);
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete '${renamed}'?` });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/spare-parts$/);
  await expect(page.getByText(`'${renamed}' was deleted.`).first()).toBeVisible();
  await page.getByLabel('Search spare parts', { exact: true }).fill(renamed);
  await expect(page.getByText(`No spare parts match "${renamed}".`)).toBeVisible();
  await expect(page.getByTestId('admin-product-card').filter({ hasText: renamed })).toHaveCount(0);

  await catalogueResults(visitor, 'spares', renamed);
  await expect(visitor.getByText(`No results found for "${renamed}"`)).toBeVisible();
  await visitor.context().close();

  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
});
