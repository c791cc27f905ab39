import fs from 'node:fs/promises';
import { type Page } from '@playwright/test';
import { expect, test, loginAsAdmin, watchPageProblems } from './fixtures';

const SHOTS = process.env.E2E_SHOTS_DIR;

/** With E2E_SHOTS_DIR set: full-page screenshots at a phone's and a desktop's width, to look at. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  const before = page.viewportSize();
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

async function download(page: Page, button: string): Promise<{ name: string; buffer: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const filePath = await file.path();
  return { name: file.suggestedFilename(), buffer: await fs.readFile(filePath) };
}

async function previewFile(page: Page, file: { name: string; buffer: Buffer }, mimeType: string) {
  await page.getByLabel('CSV or Excel (.xlsx) file').setInputFiles({ ...file, mimeType });
  await page.getByRole('button', { name: 'Preview' }).click();
  // The first file read starts the reader's worker thread (about a second, more on a busy machine).
  await expect(page.getByText('Checking the file…')).toHaveCount(0, { timeout: 30_000 });
  return page.getByLabel('Preview');
}

const count = (preview: ReturnType<Page['getByLabel']>, label: string) =>
  preview
    .locator('div')
    .filter({ has: preview.page().getByText(label, { exact: true }) })
    .locator('dd');

test('admin: export spare parts → import unchanged (CSV and xlsx) → edit a price → preview → import with progress', async ({
  page,
}) => {
  const problems = watchPageProblems(page);
  // Signed in through the API (the sign-in dialog has journeys of its own): a session as the dialog stores it.
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Import / export' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import and export' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Spare parts' })).toHaveAttribute('aria-pressed', 'true');

  for (const [button, mimeType] of [
    ['Download CSV', 'text/csv'],
    ['Download Excel (.xlsx)', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ] as const) {
    const file = await download(page, button);
    expect(file.name).toMatch(/^spare-parts-\d{4}-\d{2}-\d{2}\.(csv|xlsx)$/);
    const preview = await previewFile(page, file, mimeType);
    await expect(count(preview, 'Unchanged')).not.toHaveText('0');
    await expect(count(preview, 'To create')).toHaveText('0');
    await expect(count(preview, 'To update')).toHaveText('0');
    await expect(count(preview, 'Invalid rows')).toHaveText('0');
    await expect(page.getByRole('button', { name: 'Nothing to import' })).toBeDisabled();
  }
  await shot(page, 'import-unchanged');

  // Edit one price, as a staff member would in the spreadsheet: a file with the id and the new price.
  const csv = (await download(page, 'Download CSV')).buffer.toString('utf8');
  const firstRow = csv.split('\r\n')[1] ?? '';
  const id = /^"([0-9a-f-]{36})"/.exec(firstRow)?.[1];
  expect(id).toBeTruthy();
  const edited = { name: 'prices.csv', buffer: Buffer.from(`id,price\r\n${id},123457\r\n`) };
  const preview = await previewFile(page, edited, 'text/csv');
  await expect(count(preview, 'To update')).toHaveText('1');
  await expect(page.getByText(/\(price\)/)).toBeVisible();
  await shot(page, 'import-preview');
  await page.getByRole('button', { name: 'Import 1 row' }).click();
  await expect(page.getByText('Imported “prices.csv”: 1 created, 0 updated, 0 unchanged.')).toHaveCount(0);
  await expect(page.getByText('Imported “prices.csv”: 0 created, 1 updated, 0 unchanged.')).toBeVisible();
  await shot(page, 'import-done');

  const part = (await (await page.request.get(`/api/spareparts/${id}`)).json()) as { price: number };
  expect(part.price).toBe(123457);

  // A bad file: every problem listed with its line and column, nothing importable.
  const bad = { name: 'bad.csv', buffer: Buffer.from(`id,price,colour\r\n${id},abc,red\r\n`) };
  await previewFile(page, bad, 'text/csv');
  await expect(page.getByRole('table', { name: 'Invalid cells' })).toContainText('Unknown column "colour"');
  await shot(page, 'import-invalid');

  // Valid and invalid rows together: the valid one is imported alone, the other comes back as a file.
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const mixed = { name: 'mixed.csv', buffer: Buffer.from(`id,price\r\n${id},223344\r\n${unknownId},5\r\n`) };
  await previewFile(page, mixed, 'text/csv');
  await expect(page.getByRole('table', { name: 'Invalid cells' })).toContainText('No spare part has this id');
  await page.getByRole('button', { name: 'Import the 1 valid row' }).click();
  await expect(
    page.getByText('Imported “mixed.csv”: 0 created, 1 updated, 0 unchanged, 1 row left out.'),
  ).toBeVisible();
  const [rejectedFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the 1 rejected row with their errors (CSV)' }).click(),
  ]);
  expect(rejectedFile.suggestedFilename()).toBe('mixed-rejected-rows.csv');
  const rejected = await fs.readFile(await rejectedFile.path(), 'utf8');
  expect(rejected).toBe(
    `\uFEFF"id","price","errors"\r\n"${unknownId}","5","Line 3, id: No spare part has this id: leave id empty to add a new one"\r\n`,
  );
  await shot(page, 'import-valid-rows');
  const updated = (await (await page.request.get(`/api/spareparts/${id}`)).json()) as { price: number };
  expect(updated.price).toBe(223344);
  expect(problems).toEqual([]);
});
