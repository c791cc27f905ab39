import { expect, test, acceptDialogs, catalogueResults, gotoReady, loginAsAdmin, watchPageProblems } from './fixtures';

// The catalogue model (decision 031): codes, typed specifications and fits edited by staff show on the public pages;
// favourites go to one quote; a part the catalogue does not list can be asked for.

test('admin gives a part a code, a typed specification and a machine it fits → the public pages show them', async ({
  page,
  browser,
}) => {
  const problems = watchPageProblems(page);
  acceptDialogs(page);
  const name = `E2E Gib Strip ${Date.now()}`;
  const code = `E2E-GIB-${Date.now() % 100000}`;

  await loginAsAdmin(page);
  await page.goto('/admin/spareparts/add');
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('A gib strip added by the e2e journey.');
  await page.getByRole('textbox', { name: 'Code (optional)' }).fill(code);
  await page.getByLabel('Price in ₹ (optional)', { exact: true }).fill('1500');
  await page.getByLabel('Specification 1 name', { exact: true }).fill('Length');
  await page.getByLabel('Specification 1 number', { exact: true }).fill('1250');
  await page.getByLabel('Specification 1 unit', { exact: true }).selectOption('mm');
  await page.getByLabel('Specification 1 value', { exact: true }).fill('max');
  await expect(page.getByText('1,250 mm (max)')).toBeVisible();
  await page.getByLabel('Specification 2 name', { exact: true }).fill('Material');
  await page.getByLabel('Specification 2 value', { exact: true }).fill('Cast iron');
  await page.getByRole('searchbox', { name: 'Find a machine' }).fill('NP-38');
  await page.getByRole('button', { name: /^Add NP-38 All-Geared Capstan Lathe \(NP-38\)$/ }).click();
  await expect(page.getByRole('list', { name: 'Machines this part fits' })).toContainText('NP-38');
  await page.getByRole('button', { name: 'Add Spare Part', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\?tab=spares&saved=/);

  // A visitor finds it by name, sees the code on the card and the typed row and Fits on its page.
  const visitor = await (await browser.newContext()).newPage();
  const visitorProblems = watchPageProblems(visitor);
  const results = await catalogueResults(visitor, 'spares', name);
  await expect(results).toHaveCount(1);
  await expect(visitor.getByRole('article').filter({ hasText: name })).toContainText(code);
  await results.click();
  await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(visitor.getByText(`Part number: ${code}`)).toBeVisible();
  await expect(visitor.getByRole('row', { name: /Length/ })).toContainText('1,250 mm (max)');
  const fits = visitor.getByRole('region', { name: 'Fits' });
  await fits.getByRole('link', { name: /NP-38 All-Geared Capstan Lathe/ }).click();

  // The machine's page lists it among its spare parts, and links to the catalogue filtered by it.
  await expect(visitor.getByRole('heading', { level: 1, name: 'NP-38 All-Geared Capstan Lathe' })).toBeVisible();
  const parts = visitor.getByRole('region', { name: 'Spare parts for this machine' });
  await expect(parts.getByRole('link', { name })).toBeVisible();
  await expect(parts).toContainText(code);
  await parts.getByRole('link', { name: /All parts for NP-38/ }).click();
  await expect(visitor).toHaveURL(/\/products\?tab=spares&machine=[0-9a-f-]{36}$/);
  await expect(visitor.getByText('Parts for NP-38', { exact: true })).toBeVisible();
  await expect(visitor.getByRole('link', { name: `View Details: ${name}` })).toBeVisible();

  // The same filtered page, rendered by the server without the app.
  const plain = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await plain.goto(visitor.url());
  await expect(plain.getByText('Parts for NP-38', { exact: true })).toBeVisible();
  await expect(plain.getByRole('link', { name: `View Details: ${name}` })).toBeVisible();

  expect(problems).toEqual([]);
  expect(visitorProblems.filter((text) => !text.includes('404'))).toEqual([]);
});

test('favourites of several kinds go to one quote list; an unlisted part can be requested', async ({ page }) => {
  await gotoReady(page, '/products');
  await page.getByRole('button', { name: /^Favourite NP-38/ }).click();
  await expect(page.getByRole('button', { name: /^Favourite NP-38/ })).toHaveAttribute('aria-pressed', 'true');
  await gotoReady(page, '/products?tab=services');
  await page.locator('button[aria-label^="Favourite "]').first().click();
  await expect(page.locator('button[aria-pressed="true"][aria-label^="Favourite "]')).toHaveCount(1);
  const serviceName = (
    (await page.locator('button[aria-pressed="true"][aria-label^="Favourite "]').first().getAttribute('aria-label')) ??
    ''
  ).replace(/^Favourite /, '');

  await page.getByRole('link', { name: /^Favourites/ }).click();
  await expect(page).toHaveURL(/\/products\?tab=favourites$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Favourites' })).toBeVisible();
  await expect(page.getByText('2 favourites')).toBeVisible();
  // They go on the quote list (issue 39), one request for both.
  await page.getByRole('button', { name: 'Request a quote for these' }).click();
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote list' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'NP-38 All-Geared Capstan Lathe' })).toBeVisible();
  await expect(page.getByRole('link', { name: serviceName, exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Request your quotation' }).getByLabel('Message')).toHaveValue(
    'Please send us your quotation for the items listed.',
  );

  // An empty spare-parts search offers to ask for the part.
  await page.goto('/products?tab=spares&q=zz-unlisted-part-42');
  await expect(page.getByText('No results found for "zz-unlisted-part-42"')).toBeVisible();
  await page.getByRole('link', { name: 'Request this part' }).click();
  await expect(page.getByLabel('Message')).toHaveValue(
    'I am looking for a spare part that is not listed in your catalogue: "zz-unlisted-part-42". Please let me know if you can supply it.',
  );
});
