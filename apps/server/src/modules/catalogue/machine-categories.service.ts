import {
  CONTENT_LOCALES,
  type ContentLocale,
  DEFAULT_MACHINE_CATEGORY,
  type MachineCategory,
  type MachineCategoryInput,
  type MachineCategoryTranslations,
  machineCategorySlug,
  RESERVED_CATEGORY_SLUGS,
} from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { HttpError, notFound } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { catalogueWrite } from './catalogue.service';
import {
  countMachinesInCategory,
  deleteMachineCategory,
  findMachineCategory,
  findMachineCategoryByName,
  findMachineCategoryTranslations,
  insertMachineCategory,
  listMachineCategories,
  renameMachineCategory,
  withTranslations,
} from './machine-categories.repository';

// Machines carry their category's slug, which never changes, so a category write changes no list
// entry (a category in use cannot be deleted); the answers that name categories are built again.
const NO_ITEM = { site: true } as const;

const categoryNotFound = () => notFound('Machine category');

/** The stored names with a save's laid over them: per language a name replaces, empty removes, absent keeps. */
function patchCategoryTranslations(
  stored: MachineCategoryTranslations,
  sent: MachineCategoryInput['translations'],
): MachineCategoryTranslations {
  const result: MachineCategoryTranslations = {};
  for (const locale of CONTENT_LOCALES) {
    const name = sent?.[locale] ?? stored[locale];
    if (name !== undefined && name !== '') result[locale] = name;
  }
  return result;
}

/** The names as the audit trail lists them, one line per language ("ta: …"). */
const translationLines = (translations: MachineCategoryTranslations): string[] =>
  CONTENT_LOCALES.flatMap((locale) => (translations[locale] ? [`${locale}: ${translations[locale]}`] : []));

const sameLines = (a: string[], b: string[]) => a.length === b.length && a.every((line, index) => line === b[index]);

/**
 * `GET /api/machine-categories?lang=ta|hi` (decision 072): each name in that language, English
 * where staff have not given one, and no `translations`.
 */
export function categoriesInLanguage(
  categories: MachineCategory[],
  lang: ContentLocale | undefined,
): MachineCategory[] {
  if (lang === undefined) return categories;
  return categories.map(({ translations, ...category }) => ({
    ...category,
    name: translations?.[lang] ?? category.name,
  }));
}
const sameName = (name: string) => new HttpError(409, `A machine category named ${name} already exists.`);

/**
 * Staff's categories are catalogue writes like an item's: one write transaction, audited inside
 * it, bumping the catalogue revision so every process's cached lists and counts move on.
 */
export async function createMachineCategory(ctx: AppContext, input: MachineCategoryInput): Promise<MachineCategory> {
  const slug = machineCategorySlug(input.name);
  // `machine` is what every machine had before categories; a category of that slug could never
  // be listed apart, since `category=machine` answers every machine (decision 031).
  if (slug === DEFAULT_MACHINE_CATEGORY) {
    throw new HttpError(400, `"${input.name}" is kept for machines without a category; choose another name.`);
  }
  // The contact form lists every category as a Service option beside fixed ones; a category with
  // a fixed option's slug would share its value, and quotes for it would land on the wrong one.
  if (RESERVED_CATEGORY_SLUGS.has(slug)) {
    throw new HttpError(400, `"${input.name}" is the name of a fixed contact form option; choose another name.`);
  }
  return catalogueWrite(ctx, NO_ITEM, async (trx) => {
    if ((await findMachineCategory(trx, slug)) || (await findMachineCategoryByName(trx, input.name))) {
      throw sameName(input.name);
    }
    const translations = patchCategoryTranslations({}, input.translations);
    await insertMachineCategory(trx, { slug, name: input.name, translations }, new Date().toISOString());
    const lines = translationLines(translations);
    await recordAudit(trx, {
      action: 'category.create',
      target: { type: 'category', id: slug, label: input.name },
      changes: {
        name: { before: null, after: input.name },
        ...(lines.length > 0 ? { translations: { before: null, after: lines } } : {}),
      },
    });
    return withTranslations({ slug, name: input.name, machineCount: 0 }, translations);
  });
}

/**
 * Renames a category and sets its Tamil and Hindi names; its slug, and so every machine's link to it
 * and every shared URL, stays.
 */
export async function renameMachineCategoryBySlug(
  ctx: AppContext,
  slug: string,
  input: MachineCategoryInput,
): Promise<MachineCategory> {
  return catalogueWrite(ctx, NO_ITEM, async (trx) => {
    const before = await findMachineCategory(trx, slug);
    if (!before) throw categoryNotFound();
    if (await findMachineCategoryByName(trx, input.name, slug)) throw sameName(input.name);
    const stored = await findMachineCategoryTranslations(trx, slug);
    const translations = patchCategoryTranslations(stored, input.translations);
    await renameMachineCategory(trx, slug, input.name, translations);
    const [linesBefore, linesAfter] = [translationLines(stored), translationLines(translations)];
    const changes = {
      ...(before.name !== input.name ? { name: { before: before.name, after: input.name } } : {}),
      ...(sameLines(linesBefore, linesAfter)
        ? {}
        : {
            translations: {
              before: linesBefore.length > 0 ? linesBefore : null,
              after: linesAfter.length > 0 ? linesAfter : null,
            },
          }),
    };
    if (Object.keys(changes).length > 0) {
      await recordAudit(trx, {
        action: 'category.update',
        target: { type: 'category', id: slug, label: input.name },
        changes,
      });
    }
    return withTranslations(
      { slug, name: input.name, machineCount: await countMachinesInCategory(trx, slug) },
      translations,
    );
  });
}

/** Deletes an empty category; one that machines still use is refused, so no machine is left pointing nowhere. */
export async function removeMachineCategory(ctx: AppContext, slug: string): Promise<void> {
  await catalogueWrite(ctx, NO_ITEM, async (trx) => {
    const before = await findMachineCategory(trx, slug);
    if (!before) throw categoryNotFound();
    const machines = await countMachinesInCategory(trx, slug);
    if (machines > 0) {
      throw new HttpError(
        409,
        `${before.name} still has ${machines} machine${machines === 1 ? '' : 's'}; move them to another category first.`,
      );
    }
    await deleteMachineCategory(trx, slug);
    await recordAudit(trx, {
      action: 'category.delete',
      target: { type: 'category', id: slug, label: before.name },
      changes: { name: { before: before.name, after: null } },
    });
  });
}

export { listMachineCategories };
