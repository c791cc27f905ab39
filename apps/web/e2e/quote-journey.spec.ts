import { expect, test } from '@playwright/test';
import { adminToken, waitForLanding, watchPageProblems } from './fixtures';

test('landing → featured card → details → Request Quote → contact submit stores the inquiry', async ({
  page,
  request,
}) => {
  const problems = watchPageProblems(page);
  await page.goto('/');
  await waitForLanding(page);

  const firstCard = page
    .locator('#products')
    .getByRole('link', { name: /^View Details:/ })
    .first();
  const itemName = ((await firstCard.getAttribute('aria-label')) ?? '').replace('View Details: ', '');
  await firstCard.click();
  await expect(page).toHaveURL(/\/product\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: itemName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Technical Specifications' })).toBeVisible();

  await page
    .getByRole('link', { name: /Request Quote/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#contact$/);
  const form = page.getByRole('form', { name: 'Contact form' });
  await expect(form.getByLabel('Message')).toHaveValue(`I would like a quote for ${itemName}.`);
  await expect(form.getByLabel(/^Service/)).toHaveValue('capstan-lathe');

  const unique = `E2E ${Date.now()}`;
  await form.getByLabel('First name').fill('Arun');
  await form.getByLabel('Last name').fill(unique);
  await form.getByLabel('Email').fill('arun@example.in');
  await form.getByLabel('Phone').fill('+91 98430 12345');
  await form.getByRole('button', { name: /Send/ }).click();

  await expect(page.getByText('Thank you for your inquiry!').first()).toBeVisible();
  await expect(page.getByText('We will get back to you soon.').first()).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('');

  const token = await adminToken(request);
  const inquiries = await request.get('/api/inquiries', { headers: { authorization: `Bearer ${token}` } });
  const stored = ((await inquiries.json()) as { lastName: string; message: string; service: string }[]).find(
    (inquiry) => inquiry.lastName === unique,
  );
  expect(stored).toMatchObject({ service: 'capstan-lathe', message: `I would like a quote for ${itemName}.` });
  expect(problems).toEqual([]);
});
