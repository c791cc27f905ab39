import type { Kysely } from 'kysely';
import type { MachineListEntry, ServiceListEntry, SparePartListEntry, Specification } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { type ItemRecord, listItems } from './catalogue.repository';
import { toListEntry, toMachineListEntry, toService, toSparePartListEntry } from './catalogue.mappers';
import type { TypedSpec } from './list-facets';
import { type IndexRecord, ListIndexes } from './list-index';

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

function recordOf<T>(item: ItemRecord, entry: T, fits: readonly string[] = []): IndexRecord<T> {
  return {
    entry,
    search: { code: item.code, name: item.name, description: item.description, fits },
    specs: typedSpecs(item.specifications),
  };
}

async function loadSpares(db: Kysely<Database>): Promise<IndexRecord<SparePartListEntry>[]> {
  const [parts, machines] = await Promise.all([listItems(db, 'spare'), listItems(db, 'machine')]);
  // Machine names and codes find the parts that fit them: buyers search by the machine they own.
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

function create(db: Kysely<Database>): CatalogueListIndexes {
  return {
    machines: new ListIndexes(async () =>
      (await listItems(db, 'machine')).map((item) => recordOf(item, toMachineListEntry(item))),
    ),
    spares: new ListIndexes(() => loadSpares(db)),
    services: new ListIndexes(async () =>
      (await listItems(db, 'service')).map((item) => recordOf(item, toListEntry(toService(item)))),
    ),
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
