import { expect, test, adminToken, pageSettled, waitForLanding, watchPageProblems } from './fixtures';

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
  // The first featured card is a machine: its quote preselects its own category.
  const itemId = new URL(page.url()).pathname.split('/').pop();
  const { category } = (await (await request.get(`/api/products/${itemId}`)).json()) as { category: string };
  await expect(page.getByRole('heading', { name: 'Technical Specifications' })).toBeVisible();

  await page
    .getByRole('link', { name: /Request Quote/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#contact$/);
  const form = page.getByRole('form', { name: 'Contact form' });
  // The app fills the message once it has started (at once on a /#contact arrival, decision 009).
  await expect(form.getByLabel('Message')).toHaveValue(`I would like a quote for ${itemName}.`, { timeout: 15_000 });
  await expect(form.getByLabel(/^Service/)).toHaveValue(category);

  const unique = `E2E ${Date.now()}`;
  await form.getByLabel('First name').fill('Arun');
  await form.getByLabel('Last name').fill(unique);
  await form.getByLabel('Email').fill('arun@example.in');
  await form.getByLabel('Phone').fill('+91 98430 12345');
  await form.getByRole('button', { name: /Send/ }).click();

  // A thank-you panel takes the form's place and keeps the reference after the toast has gone.
  const thanks = page.locator('#contact').getByRole('status');
  await expect(thanks.getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();
  await expect(thanks).toContainText(/Your reference number is KPM-\d{4}-\d{5}\./);
  const reference = /KPM-\d{4}-\d{5}/.exec((await thanks.textContent()) ?? '')?.[0];
  // The toast says the same (TOAST_DURATION_MS); once it has gone, the panel still holds the reference.
  const toast = page.getByRole('region', { name: /Notifications/ }).getByText(/Your reference number is/);
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 15_000 });
  await expect(thanks).toContainText(reference ?? 'no reference shown');
  await thanks.getByRole('button', { name: 'Send another request' }).click();
  await expect(form.getByLabel('First name')).toHaveValue('');
  await expect(form.getByLabel('First name')).toBeFocused();

  const token = await adminToken(request);
  const inquiries = await request.get('/api/inquiries', { headers: { authorization: `Bearer ${token}` } });
  const stored = ((await inquiries.json()) as { lastName: string; message: string; service: string }[]).find(
    (inquiry) => inquiry.lastName === unique,
  );
  expect(stored).toMatchObject({
    service: category,
    message: `I would like a quote for ${itemName}.`,
    reference,
  });
  expect(problems).toEqual([]);
});

test('what a buyer types into Message before the app has started is what is stored, never the prefill', async ({
  page,
  request,
}) => {
  const problems = watchPageProblems(page);
  // On a slow phone the app arrives a while after the first tap: hold its last chunk, so the
  // typing below surely lands in the server's form before the app takes it over (decision 009).
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/hydrate-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/?service=capstan-lathe&product=KPM%20CL-25%20Capstan%20Lathe#contact');
  await page.waitForLoadState('load');
  await waitForLanding(page);
  const form = page.getByRole('form', { name: 'Contact form' });
  const unique = `Prehydration ${Date.now()}`;
  const typed = `Please send prices for two CL-25 with bar feeders (${unique}).`;
  await form.getByLabel('Message').pressSequentially(typed);
  await form.getByLabel('First name').pressSequentially('Kavya');
  expect(await page.locator('html[data-app-ready]').count()).toBe(0);

  const formCode = page.waitForResponse(/\/assets\/contact-form-[^/]*\.js$/);
  release();
  await expect(page.locator('html[data-app-ready]')).toHaveCount(1, { timeout: 10_000 });
  await formCode;
  // The app has taken the form over (its code is here and has run); the prefill must not come back.
  await pageSettled(page);
  await expect(form.getByLabel('Message')).toHaveValue(typed);
  await expect(form.getByLabel('First name')).toHaveValue('Kavya');

  await form.getByLabel('Last name').fill(unique);
  await form.getByLabel('Email').fill('kavya@example.in');
  await form.getByLabel('Phone').fill('+91 98430 12345');
  await form.getByRole('button', { name: /Send/ }).click();
  await expect(page.locator('#contact').getByRole('heading', { name: 'Thank you for your inquiry!' })).toBeVisible();

  const token = await adminToken(request);
  const inquiries = await request.get('/api/inquiries', { headers: { authorization: `Bearer ${token}` } });
  const stored = ((await inquiries.json()) as { lastName: string; message: string; product: string }[]).find(
    (inquiry) => inquiry.lastName === unique,
  );
  expect(stored).toMatchObject({ message: typed, product: 'KPM CL-25 Capstan Lathe' });
  expect(problems).toEqual([]);
});
