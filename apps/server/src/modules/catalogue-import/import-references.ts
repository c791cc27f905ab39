import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { ImportKind } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { ITEM_KIND_OF, itemsNamedBy } from './import-plan';
import type { Sheet } from './import-sheet';
import { listCategoryRefs, listMachineRefs, loadItemsForImport } from './import.repository';

/** What planning a file reads of the catalogue: the items it names, and the machines or categories its cells may name. */
export async function references(db: Kysely<Database>, kind: ImportKind, sheet: Sheet) {
  const itemKind = ITEM_KIND_OF[kind];
  const [stored, machines, categories] = await Promise.all([
    loadItemsForImport(db, itemKind, itemsNamedBy(kind, sheet)),
    kind === 'spare-parts' ? listMachineRefs(db) : Promise.resolve([]),
    kind === 'machines' ? listCategoryRefs(db) : Promise.resolve([]),
  ]);
  return { stored, machines, categories };
}

export type References = Awaited<ReturnType<typeof references>>;

/**
 * Whether two reads of what a plan depends on found the same catalogue. A plan is a function of
 * the file and these alone, so the same reads give the same plan. Rows and fits may come back in
 * another order: that changes nothing the plan uses.
 */
export function sameReferences(a: References, b: References): boolean {
  const items = (refs: References) =>
    new Map(refs.stored.map((item) => [item.id, { ...item, fits: [...item.fits].sort() }]));
  const machines = (refs: References) => new Map(refs.machines.map((machine) => [machine.id, machine.code]));
  return (
    isDeepStrictEqual(items(a), items(b)) &&
    isDeepStrictEqual(machines(a), machines(b)) &&
    isDeepStrictEqual(a.categories, b.categories)
  );
}
