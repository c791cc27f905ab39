import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, E2E_ADMIN, loginAsAdmin, waitForLanding, watchPageProblems } from './fixtures';

/** Set to a folder to keep pictures of the inbox card at phone and desktop width (for a person to look at). */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR;

test('staff note, assign and follow up an inquiry; a past follow-up shows under Overdue and in the CSV', async ({
  page,
  browser,
}) => {
  const problems = watchPageProblems(page);
  const lastName = `Flow-${Date.now()}`;
  const fullName = `Kavya ${lastName}`;

  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/#contact');
  await waitForLanding(visitor);
  const form = visitor.getByRole('form', { name: 'Contact form' });
  await form.getByLabel('First name').fill('Kavya');
  await form.getByLabel('Last name').fill(lastName);
  await form.getByLabel('Email').fill('kavya@example.in');
  await form.getByLabel('Phone').fill('+91 98430 11111');
  await form.getByLabel('Message').fill('Two CNC lathes for our Hosur plant, please quote.');
  await form.getByRole('button', { name: /Send/ }).click();
  // The app may still be starting when the click lands (it then sends once it runs): a deadline, not a measure.
  await expect(visitor.getByText('Thank you for your inquiry!').first()).toBeVisible({ timeout: 20_000 });
  await visitorContext.close();

  await loginAsAdmin(page);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: /Inquiries/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inquiries' })).toBeVisible();
  const cardOf = () => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: fullName }) });
  const card = cardOf();
  await expect(card).toHaveCount(1);
  const saved = (method: string) =>
    page.waitForResponse((r) => r.url().includes('/api/inquiries/') && r.request().method() === method && r.ok());

  // A note, signed with the signed-in email.
  const notes = card.getByRole('region', { name: `Notes on ${fullName}` });
  await expect(notes).toContainText('No notes yet.');
  await notes.getByLabel('Add a note').fill('Called: wants a demo at the works on Friday.');
  const noteSaved = saved('POST');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await noteSaved;
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes.getByRole('listitem')).toContainText('Called: wants a demo at the works on Friday.');
  await expect(notes.getByRole('listitem')).toContainText(E2E_ADMIN.email);
  await expect(notes.getByLabel('Add a note')).toHaveValue('');

  // Assigned to the signed-in staff member, with a follow-up day long past.
  const assignee = card.getByRole('combobox', { name: `Assigned to for ${fullName}` });
  const assigned = saved('PUT');
  await assignee.selectOption({ label: E2E_ADMIN.email });
  await assigned;
  await expect(assignee).toHaveValue(/.+/);
  await expect(card.getByText('Overdue', { exact: true })).toHaveCount(0);
  const followUp = card.getByLabel(`Follow up on for ${fullName}`);
  await expect(followUp).toBeEnabled();
  const followed = saved('PUT');
  await followUp.fill('2026-01-05');
  await followed;
  await expect(card.getByText('Overdue', { exact: true })).toBeVisible();

  // It stays so after a reload, and the Overdue view and "Me" filter show it.
  await page.reload();
  await expect(cardOf()).toHaveCount(1);
  await expect(cardOf().getByLabel(`Follow up on for ${fullName}`)).toHaveValue('2026-01-05');
  await expect(cardOf().getByRole('region', { name: `Notes on ${fullName}` })).toContainText('wants a demo');
  await page.getByRole('button', { name: 'Overdue only' }).click();
  await page.getByLabel('Assigned to', { exact: true }).selectOption('me');
  await expect(cardOf()).toHaveCount(1);
  await page.getByLabel('Assigned to', { exact: true }).selectOption('none');
  await expect(page.getByRole('heading', { name: fullName })).toHaveCount(0);
  await page.getByLabel('Assigned to', { exact: true }).selectOption('me');
  await expect(cardOf()).toHaveCount(1);

  // The export of this view has it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Export CSV/ }).click();
  const csv = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(csv).toContain(lastName);

  if (SHOTS_DIR) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await cardOf().scrollIntoViewIfNeeded();
      await cardOf().screenshot({ path: path.join(SHOTS_DIR, `inquiry-card-${width}.png`) });
      await page.screenshot({ path: path.join(SHOTS_DIR, `inbox-${width}.png`) });
    }
  }

  expect(problems).toEqual([]);
});
