import type { Inquiry } from '@capstan/shared';
import { expect, test, adminToken } from './fixtures';

// Crawlers, visitors with scripts off and everybody before the app starts see only the server's HTML.
test.use({ javaScriptEnabled: false });

test('the contact form posts without JavaScript, keeps the data out of the URL and is stored', async ({
  page,
  request,
}) => {
  await page.goto('/?service=maintenance&product=KPM%20CL-25%20Capstan%20Lathe#contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Nikhil');
  await form.getByLabel('Last name').fill('Nojs');
  await form.getByLabel('Email').fill('not-an-email');
  await form.getByLabel('Phone').fill('+91 90000 11111');
  await form.getByLabel('Service').selectOption('maintenance');
  await form.getByLabel('Message').fill('Quote for a capstan lathe, sent without scripts.');
  // The browser's own check would stop a mistyped address; the server's must answer too.
  await form.evaluate((element: HTMLFormElement) => (element.noValidate = true));
  await form.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByRole('heading', { name: 'Your inquiry was not sent' })).toBeVisible();
  expect(page.url()).not.toContain('Nikhil');
  expect(page.url()).not.toContain('?');
  await expect(page.getByText('Enter a valid email address').first()).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Nikhil');
  await expect(page.getByLabel('Message')).toHaveValue('Quote for a capstan lathe, sent without scripts.');

  await page.getByLabel('Email').fill('nikhil.nojs@example.in');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
  expect(page.url()).not.toContain('nikhil');

  const token = await adminToken(request);
  const inquiries = (await (
    await request.get('/api/inquiries', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Inquiry[];
  const stored = inquiries.filter((inquiry) => inquiry.email === 'nikhil.nojs@example.in');
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    firstName: 'Nikhil',
    lastName: 'Nojs',
    phone: '+91 90000 11111',
    service: 'maintenance',
    product: 'KPM CL-25 Capstan Lathe',
    message: 'Quote for a capstan lathe, sent without scripts.',
  });
});

test.describe('the first screen without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu opens as HTML, its entries and the hero buttons are section links', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByTestId('landing-nav');
    await bar.locator('summary').click();
    const panel = bar.locator('details nav');
    await expect(panel).toBeVisible();
    await panel.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/#services$/);
    await expect(page.locator('#services h2')).toBeInViewport();

    await page.goto('/');
    await page.getByRole('link', { name: 'Explore Products' }).click();
    await expect(page).toHaveURL(/#products$/);
    await expect(page.locator('#products h2').first()).toBeInViewport();
    await page.getByTestId('landing-nav').getByRole('link', { name: 'Kovai Precision Machines' }).click();
    await expect(page).toHaveURL(/#home$/);
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    await expect(page).toHaveURL(/#contact$/);
  });

  test('the bar is transparent over the hero and solid with dark text over the white sections', async ({ page }) => {
    await page.goto('/');
    const bar = page.getByTestId('landing-nav');
    const look = () =>
      bar.evaluate((element) => {
        const style = getComputedStyle(element);
        return { image: style.backgroundImage, colour: style.backgroundColor, text: style.color };
      });
    expect(await look()).toMatchObject({ image: expect.stringContaining('gradient'), text: 'rgb(255, 255, 255)' });

    for (const id of ['about', 'products', 'contact']) {
      await page.evaluate((section) => document.getElementById(section)?.scrollIntoView(), id);
      await expect.poll(look, { message: id }).toEqual({
        image: 'none',
        colour: 'rgba(255, 255, 255, 0.8)',
        text: 'rgb(15, 23, 42)',
      });
    }
  });
});

test('the catalogue filters and order work as a plain form', async ({ page }) => {
  await page.goto('/products');
  const cards = page.getByRole('heading', { level: 3 });
  const all = await cards.count();
  expect(all).toBeGreaterThan(2);

  // The Filters button is a link to the same list with the panel open.
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page).toHaveURL(/\/products\?filters=open$/);
  const form = page.getByRole('form', { name: 'Filters' });
  await expect(form.getByLabel('Sort by')).toBeVisible();
  // Converted units print rounded as people quote them, never "29.6".
  for (const text of await form.getByText(/^[\d,.]+–[\d,.]+/).allTextContents()) {
    expect(text).not.toMatch(/\d\.\d\d/);
  }

  const bar = form.getByRole('group', { name: /Bar Capacity/i });
  await bar.getByLabel(/from/).fill('40');
  await form.getByLabel('Sort by').selectOption('price');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  // The server folds the typed range into the URL the app itself would make.
  await expect
    .poll(() => new URL(page.url()).searchParams.toString())
    .toBe('filters=open&sort=price&f=bar-capacity%3A40-');
  await expect(page.getByRole('group', { name: /Bar Capacity/i }).getByLabel(/from/)).toHaveValue('40');
  const filtered = await cards.count();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  const prices = await page.getByText(/^₹[\d,]+$/).allTextContents();
  const values = prices.map((price) => Number(price.replace(/[₹,]/g, '')));
  expect(values).toEqual([...values].sort((a, b) => a - b));

  await page.getByRole('button', { name: /^Reset filters/ }).click();
  await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe('filters=open&sort=price');
  await expect(cards).toHaveCount(all);
});
