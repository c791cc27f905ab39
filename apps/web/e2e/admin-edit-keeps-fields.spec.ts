import type { Machine, Service, SparePart } from '@capstan/shared';
import { expect, test, acceptDialogs, loginAsAdmin, watchPageProblems } from './fixtures';

// Changing one field in an admin form and saving changes that field and nothing else
// (decision 011). Each kind's seeded item is read through the API before and after.

type Item = Machine | SparePart | Service;

/** What an editor could lose: everything but the field edited and the version stamp. */
function unchangedPart(item: Item): Record<string, unknown> {
  const { description: _description, updatedAt: _updatedAt, ...rest } = item;
  return rest;
}

const kinds = [
  {
    kind: 'machine',
    list: '/api/products?category=machine&limit=100',
    one: (id: string) => `/api/products/${id}`,
    edit: (id: string) => `/admin/products/edit/${id}`,
    submit: 'Update Machine',
    // A seeded machine with everything the public page shows (ratings come from reviews, and the
    // demo's own machines leave the brand empty for the company's name: neither is typed in).
    pick: (items: Item[]) =>
      (items as Machine[]).find((m) => m.features.length > 0 && m.code !== null && m.price !== null),
  },
  {
    kind: 'spare part',
    list: '/api/spareparts?limit=100',
    one: (id: string) => `/api/spareparts/${id}`,
    edit: (id: string) => `/admin/spareparts/edit/${id}`,
    submit: 'Update Spare Part',
    pick: (items: Item[]) => (items as SparePart[]).find((p) => p.price !== null && p.images.length > 0),
  },
  {
    kind: 'service',
    list: '/api/services?limit=100',
    one: (id: string) => `/api/services/${id}`,
    edit: (id: string) => `/admin/services/edit/${id}`,
    submit: 'Update Service',
    pick: (items: Item[]) => (items as Service[]).find((s) => s.images.length > 0),
  },
] as const;

for (const k of kinds) {
  test(`admin: editing only the description of a seeded ${k.kind} keeps every other field`, async ({ page }) => {
    const problems = watchPageProblems(page);
    const dialogs = acceptDialogs(page);
    const listed = (await (await page.request.get(k.list)).json()) as Item[];
    const picked = k.pick(listed);
    expect(picked, `a seeded ${k.kind} with every field filled`).toBeDefined();
    const before = (await (await page.request.get(k.one(picked!.id))).json()) as Item;

    await loginAsAdmin(page);
    await page.goto(k.edit(before.id));
    const description = page.getByLabel('Description', { exact: true });
    await expect(description).toHaveValue(before.description);
    const changed = `${before.description} Checked on site by the e2e journey.`;
    await description.fill(changed);
    await page.getByRole('button', { name: k.submit, exact: true }).click();
    await expect(page.getByText(/updated successfully!/).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Just saved' })).toContainText(before.name);

    const after = (await (await page.request.get(k.one(before.id))).json()) as Item;
    expect(after.description).toBe(changed);
    expect(unchangedPart(after)).toEqual(unchangedPart(before));

    if (k.kind === 'machine') {
      // The public page still lists the Key Features it had.
      const visitor = await (await page.context().browser()!.newContext()).newPage();
      await visitor.goto(`/product/${before.id}`);
      const features = (before as Machine).features;
      await expect(visitor.getByRole('heading', { name: 'Key Features' })).toBeVisible();
      for (const feature of features) await expect(visitor.getByText(feature, { exact: true })).toBeVisible();
      await visitor.context().close();
    }
    expect(dialogs).toEqual([]);
    expect(problems).toEqual([]);
  });
}
