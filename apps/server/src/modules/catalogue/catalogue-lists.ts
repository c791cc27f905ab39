import type { Kysely } from 'kysely';
import type {
  ListQuery,
  ListSortable,
  MachineListEntry,
  ServiceListEntry,
  SparePartListEntry,
  SpecFacet,
} from '@capstan/shared';
import type { Database } from '../../db/schema';
import { listItems, type ItemRecord } from './catalogue.repository';
import { toListEntry, toMachineListEntry, toService, toSparePartListEntry } from './catalogue.mappers';
import { catalogueListIndexes, itemRecords, spareRecords } from './catalogue-list-indexes';
import { readCatalogueRevision } from './catalogue-revision.repository';
import { usesSearchTables } from './catalogue-search.repository';
import { DatabaseList } from './database-list';
import type { AnsweredPage, ListIndex, ListIndexes, Narrowing } from './list-index';

/**
 * The catalogue's lists as the routes read them (decision 069), whichever engine answers: on
 * SQLite each process's in-memory indexes (list-index.ts), on PostgreSQL the database's search
 * tables (database-list.ts), so that no instance keeps a copy of the catalogue.
 */

/** A filter beyond the query: a machine category, or the machine a spare part fits. */
export interface ListNarrowing {
  category?: string;
  fits?: string;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  /** The catalogue revision the answer is at least as new as. */
  asOf: number;
  /** For a search: whether its answer still holds at a later revision (response cache). */
  survives?: (to: number) => Promise<boolean>;
}

export interface ListFacets {
  asOf: number;
  total: number;
  specs: SpecFacet[];
  /** Items per machine category over the search and ranges, not the category chosen (machines only). */
  perCategory: Map<string, number>;
}

/** What the chat helper looks items up by (chat-items.service.ts). */
export interface NamingQuery {
  /** Runs of the message's words that may be a code, letters and digits only. */
  codes: string[];
  /** The message's letters and digits. */
  text: string;
  /** The message without its question words, letters and digits only; '' when too short. */
  phrase: string;
}

/** A signed-in colleague reads their own writes; a visitor may be answered from an older index. */
export interface ListRead {
  current?: boolean;
}

export interface CatalogueList<T extends ListSortable> {
  page(revision: number, read: ListRead, query: ListQuery, narrowing: ListNarrowing): Promise<ListPage<T>>;
  facets(
    revision: number,
    read: ListRead,
    query: Pick<ListQuery, 'q' | 'f'>,
    narrowing: ListNarrowing,
    options: { perCategory: boolean },
  ): Promise<ListFacets>;
  /** An index holding at least the items `names` can find (all of them, for the in-memory engine). */
  named(revision: number, names: NamingQuery): Promise<ListIndex<T>>;
}

export interface CatalogueLists {
  machines: CatalogueList<MachineListEntry>;
  spares: CatalogueList<SparePartListEntry>;
  services: CatalogueList<ServiceListEntry>;
}

const toServiceListEntry = (item: ItemRecord): ServiceListEntry => toListEntry(toService(item));

type Narrowable = ListSortable & { category?: string; fits?: readonly string[] };

function keepOf<T extends Narrowable>({ category, fits }: ListNarrowing): Narrowing<T> | undefined {
  if (category !== undefined) return { key: `category:${category}`, keeps: (entry) => entry.category === category };
  if (fits !== undefined) return { key: `fits:${fits}`, keeps: (entry) => (entry.fits ?? []).includes(fits) };
  return undefined;
}

/** The lists of one process, answered from its in-memory indexes (SQLite). */
class MemoryList<T extends Narrowable> implements CatalogueList<T> {
  constructor(private readonly indexes: ListIndexes<T>) {}

  async page(revision: number, read: ListRead, query: ListQuery, narrowing: ListNarrowing): Promise<ListPage<T>> {
    const served = await this.indexes.serve(revision, read);
    const searched = query.q.trim() === '' ? undefined : served.index.searchQuery(query.q);
    const keep = keepOf<T>(narrowing);
    const { items, ids, total, ends } = served.index.select(query, keep, searched);
    if (searched !== undefined) {
      // A search outlives edits to items it finds neither before nor after them.
      return {
        items,
        total,
        asOf: served.revision,
        survives: this.indexes.searchSurvivor(query.q, searched.meaning, served.revision),
      };
    }
    // A page outlives edits to items that stay out of its list, or before it or after it.
    const ranges = query.f ?? [];
    const answered: AnsweredPage<T> = {
      sort: query.sort,
      ends,
      ids: new Set(ids),
      ...(keep === undefined ? {} : { keep }),
      ranges,
      units: ranges.length === 0 ? '' : served.index.rangeUnits(ranges.map((range) => range.slug)),
    };
    return {
      items,
      total,
      asOf: served.revision,
      survives: this.indexes.pageSurvivor(answered, served.revision),
    };
  }

  async facets(
    revision: number,
    read: ListRead,
    { q, f = [] }: Pick<ListQuery, 'q' | 'f'>,
    narrowing: ListNarrowing,
    options: { perCategory: boolean },
  ): Promise<ListFacets> {
    const { index, revision: asOf } = await this.indexes.serve(revision, read);
    const keep = keepOf<T>(narrowing);
    const perCategory = new Map<string, number>();
    if (options.perCategory) {
      for (const entry of index.matching({ q, sort: 'name', f })) {
        if (entry.category !== undefined) perCategory.set(entry.category, (perCategory.get(entry.category) ?? 0) + 1);
      }
    }
    return {
      asOf,
      total: index.matching({ q, sort: 'name', f }, keep).length,
      perCategory,
      specs: index.specFacets({ q, f }, keep),
    };
  }

  named(revision: number): Promise<ListIndex<T>> {
    return this.indexes.get(revision);
  }
}

function create(db: Kysely<Database>): CatalogueLists {
  if (usesSearchTables(db)) {
    return {
      machines: new DatabaseList(
        db,
        'machine',
        (ids) => itemRecords(db, 'machine', toMachineListEntry, ids),
        async (ids) => (await listItems(db, 'machine', { ids })).map(toMachineListEntry),
      ),
      spares: new DatabaseList(
        db,
        'spare',
        (ids) => spareRecords(db, ids),
        async (ids) => (await listItems(db, 'spare', { ids })).map(toSparePartListEntry),
      ),
      services: new DatabaseList(
        db,
        'service',
        (ids) => itemRecords(db, 'service', toServiceListEntry, ids),
        async (ids) => (await listItems(db, 'service', { ids })).map(toServiceListEntry),
      ),
    };
  }
  const indexes = catalogueListIndexes(db);
  return {
    machines: new MemoryList(indexes.machines),
    spares: new MemoryList(indexes.spares),
    services: new MemoryList(indexes.services),
  };
}

// One set per database handle, like the response cache, so apps in one test process stay apart.
const listsByDb = new WeakMap<Kysely<Database>, CatalogueLists>();

export function catalogueLists(db: Kysely<Database>): CatalogueLists {
  let lists = listsByDb.get(db);
  if (!lists) {
    lists = create(db);
    listsByDb.set(db, lists);
  }
  return lists;
}

/**
 * Reads the in-memory lists whole and makes their search indexes, for a server that has just
 * started, before a visitor asks: at 25,000 parts the first list took 3 s, and the first search
 * another second, in that visitor's request. Nothing on PostgreSQL, where the database answers.
 */
export async function prepareCatalogueLists(db: Kysely<Database>): Promise<void> {
  if (usesSearchTables(db)) return;
  const revision = await readCatalogueRevision(db);
  const indexes = catalogueListIndexes(db);
  // One after another: each read holds the event loop while SQLite answers it.
  await indexes.spares.get(revision);
  await indexes.machines.get(revision);
  await indexes.services.get(revision);
}
