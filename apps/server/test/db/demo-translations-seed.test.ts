import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CATEGORY_NAMES, DEMO_TRANSLATIONS, type DemoCatalogue, demoCatalogue } from '@capstan/demo-catalogue';
import { seedDemoCatalogue } from '../../src/db/seed/seed';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Seeding the demo's Tamil and Hindi texts (decision 072) never overwrites what is already there.

const np25 = demoCatalogue.machines[0]!;
const small: DemoCatalogue = {
  machines: [np25, { ...np25, code: 'NP-TEST', name: 'A machine the demo tables do not know' }],
  spareParts: [],
  services: [],
};

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

const categoryTranslations = async () =>
  Object.fromEntries(
    (await t.ctx.db.selectFrom('machine_categories').select(['slug', 'translations']).execute()).map((row) => [
      row.slug,
      row.translations === null ? null : (JSON.parse(row.translations) as unknown),
    ]),
  );

const itemTranslations = async (code: string) =>
  (await t.ctx.db.selectFrom('items').select('translations').where('code', '=', code).executeTakeFirstOrThrow())
    .translations;

describe('seeding the demo translations', () => {
  it('keeps category names staff gave before an empty catalogue was seeded again', async () => {
    const own = { ta: 'கேப்ஸ்டன் மெஷின்கள்' };
    await t.ctx.db
      .updateTable('machine_categories')
      .set({ translations: JSON.stringify(own) })
      .where('slug', '=', 'capstan-lathe')
      .execute();

    expect(await seedDemoCatalogue(t.ctx, small)).toBe(2);
    expect(await categoryTranslations()).toEqual({
      'capstan-lathe': own,
      'cnc-lathe': DEMO_CATEGORY_NAMES['cnc-lathe'],
      'turret-lathe': DEMO_CATEGORY_NAMES['turret-lathe'],
    });
  });

  it('seeds an item the tables do not know in English alone', async () => {
    await seedDemoCatalogue(t.ctx, small);
    expect(await itemTranslations('NP-TEST')).toBeNull();
    const stored = JSON.parse((await itemTranslations('NP-25')) ?? '{}') as Record<string, { name?: string }>;
    expect(stored.ta?.name).toBe(DEMO_TRANSLATIONS['NP-25']?.ta.name);
    expect(stored.hi?.name).toBe(DEMO_TRANSLATIONS['NP-25']?.hi.name);
  });

  it('touches nothing when the catalogue already has items', async () => {
    await seedDemoCatalogue(t.ctx, small);
    await t.ctx.db.updateTable('machine_categories').set({ translations: null }).execute();

    expect(await seedDemoCatalogue(t.ctx, demoCatalogue)).toBe(0);
    expect(Object.values(await categoryTranslations())).toEqual([null, null, null]);
  });
});
