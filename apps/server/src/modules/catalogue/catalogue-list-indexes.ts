import type { Kysely } from 'kysely';
import type { MachineListEntry, ServiceListEntry, SparePartListEntry, Specification } from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';
import { type ItemRecord, listItems, machineNamesAndCodes, partIdsFitting } from './catalogue.repository';
import { toListEntry, toMachineListEntry, toService, toSparePartListEntry } from './catalogue.mappers';
import { catalogueChangesBetween } from './catalogue-revision.repository';
import type { TypedSpec } from './list-facets';
import { type IndexRecord, ListIndexes, type ListSource } from './list-index';

/** The list indexes of one process: the list calls and the facets call cut their answers from them. */
export interface CatalogueListIndexes {
  machines: ListIndexes<MachineListEntry>;
  spares: ListIndexes<SparePartListEntry>;
  services: ListIndexes<ServiceListEntry>;
}

const typedSpecs = (list: readonly Specification[]): TypedSpec[] =>
  list.flatMap((spec) =>
    spec.number === null || spec.number === undefined
      ? []
      : [{ key: spec.key, number: spec.number, unit: spec.unit ?? null }],
  );

export function recordOf<T>(item: ItemRecord, entry: T, fits: readonly string[] = []): IndexRecord<T> {
  return {
    id: item.id,
    entry,
    search: {
      code: item.code,
      name: item.name,
      description: item.description,
      fits,
      translated: Object.values(item.translations),
    },
    specs: typedSpecs(item.specifications),
  };
}

/** Spare parts with the names and codes of the machines they fit: buyers search by the machine they own. */
export async function spareRecords(
  db: Kysely<Database>,
  ids?: readonly string[],
): Promise<IndexRecord<SparePartListEntry>[]> {
  const parts = await listItems(db, 'spare', ids ? { ids } : {});
  const machines = await machineNamesAndCodes(
    db,
    ids === undefined ? undefined : [...new Set(parts.flatMap((part) => part.fits))],
  );
  const machineWords = new Map(
    machines.map((machine) => [machine.id, machine.code ? [machine.name, machine.code] : [machine.name]]),
  );
  return parts.map((part) =>
    recordOf(
      part,
      toSparePartListEntry(part),
      part.fits.flatMap((id) => machineWords.get(id) ?? []),
    ),
  );
}

/** The records of a list whose records need nothing but the items themselves (machines, services). */
export async function itemRecords<T>(
  db: Kysely<Database>,
  kind: ItemKind,
  toEntry: (item: ItemRecord) => T,
  ids?: readonly string[],
): Promise<IndexRecord<T>[]> {
  return (await listItems(db, kind, ids ? { ids } : {})).map((item) => recordOf(item, toEntry(item)));
}

/** A list whose records need nothing but the items themselves (machines, services). */
function itemSource<T>(db: Kysely<Database>, kind: ItemKind, toEntry: (item: ItemRecord) => T): ListSource<T> {
  const records = (ids?: readonly string[]) => itemRecords(db, kind, toEntry, ids);
  return {
    all: () => records(),
    reached: (changed) => records([...changed]),
    changesBetween: async (from, to) => (await catalogueChangesBetween(db, from, to)).items,
  };
}

function create(db: Kysely<Database>): CatalogueListIndexes {
  return {
    machines: new ListIndexes(itemSource(db, 'machine', toMachineListEntry)),
    services: new ListIndexes(itemSource(db, 'service', (item) => toListEntry(toService(item)))),
    spares: new ListIndexes({
      all: () => spareRecords(db),
      // A renamed machine changes the words that find the parts that fit it.
      reached: async (changed, limit) => {
        const ids = new Set([...changed, ...(await partIdsFitting(db, [...changed]))]);
        return ids.size > limit ? null : spareRecords(db, [...ids]);
      },
      changesBetween: async (from, to) => (await catalogueChangesBetween(db, from, to)).items,
    }),
  };
}

// One set per database handle, like the response cache, so apps in one test process stay apart.
const indexesByDb = new WeakMap<Kysely<Database>, CatalogueListIndexes>();

export function catalogueListIndexes(db: Kysely<Database>): CatalogueListIndexes {
  let indexes = indexesByDb.get(db);
  if (!indexes) {
    indexes = create(db);
    indexesByDb.set(db, indexes);
  }
  return indexes;
}
