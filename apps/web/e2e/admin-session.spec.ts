import { expect, test, loginAsAdmin } from './fixtures';

test('logging out in one tab ends the session in the other without a reload', async ({ context, page }) => {
  await loginAsAdmin(page);

  // A second tab of the same browser shares localStorage, so it is signed in too.
  const other = await context.newPage();
  await other.goto('/admin/products');
  await expect(other.getByRole('heading', { name: 'Product Management' })).toBeVisible();
  // A marker that a reload would wipe.
  await other.evaluate(() => {
    (window as unknown as { e2eMarker: string }).e2eMarker = 'still here';
  });

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

  // The storage event takes the other tab out of the back office.
  await expect(other).toHaveURL(/\/$/);
  await expect(other.getByRole('heading', { name: 'Product Management' })).toHaveCount(0);
  expect(await other.evaluate(() => (window as unknown as { e2eMarker?: string }).e2eMarker)).toBe('still here');

  // And the back office stays closed there.
  await other.goto('/admin/dashboard');
  await expect(other).toHaveURL(/\/$/);
});
