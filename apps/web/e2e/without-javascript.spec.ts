import { expect, test } from '@playwright/test';
import type { Inquiry } from '@capstan/shared';
import { adminToken } from './fixtures';

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
