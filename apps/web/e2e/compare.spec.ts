import { expect, test, gotoReady } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('compare at 390 px: choose machines on cards and details, compare side by side, request a quote', async ({
  page,
  request,
}) => {
  await gotoReady(page, '/products');
  const toggles = page.getByRole('button', { name: /^Compare / });
  await expect(toggles.first()).toBeVisible();
  const names = (await toggles.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).map(
    (label) => label.replace(/^Compare /, ''),
  );
  expect(names.length).toBeGreaterThanOrEqual(5);

  // Two from their cards.
  await page.getByRole('button', { name: `Compare ${names[0]}` }).tap();
  await page.getByRole('button', { name: `Compare ${names[1]}` }).tap();
  const bar = page.getByRole('region', { name: 'Comparison' });
  await expect(bar.getByRole('link', { name: 'Compare 2 of 4' })).toBeVisible();

  // A third from its details page; the choice is kept in this browser across pages.
  await page
    .getByRole('link', { name: `View Details: ${names[2]}` })
    .first()
    .tap();
  await expect(page.getByRole('heading', { level: 1, name: names[2] })).toBeVisible();
  await page.getByRole('button', { name: `Compare ${names[2]}` }).tap();
  await expect(bar.getByRole('link', { name: 'Compare 3 of 4' })).toBeVisible();

  // A fourth fills it; a fifth is refused with a message.
  await page.goBack();
  await page.getByRole('button', { name: `Compare ${names[3]}` }).tap();
  await expect(bar.getByRole('link', { name: 'Compare 4 of 4' })).toBeVisible();
  await page.getByRole('button', { name: `Compare ${names[4]}` }).tap();
  await expect(
    page.getByText('You can compare up to 4 machines. Remove one to add another.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: `Compare ${names[4]}` })).toHaveAttribute('aria-pressed', 'false');

  await bar.getByRole('link', { name: 'Compare 4 of 4' }).tap();
  await expect(page).toHaveURL(/\/compare\?ids=[0-9a-f-]{36}(,[0-9a-f-]{36}){3}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare machines' })).toBeVisible();
  for (const name of names.slice(0, 4)) await expect(page.getByRole('columnheader', { name })).toBeVisible();

  // On a phone the machines share the width: nothing scrolls sideways, no name is cut, and each
  // row's label is a line above its values.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const table = page.getByRole('table');
  const fits = await table.evaluate((element) => {
    const box = element.parentElement!;
    return box.scrollWidth <= box.clientWidth;
  });
  expect(fits).toBe(true);
  for (const name of names.slice(0, 4)) {
    const link = page.getByRole('link', { name, exact: true });
    const bounds = await link.boundingBox();
    expect(bounds!.x).toBeGreaterThanOrEqual(0);
    expect(bounds!.x + bounds!.width).toBeLessThanOrEqual(390);
    expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  }
  await expect(page.locator('th[scope="row"]', { hasText: /^Price/ })).toBeHidden();
  const priceLabel = page.locator('th[scope="rowgroup"]', { hasText: /^Price/ });
  await expect(priceLabel).toBeVisible();
  // A price is never broken across lines in its narrow column.
  const priceCell = page.locator('tbody', { has: priceLabel }).locator('td').first();
  const priceLines = await priceCell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
  expect(priceLines).toBe(1);

  // Taking one out updates the link and the bar's count elsewhere.
  await page.getByRole('button', { name: `Remove ${names[3]} from the comparison` }).tap();
  await expect(page.getByRole('columnheader', { name: names[3] })).toHaveCount(0);
  await expect(page).toHaveURL(/\/compare\?ids=[0-9a-f-]{36}(,[0-9a-f-]{36}){2}$/);

  // A shared link is the same page for someone else (server-rendered, no stored choice needed).
  const shared = page.url();
  const other = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await other.newPage();
  await visitor.goto(shared);
  for (const name of names.slice(0, 3)) await expect(visitor.getByRole('columnheader', { name })).toBeVisible();
  await expect(visitor).toHaveTitle(new RegExp(`^Compare ${names[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} vs `));
  await other.close();

  // Request Quote for one of them goes to the contact form with that machine filled in, under its
  // own category (a CNC turning centre is no capstan lathe).
  const detailsHref = (await page.getByRole('link', { name: names[1], exact: true }).getAttribute('href')) ?? '';
  const machine = (await (await request.get(`/api/products/${detailsHref.split('/').pop()}`)).json()) as {
    category: string;
  };
  await page.getByRole('link', { name: `Request Quote: ${names[1]}` }).tap();
  await expect(page).toHaveURL(/#contact$/);
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Message')).toHaveValue(`I would like a quote for ${names[1]}.`);
  await expect(form.getByLabel(/^Service/)).toHaveValue(machine.category);
});
