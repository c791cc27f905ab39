import type { APIRequestContext, Page } from '@playwright/test';
import type { Inquiry } from '@capstan/shared';
import { adminToken, expect, gotoReady, loginAsAdmin, test, watchPageProblems } from './fixtures';

/**
 * Issue 39: a buyer puts several items on a quote list (from the catalogue and from an item's page),
 * sets their quantities and sends one request; staff see its lines in the inbox. Once with the app,
 * once as plain HTML (decision 074: the list is a cookie the server reads and writes too).
 */

interface ListedItem {
  id: string;
  name: string;
}

/** A machine to open the details page of, from the public list. */
async function firstMachine(request: APIRequestContext): Promise<ListedItem> {
  const response = await request.get('/api/products?category=machine&limit=1');
  expect(response.ok()).toBe(true);
  const [machine] = (await response.json()) as ListedItem[];
  if (!machine) throw new Error('the demo catalogue has no machine');
  return machine;
}

/** The first card of the spare parts tab: its name, and its Add to quote button. */
async function firstSparePartCard(page: Page) {
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(name).not.toBe('');
  return { card, name, add: card.getByRole('button', { name: `Add to quote: ${name}` }) };
}

/** The inquiry stored for `lastName`, as staff's API answers it. */
async function storedInquiry(request: APIRequestContext, lastName: string): Promise<Inquiry | undefined> {
  const token = await adminToken(request);
  const response = await request.get(`/api/inquiries?q=${encodeURIComponent(lastName)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as Inquiry[]).find((inquiry) => inquiry.lastName === lastName);
}

/** The contact fields of the quote list's request form. */
async function fillRequest(page: Page, lastName: string) {
  const form = page.getByRole('form', { name: 'Request your quotation' });
  await expect(form.getByLabel('Message')).toHaveValue('Please send us your quotation for the items listed.');
  await form.getByLabel('First name').fill('Lakshmi');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill('lakshmi@example.in');
  await form.getByLabel('Phone').fill('+91 98430 67890');
  return form;
}

test('with the app: add from the catalogue and a product page, change a quantity, send, and staff see the lines', async ({
  page,
  request,
}) => {
  const problems = watchPageProblems(page);
  const lastName = `Quote-${Date.now()}`;
  const machine = await firstMachine(request);

  // A spare part from the catalogue's card: one, in place, with a toast.
  await gotoReady(page, '/products?tab=spares');
  const part = await firstSparePartCard(page);
  await part.add.click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Added to your quote list')).toBeVisible();
  await expect(toasts.getByRole('link', { name: 'View your quote list' })).toHaveAttribute('href', '/quote');
  await expect(page).toHaveURL(/\/products\?tab=spares$/);

  // A machine from its page, three of them.
  await gotoReady(page, `/product/${machine.id}`);
  await page.getByRole('spinbutton', { name: `Quantity of ${machine.name}` }).fill('3');
  await page.getByRole('button', { name: `Add to quote: ${machine.name}` }).click();
  await expect(toasts.getByText('Added to your quote list')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/product/${machine.id}$`));

  // The header counts the lines; its link opens the list.
  const listLink = page.getByTestId('landing-nav').getByRole('link', { name: /^Quote list\s*,\s*2 items$/ });
  await expect(listLink).toBeVisible();
  await listLink.click();
  await expect(page).toHaveURL(/\/quote$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your quote list' })).toBeVisible();
  await expect(page.getByRole('link', { name: part.name })).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: `Quantity of ${machine.name}` })).toHaveValue('3');

  // Five of the part instead of one, in place.
  await page.getByRole('spinbutton', { name: `Quantity of ${part.name}` }).fill('5');
  await page.getByRole('button', { name: `Update the quantity of ${part.name}` }).click();
  await expect(page.getByText(`${part.name}: the quantity is now 5.`)).toBeAttached();
  await expect(page).toHaveURL(/\/quote$/);

  const form = await fillRequest(page, lastName);
  await form.getByRole('button', { name: 'Send quote request' }).click();
  const thanks = page
    .getByRole('status')
    .filter({ has: page.getByRole('heading', { name: 'Thank you for your inquiry!' }) });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText(/Your reference number is KPM-\d{4}-\d{5}\./);
  // The list is emptied: the header has no count any more, a reload shows the empty list.
  await expect(page.getByTestId('landing-nav').getByRole('link', { name: /^Quote list$/ })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Your quote list is empty')).toBeVisible();

  const stored = await storedInquiry(request, lastName);
  expect(stored?.items).toEqual([
    expect.objectContaining({ kind: 'spare', name: part.name, quantity: 5 }),
    expect.objectContaining({ id: machine.id, kind: 'machine', name: machine.name, quantity: 3 }),
  ]);

  // Staff see the lines in the inbox, and how many in the inquiry's row.
  await loginAsAdmin(page);
  await page.goto('/admin/inquiries');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Lakshmi ${lastName}` }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('2 items');
  const lines = card.getByRole('table', { name: `Items requested by Lakshmi ${lastName}` });
  await expect(lines.getByRole('row')).toHaveCount(3);
  await expect(lines.getByRole('row').nth(1)).toContainText(part.name);
  await expect(lines.getByRole('row').nth(1)).toContainText('Spare part');
  await expect(lines.getByRole('row').nth(1)).toContainText('5');
  await expect(lines.getByRole('row').nth(2)).toContainText(machine.name);
  await expect(lines.getByRole('row').nth(2)).toContainText('Machine');
  await expect(lines.getByRole('row').nth(2)).toContainText('3');
  expect(problems).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the same list works as plain forms, up to the thanks page', async ({ page, request }) => {
    const lastName = `Quote-Nojs-${Date.now()}`;
    const machine = await firstMachine(request);

    // The card's form: the server adds one and sends the visitor back to the same page.
    await page.goto('/products?tab=spares');
    const part = await firstSparePartCard(page);
    await part.add.click();
    await expect(page).toHaveURL(/\/products\?tab=spares$/);

    await page.goto(`/product/${machine.id}`);
    await page.getByRole('spinbutton', { name: `Quantity of ${machine.name}` }).fill('2');
    await page.getByRole('button', { name: `Add to quote: ${machine.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/product/${machine.id}$`));

    // The server renders the list from the cookie.
    await page.goto('/quote');
    await expect(page.getByRole('link', { name: part.name })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${machine.name}` })).toHaveValue('2');
    await page.getByRole('spinbutton', { name: `Quantity of ${part.name}` }).fill('7');
    await page.getByRole('button', { name: `Update the quantity of ${part.name}` }).click();
    await expect(page).toHaveURL(/\/quote$/);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${part.name}` })).toHaveValue('7');

    const form = await fillRequest(page, lastName);
    await form.getByRole('button', { name: 'Send quote request' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
    expect(page.url()).not.toContain('lakshmi');

    // Sent: the server cleared the list.
    await page.goto('/quote');
    await expect(page.getByText('Your quote list is empty')).toBeVisible();

    const stored = await storedInquiry(request, lastName);
    expect(stored?.items).toEqual([
      expect.objectContaining({ kind: 'spare', name: part.name, quantity: 7 }),
      expect.objectContaining({ id: machine.id, kind: 'machine', name: machine.name, quantity: 2 }),
    ]);
  });
});
