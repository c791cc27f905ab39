import { expect, test, loginAsAdmin, waitForLanding, watchPageProblems } from './fixtures';

/**
 * Staff roles (decision 024): the owner invites a sales colleague; the colleague signs in with the password passed
 * on, works the inquiries, sees the catalogue without write buttons, and a write straight to the
 * API is refused.
 */
test('an owner invites a sales colleague, who works inquiries but cannot change the catalogue', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const problems = watchPageProblems(page);
  const stamp = Date.now();
  const email = `sales-${stamp}@kovai.example`;
  const lastName = `Roles-${stamp}`;
  const fullName = `Kiran ${lastName}`;

  // A visitor's inquiry for the colleague to work on.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/#contact');
  await waitForLanding(visitor);
  const form = visitor.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Kiran');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill('kiran@example.in');
  await form.getByLabel('Phone').fill('+91 98430 12345');
  await form.getByLabel('Message').fill('Please quote for two CL-25 capstan lathes.');
  await form.getByRole('button', { name: /Send/ }).click();
  await expect(visitor.getByText('Thank you for your inquiry!').first()).toBeVisible();
  await visitorContext.close();

  // The owner invites the colleague from the Staff screen.
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption('sales');
  await page.getByRole('button', { name: 'Invite' }).click();
  const invited = page.getByRole('status').filter({ hasText: 'shown only this once' });
  await expect(invited).toContainText(`${email} can now sign in as sales`);
  const password = (await invited.locator('code').textContent())?.trim() ?? '';
  expect(password).toMatch(/^[A-Za-z0-9_-]{20}$/);
  await expect(page.getByLabel(`Role for ${email}`)).toHaveValue('sales');

  // The colleague signs in elsewhere with the password passed on.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  const colleagueProblems = watchPageProblems(colleague);
  await loginAsAdmin(colleague, { email, password });
  const nav = colleague.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: /Inquiries/ })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Activity' })).toHaveCount(0);

  // Inquiries: open and change a status.
  await nav.getByRole('link', { name: /Inquiries/ }).click();
  const card = colleague.getByRole('listitem').filter({ has: colleague.getByRole('heading', { name: fullName }) });
  const status = card.getByRole('combobox', { name: `Status for ${fullName}`, exact: true });
  const saved = colleague.waitForResponse(
    (r) => r.url().includes('/api/inquiries/') && r.request().method() === 'PATCH',
  );
  await status.selectOption('contacted');
  expect((await saved).status()).toBe(200);
  await colleague.reload();
  await expect(
    colleague
      .getByRole('listitem')
      .filter({ has: colleague.getByRole('heading', { name: fullName }) })
      .getByRole('combobox', { name: `Status for ${fullName}`, exact: true }),
  ).toHaveValue('contacted');

  // The catalogue, read-only.
  await colleague.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Product Management' })).toBeVisible();
  await expect(colleague.getByText('Your role can see the catalogue but not change it.')).toBeVisible();
  await expect(colleague.getByRole('button', { name: /^Add New/ })).toHaveCount(0);
  await expect(colleague.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await expect(colleague.getByRole('button', { name: 'Featured Products' })).toHaveCount(0);

  // A write straight to the API, with the colleague's own token, is refused.
  const token = await colleague.evaluate(() => localStorage.getItem('adminToken'));
  expect(token).toBeTruthy();
  const write = await colleague.request.put('/api/featured/order', {
    headers: { authorization: `Bearer ${token ?? ''}` },
    data: { ids: [] },
  });
  expect(write.status()).toBe(403);
  expect(await write.json()).toEqual({
    message: 'Your role does not allow this. Please ask an owner if you need it.',
  });
  const staffList = await colleague.request.get('/api/admin/staff', {
    headers: { authorization: `Bearer ${token ?? ''}` },
  });
  expect(staffList.status()).toBe(403);

  expect(colleagueProblems.filter((p) => !p.includes('403'))).toEqual([]);
  await colleagueContext.close();
  expect(problems).toEqual([]);
});
