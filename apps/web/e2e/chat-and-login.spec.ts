import { expect, test, E2E_ADMIN, gotoReady, scrollUntilShown, SIGN_IN_TIMEOUT_MS, waitForLanding } from './fixtures';

test('the chat helper answers a price question after typing', async ({ page }) => {
  await gotoReady(page, '/');
  await waitForLanding(page);
  // The group steps aside where text or the contact form lies under it: go where it is shown.
  await scrollUntilShown(page, '/');
  await page.getByRole('button', { name: 'Open chat' }).click();
  const input = page.getByRole('textbox', { name: /message/i }).last();
  await expect(page.getByRole('button', { name: 'Send message', exact: true })).toBeDisabled();
  await input.fill('What is the price of a capstan lathe?');
  await input.press('Enter');
  await expect(page.getByRole('log', { name: 'Chat messages' })).toContainText('15,00,000', { timeout: 5000 });
  // The chat is drawn by the app alone: its icons are lucide-react's own markup, as the server's
  // and the unit tests' are (decision 059).
  const sendIcon = page.getByRole('button', { name: 'Send message', exact: true }).locator('svg');
  await expect(sendIcon).toHaveClass(/^lucide lucide-/);
  await expect(sendIcon).toHaveAttribute('stroke-linejoin', 'round');
  await expect(page.locator('svg use')).toHaveCount(0);
});

test('staff sign-in: a wrong password is refused, the right one opens the dashboard', async ({ page }) => {
  await page.goto('/');
  await waitForLanding(page);
  await page.getByRole('button', { name: 'Admin Access' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(E2E_ADMIN.email);
  await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible({ timeout: SIGN_IN_TIMEOUT_MS });
  await expect(page).toHaveURL(/\/$/);

  await dialog.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: SIGN_IN_TIMEOUT_MS });
  expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeTruthy();
});

test('the 360 px menu opens, scrolls to a section and closes', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await waitForLanding(page);
  // Nothing may be wider than a small phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  // The toggle is a <details> disclosure (it works before the app runs, decision 015).
  const menu = page.getByTestId('landing-nav').locator('details');
  const toggle = menu.locator('summary');
  await expect(toggle).toHaveText('Open menu');
  await toggle.click();
  await expect(menu).toHaveAttribute('open', '');
  await expect(toggle).toHaveText('Close menu');
  await menu.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Contact' }).click();
  await expect(toggle).toHaveText('Open menu');
  await expect(menu).not.toHaveAttribute('open');
  await expect(page.locator('#contact')).toBeInViewport();
});
