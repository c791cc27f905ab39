import { expect, test, adminToken, loginAsAdmin, waitForLanding, watchPageProblems } from './fixtures';

test('admin pages log no console error, CSP reports included (zod runs jitless)', async ({ page }) => {
  const problems = watchPageProblems(page);
  // Also the violation events themselves, in case the browser stops logging them.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(event.violatedDirective));
  });
  await loginAsAdmin(page);
  // The policy forbids eval, so zod's `new Function` probe would be reported on each of these.
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  for (const [url, heading] of [
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/products', 'Product Management'],
    ['/admin/featured-products', 'Featured Products'],
    ['/admin/products/add', 'Add New Machine'],
    ['/admin/services/add', 'Add New Service'],
    ['/admin/activity', 'Activity'],
    ['/admin/account', 'Account'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await violations(), url).toEqual([]);
  }
  // Submitting the empty form: no CSP report either.
  await page.goto('/admin/products/add');
  await page.getByRole('button', { name: 'Add Machine', exact: true }).click();
  // The browser's own check runs first: it stops the submit and puts the focus on the first
  // field left empty.
  await expect(page.locator(':focus:invalid')).toHaveCount(1);
  expect(await violations()).toEqual([]);
  expect(problems).toEqual([]);
});

test('keyboard: login dialog gives the focus back; admin skip link comes first', async ({ page }) => {
  await page.goto('/');
  await waitForLanding(page);
  const opener = page.getByRole('button', { name: 'Admin Access' });
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Admin Login' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(opener).toBeFocused();

  await loginAsAdmin(page);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Product Management' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('Featured: staff bring an item into the landing six with the keyboard, and the landing page shows that order', async ({
  page,
  browser,
  request,
}) => {
  const token = await adminToken(request);
  await loginAsAdmin(page);
  await page.goto('/admin/featured-products');
  const order = page.getByRole('list', { name: 'Featured items in landing page order' });
  await expect(order).toBeVisible();
  await expect(page.getByText(/The landing page shows the first 6 featured items, in this order/)).toBeVisible();
  const names = async () => (await order.getByTestId('featured-order-name').allTextContents()).map((n) => n.trim());
  const before = await names();
  expect(before.length).toBeGreaterThan(1);
  const last = before.at(-1)!;

  // The last featured item goes to the top, pressing Enter on its "up" button until it gets there.
  const up = page.getByRole('button', { name: `Move ${last} up`, exact: true });
  await up.focus();
  for (let i = 0; i < before.length - 1; i += 1) await page.keyboard.press('Enter');
  await expect(up).toBeFocused();
  expect((await names())[0]).toBe(last);

  const save = page.getByRole('button', { name: 'Save Changes' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Featured products updated successfully').first()).toBeVisible();
  await expect(save).toBeFocused();

  const visitor = await browser.newPage();
  await visitor.goto('/');
  await waitForLanding(visitor);
  await expect(
    visitor
      .locator('#products')
      .getByRole('link', { name: /^View Details:/ })
      .first(),
  ).toHaveAccessibleName(`View Details: ${last}`);
  await visitor.close();

  // Leave the demo order as it was for the other journeys.
  const reset = await request.put('/api/featured/order', {
    data: { ids: [] },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(reset.status()).toBe(204);
});
