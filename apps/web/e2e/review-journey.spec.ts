import { expect, test, loginAsAdmin, waitForLanding, watchPageProblems } from './fixtures';

test('a review sent on the landing page shows there only after staff approve it', async ({ page, browser }) => {
  const problems = watchPageProblems(page);
  const name = `Lakshmi E2E-${Date.now()}`;
  const text = `The CL-32 has held its tolerances for two years of daily work (${name}).`;

  // A visitor, without the admin token, sends a review.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const visitorProblems = watchPageProblems(visitor);
  await visitor.goto('/');
  await waitForLanding(visitor);
  const form = visitor.getByRole('form', { name: 'Share your experience' });
  await form.scrollIntoViewIfNeeded();
  // A visitor taps the star. (A forced check clicked the middle of the hidden 1 px radio, which
  // could fall just outside its label, in the gap between two stars, and then changed nothing.)
  await form
    .locator('label')
    .filter({ has: visitor.getByRole('radio', { name: '5 stars' }) })
    .click();
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await form.getByLabel('Your experience').fill(text);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Company').fill('Lakshmi Precision Works');
  // The review names a machine from the catalogue (it then counts in that machine's rating).
  const machineChoice = form.getByLabel('Which machine is this about?');
  await expect(machineChoice).toHaveValue('');
  const machine = (await machineChoice.locator('option').nth(1).textContent()) ?? '';
  expect(machine).not.toBe('');
  await machineChoice.selectOption({ label: machine });
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(visitor.getByRole('heading', { name: 'Thank you for your review!' })).toBeVisible();
  await expect(visitor.getByText('It will appear on our website after a quick check by our team.')).toBeVisible();

  // Not shown while pending: neither in the server's HTML nor on the page.
  const pendingHtml = await (await visitor.request.get('/')).text();
  expect(pendingHtml).not.toContain(name);
  await expect(visitor.getByText(name)).toHaveCount(0);

  // Staff approve it under Site → Reviews.
  await loginAsAdmin(page);
  const reviewsLink = page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('group', { name: 'Site' })
    .getByRole('link', { name: /Reviews/ });
  await expect(reviewsLink).toContainText('waiting');
  await reviewsLink.click();
  await expect(page).toHaveURL(/\/admin\/site\/reviews$/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText(text);
  await expect(card.getByRole('heading')).toContainText('Pending');
  await expect(card).toContainText(`About ${machine.replace(/ \([^)]*\)$/, '')}`);
  await card.getByRole('button', { name: `Approve the review by ${name}` }).click();
  await expect(page.getByText('Review approved').first()).toBeVisible();
  await expect(card.getByRole('heading')).toContainText('Approved');

  // Now on the landing page, from the server's HTML on: within a second.
  await expect
    .poll(async () => (await visitor.request.get('/')).text(), { timeout: 2000, intervals: [200] })
    .toContain(name);
  const later = await visitorContext.newPage();
  await later.goto('/');
  await waitForLanding(later);
  const testimonial = later.getByRole('listitem').filter({ hasText: name });
  await testimonial.scrollIntoViewIfNeeded();
  await expect(testimonial).toContainText(text);
  await expect(testimonial).toContainText('Lakshmi Precision Works');
  await expect(testimonial.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();

  await visitorContext.close();
  expect(problems).toEqual([]);
  expect(visitorProblems).toEqual([]);
});

test('without JavaScript the review form posts to the server and thanks the visitor', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Share your experience' });
  // The machines are in the server's HTML: the plain form names one too.
  const machine = (await form.getByLabel('Which machine is this about?').locator('option').nth(1).textContent()) ?? '';
  await form.getByLabel('Which machine is this about?').selectOption({ label: machine });
  await form.getByRole('button', { name: 'Submit Review' }).click();
  // Nothing chosen or typed: the server answers the form again with a message per field.
  await expect(page.getByRole('heading', { name: 'Your review was not sent' })).toBeVisible();
  // ...and with the machine still chosen.
  await expect(page.getByLabel('Which machine is this about?').locator('option:checked')).toHaveText(machine);
  await expect(page.getByRole('alert')).toContainText('Please choose a rating from 1 to 5 stars');
  await expect(page.getByRole('alert')).toContainText('Please enter your name');

  await page.getByLabel('4 stars').check();
  await page.getByLabel('Your experience').fill('Sturdy machines and engineers who answer the phone.');
  await page.getByLabel('Name').fill(`No Script ${Date.now()}`);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your review!' })).toBeVisible();
  await context.close();
});

test('without JavaScript a chosen star and those before it show filled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Share your experience' });
  await form.scrollIntoViewIfNeeded();
  const drawnFilled = () =>
    form
      .locator('.rating-stars .star-icon')
      .evaluateAll((icons) => icons.map((icon) => getComputedStyle(icon).maskImage.includes("fill='%23000'")));
  expect(await drawnFilled()).toEqual([false, false, false, false, false]);
  // The radio buttons are visually hidden; a visitor taps the star, which is the label.
  await form.locator('.rating-stars label').nth(3).click();
  await expect(form.getByLabel('4 stars')).toBeChecked();
  expect(await drawnFilled()).toEqual([true, true, true, true, false]);
  await form.locator('.rating-stars').screenshot({ path: test.info().outputPath('stars-without-javascript.png') });
  await form.locator('.rating-stars label').nth(1).click();
  expect(await drawnFilled()).toEqual([true, true, false, false, false]);
  await context.close();
});
