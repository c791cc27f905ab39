import type { Kysely } from 'kysely';
import { DEFAULT_MACHINE_CATEGORY, type MachineCategory, type MachineCategoryTranslations } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { readPerLanguage } from './item-translations';

/**
 * `machine_categories.translations` (decision 072): `{"ta":"…","hi":"…"}`, null when none. Anything
 * unreadable, and a language this release does not know, is left out.
 */
export const parseCategoryTranslations = (json: string | null): MachineCategoryTranslations =>
  readPerLanguage(json, (name) => (typeof name === 'string' && name.trim() !== '' ? name : undefined));

/**
 * The category with its Tamil and Hindi names; a category without any carries no `translations`, so
 * an answer reads as it did before categories could be translated.
 */
export function withTranslations(
  category: Omit<MachineCategory, 'translations'>,
  translations: MachineCategoryTranslations,
): MachineCategory {
  return Object.keys(translations).length === 0 ? category : { ...category, translations };
}

const translationsColumn = (translations: MachineCategoryTranslations): string | null =>
  Object.keys(translations).length === 0 ? null : JSON.stringify(translations);

/** Every category in staff's order, with how many machines each holds and its Tamil and Hindi names. */
export async function listMachineCategories(db: Kysely<Database>): Promise<MachineCategory[]> {
  const [categories, counts] = await Promise.all([
    db
      .selectFrom('machine_categories')
      .select(['slug', 'name', 'translations'])
      .orderBy('position')
      .orderBy('slug')
      .execute(),
    db
      .selectFrom('items')
      .select((eb) => ['category', eb.fn.countAll().as('count')])
      .where('kind', '=', 'machine')
      .groupBy('category')
      .execute(),
  ]);
  const countBySlug = new Map(counts.map((row) => [row.category, Number(row.count)]));
  return categories.map((row) =>
    withTranslations(
      { slug: row.slug, name: row.name, machineCount: countBySlug.get(row.slug) ?? 0 },
      parseCategoryTranslations(row.translations),
    ),
  );
}

/** How many categories hold at least one machine ("uncategorised" machines are in none). */
export async function countMachineCategoriesInUse(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('machine_categories')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('items')
          .select('items.id')
          .where('items.kind', '=', 'machine')
          .whereRef('items.category', '=', 'machine_categories.slug'),
      ),
    )
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function findMachineCategory(
  db: Kysely<Database>,
  slug: string,
): Promise<{ slug: string; name: string } | undefined> {
  return db.selectFrom('machine_categories').select(['slug', 'name']).where('slug', '=', slug).executeTakeFirst();
}

/** A category's Tamil and Hindi names; none for a category that does not exist. */
export async function findMachineCategoryTranslations(
  db: Kysely<Database>,
  slug: string,
): Promise<MachineCategoryTranslations> {
  const row = await db
    .selectFrom('machine_categories')
    .select('translations')
    .where('slug', '=', slug)
    .executeTakeFirst();
  return parseCategoryTranslations(row?.translations ?? null);
}

/** Whether a machine may be put in `slug`: a stored category, or the default "uncategorised" one. */
export async function machineCategoryExists(db: Kysely<Database>, slug: string): Promise<boolean> {
  return slug === DEFAULT_MACHINE_CATEGORY || (await findMachineCategory(db, slug)) !== undefined;
}

/** A category named like `name` ignoring case, other than `exceptSlug`. */
export async function findMachineCategoryByName(
  db: Kysely<Database>,
  name: string,
  exceptSlug?: string,
): Promise<{ slug: string; name: string } | undefined> {
  const rows = await db.selectFrom('machine_categories').select(['slug', 'name']).execute();
  const wanted = name.trim().toLowerCase();
  return rows.find((row) => row.slug !== exceptSlug && row.name.trim().toLowerCase() === wanted);
}

/** Adds a category after the others. */
export async function insertMachineCategory(
  db: Kysely<Database>,
  category: { slug: string; name: string; translations: MachineCategoryTranslations },
  now: string,
): Promise<void> {
  const last = await db
    .selectFrom('machine_categories')
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const position = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  await db
    .insertInto('machine_categories')
    .values({
      slug: category.slug,
      name: category.name,
      position,
      created_at: now,
      translations: translationsColumn(category.translations),
    })
    .execute();
}

export async function renameMachineCategory(
  db: Kysely<Database>,
  slug: string,
  name: string,
  translations: MachineCategoryTranslations,
): Promise<void> {
  await db
    .updateTable('machine_categories')
    .set({ name, translations: translationsColumn(translations) })
    .where('slug', '=', slug)
    .execute();
}

export async function deleteMachineCategory(db: Kysely<Database>, slug: string): Promise<void> {
  await db.deleteFrom('machine_categories').where('slug', '=', slug).execute();
}

export async function countMachinesInCategory(db: Kysely<Database>, slug: string): Promise<number> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('kind', '=', 'machine')
    .where('category', '=', slug)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}
