import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planImport } from '../../src/modules/catalogue-import/import-plan';
import {
  listCategoryRefs,
  listMachineRefs,
  loadItemsForImport,
} from '../../src/modules/catalogue-import/import.repository';
import { createPart } from '../helpers/items';
import { createTestApp, type TestApp } from '../helpers/test-app';

/**
 * An import tells the search tables which parts it gave a new price and nothing else (decision
 * 086): their search rows are then left as they are, so the flag must never be set on a row that
 * changes anything a list searches or narrows by.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  await createPart(t, token, { code: 'PO-1', name: 'Price Only Collet', price: '100' });
});

afterAll(async () => {
  await t?.close();
});

async function priceOnlyOf(header: string, row: string): Promise<boolean[]> {
  const plan = await planImport({
    kind: 'spare-parts',
    sheet: { header: header.split(','), rows: [{ line: 2, cells: row.split(',') }] },
    stored: await loadItemsForImport(t.ctx.db, 'spare'),
    machines: await listMachineRefs(t.ctx.db),
    categories: await listCategoryRefs(t.ctx.db),
  });
  expect(plan.summary.errorCount, JSON.stringify(plan.summary)).toBe(0);
  return plan.writes.map((write) => write.priceOnly);
}

describe('an import row that changes the price alone', () => {
  it('is flagged when the price is all it changes', async () => {
    expect(await priceOnlyOf('code,price', 'PO-1,120')).toEqual([true]);
    expect(await priceOnlyOf('code,name,price', 'PO-1,Price Only Collet,120')).toEqual([true]);
  });

  it('is not flagged when it also changes the name, a translation or the description, or creates a part', async () => {
    expect(await priceOnlyOf('code,name,price', 'PO-1,Price Only Collet II,120')).toEqual([false]);
    expect(await priceOnlyOf('code,name_ta,price', 'PO-1,கொலெட்,120')).toEqual([false]);
    expect(await priceOnlyOf('code,description,price', 'PO-1,A new text,120')).toEqual([false]);
    expect(
      await priceOnlyOf(
        'code,name,description,price,spec: Bore [mm],spec: Material',
        'PO-2,A New Part,A new text,120,20,Steel',
      ),
    ).toEqual([false]);
  });
});
