import { expect, test, loginAsAdmin, waitForLanding, watchPageProblems } from './fixtures';

test('an inquiry from the contact form shows under Inquiries and its status change sticks', async ({
  page,
  browser,
}) => {
  const problems = watchPageProblems(page);
  const lastName = `E2E-${Date.now()}`;
  const fullName = `Meena ${lastName}`;
  const message = `Please call about a 42 mm capstan lathe (${lastName}).`;

  // A visitor, without the admin token, sends the contact form.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/#contact');
  await waitForLanding(visitor);
  const form = visitor.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Meena');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill('meena@example.in');
  await form.getByLabel('Phone').fill('+91 98430 54321');
  await form.getByLabel(/^Service/).selectOption('capstan-lathe');
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: /Send/ }).click();
  await expect(visitor.getByText('Thank you for your inquiry!').first()).toBeVisible();
  await visitorContext.close();

  await loginAsAdmin(page);
  await expect(page.getByTestId('new-inquiries-badge')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /Inquiries/ })
    .click();
  await expect(page).toHaveURL(/\/admin\/inquiries$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: fullName }) });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(message);
  await expect(card).toContainText('meena@example.in');
  const status = card.getByRole('combobox', { name: `Status for ${fullName}`, exact: true });
  await expect(status).toHaveValue('new');
  // The 'New' badge sits in the card's heading next to the name.
  const heading = card.getByRole('heading', { level: 2 });
  await expect(heading).toContainText('New');

  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/inquiries/') && r.request().method() !== 'GET' && r.ok(),
  );
  await status.selectOption('contacted');
  await saved;
  await expect(status).toHaveValue('contacted');
  await expect(heading).not.toContainText('New');

  await page.reload();
  const reloaded = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: fullName }) })
    .getByRole('combobox', { name: `Status for ${fullName}`, exact: true });
  await expect(reloaded).toHaveValue('contacted');

  // The status filter agrees.
  await page.getByLabel('Filter by status').selectOption('contacted');
  await expect(page.getByRole('heading', { name: fullName })).toBeVisible();
  await page.getByLabel('Filter by status').selectOption('new');
  await expect(page.getByRole('heading', { name: fullName })).toHaveCount(0);

  expect(problems).toEqual([]);
});
