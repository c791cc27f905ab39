import {
  DEFAULT_MACHINE_CATEGORY,
  type MachineCategory,
  type MachineCategoryInput,
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
  insertMachineCategory,
  listMachineCategories,
  renameMachineCategory,
} from './machine-categories.repository';

// Machines carry their category's slug, which never changes, so a category write changes no list
// entry (a category in use cannot be deleted); the answers that name categories are built again.
const NO_ITEM = { site: true } as const;

const categoryNotFound = () => notFound('Machine category');
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
    await insertMachineCategory(trx, { slug, name: input.name }, new Date().toISOString());
    await recordAudit(trx, {
      action: 'category.create',
      target: { type: 'category', id: slug, label: input.name },
      changes: { name: { before: null, after: input.name } },
    });
    return { slug, name: input.name, machineCount: 0 };
  });
}

/** Renames a category; its slug, and so every machine's link to it and every shared URL, stays. */
export async function renameMachineCategoryBySlug(
  ctx: AppContext,
  slug: string,
  input: MachineCategoryInput,
): Promise<MachineCategory> {
  return catalogueWrite(ctx, NO_ITEM, async (trx) => {
    const before = await findMachineCategory(trx, slug);
    if (!before) throw categoryNotFound();
    if (await findMachineCategoryByName(trx, input.name, slug)) throw sameName(input.name);
    await renameMachineCategory(trx, slug, input.name);
    if (before.name !== input.name) {
      await recordAudit(trx, {
        action: 'category.update',
        target: { type: 'category', id: slug, label: input.name },
        changes: { name: { before: before.name, after: input.name } },
      });
    }
    return { slug, name: input.name, machineCount: await countMachinesInCategory(trx, slug) };
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
