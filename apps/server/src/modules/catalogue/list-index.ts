import { compareForSort, type ListQuery, type ListSort, type ListSortable, type SpecFacet } from '@capstan/shared';
import { ItemNames } from './item-names';
import { SpecValues, type TypedSpec } from './list-facets';
import {
  rankBySearch,
  searchFieldsOf,
  SearchQuery,
  SearchVocabulary,
  type SearchFields,
  type SearchSource,
} from './list-search';

/** A list entry as the index holds it: what the list call sends, what search and filters look at. */
export interface IndexRecord<T> {
  entry: T;
  search: SearchSource;
  /** Its specification rows that carry a number. */
  specs: readonly TypedSpec[];
}

type MatchQuery = Pick<ListQuery, 'q' | 'sort' | 'f'>;

export interface ListSelection<T> {
  items: T[];
  total: number;
}

/** An entry and where it stands in the name order, which is where its side data is kept. */
interface Row<T> {
  entry: T;
  position: number;
}

/**
 * One list's entries at one catalogue revision. Pages, searches, filters and the price and
 * featured orders are cut from it in memory: at 25,000 parts a search scans lower-cased text in a
 * few milliseconds, where going back to the database would read every row again.
 */
export class ListIndex<T extends ListSortable> {
  private readonly orders = new Map<ListSort, readonly Row<T>[]>();
  private readonly records: readonly IndexRecord<T>[];
  // Made on the first search or filter: most lists are only ever paged by name. Arrays by
  // position, not maps by entry: a lookup per entry per keystroke has to cost next to nothing.
  private search: { fields: readonly SearchFields[]; vocabulary: SearchVocabulary } | null = null;
  private specs: SpecValues | null = null;
  private names: ItemNames | null = null;

  /** `byName` must already be in SPEC §5's name order (the repository sorts with compareNames). */
  constructor(byName: readonly IndexRecord<T>[]) {
    this.orders.set(
      'name',
      byName.map((record, position) => ({ entry: record.entry, position })),
    );
    this.records = byName;
  }

  get size(): number {
    return this.records.length;
  }

  /** The page `query` asks for, among the entries `keep` accepts (all when absent). */
  select(query: ListQuery, keep?: (entry: T) => boolean): ListSelection<T> {
    const matching = this.matchingRows(query, keep);
    return {
      items: matching.slice(query.offset, query.offset + query.limit).map((row) => row.entry),
      total: matching.length,
    };
  }

  /** Every entry `query` matches (search ranking first, then its sort), among those `keep` accepts. */
  matching(query: MatchQuery, keep?: (entry: T) => boolean): T[] {
    return this.matchingRows(query, keep).map((row) => row.entry);
  }

  /**
   * The specification facets for `query` among the entries `keep` accepts: each counted over the
   * search and every filter but its own (list-facets.ts).
   */
  specFacets(query: Pick<ListQuery, 'q' | 'f'>, keep?: (entry: T) => boolean): SpecFacet[] {
    const base = this.matchingRows({ q: query.q, sort: 'name' }, keep);
    return this.specValues().facets(
      base.map((row) => row.position),
      query.f ?? [],
    );
  }

  private matchingRows(query: MatchQuery, keep?: (entry: T) => boolean): readonly Row<T>[] {
    let matching = this.ordered(query.sort);
    const filters = query.f ?? [];
    const specs = filters.length > 0 ? this.specValues() : null;
    if (keep || specs) {
      matching = matching.filter(
        (row) => (!keep || keep(row.entry)) && (!specs || specs.passes(row.position, filters)),
      );
    }
    if (query.q.trim() !== '') {
      const { fields, vocabulary } = this.searchIndex();
      matching = rankBySearch(matching, (row) => fields[row.position]!, new SearchQuery(query.q, vocabulary));
    }
    return matching;
  }

  /** The entries a sentence names, as `find` picks their positions from the codes and names (item-names.ts). */
  named(find: (names: ItemNames) => readonly number[]): T[] {
    this.names ??= new ItemNames(this.records.map((record) => record.search));
    return find(this.names).map((position) => this.records[position]!.entry);
  }

  private specValues(): SpecValues {
    this.specs ??= new SpecValues(this.records.map((record) => record.specs));
    return this.specs;
  }

  private ordered(sort: ListSort): readonly Row<T>[] {
    let rows = this.orders.get(sort);
    if (rows === undefined) {
      const compare = compareForSort(sort);
      // Array.prototype.sort is stable: equal keys keep the name order.
      rows = [...(this.orders.get('name') ?? [])].sort((a, b) => compare(a.entry, b.entry));
      this.orders.set(sort, rows);
    }
    return rows;
  }

  private searchIndex(): { fields: readonly SearchFields[]; vocabulary: SearchVocabulary } {
    if (this.search === null) {
      const fields = this.records.map((record) => searchFieldsOf(record.search));
      this.search = { fields, vocabulary: SearchVocabulary.of(fields) };
    }
    return this.search;
  }
}

/**
 * The newest index of each list, rebuilt when the catalogue revision moves on. Keys are a fixed
 * handful (one per list), so this holds at most a few indexes whatever the requests ask.
 */
export class ListIndexes<T extends ListSortable> {
  private readonly latest = new Map<string, { revision: number; index: Promise<ListIndex<T>> }>();

  constructor(private readonly load: (key: string) => Promise<readonly IndexRecord<T>[]>) {}

  /** The index of `key` built from data at least as new as `revision`. */
  get(key: string, revision: number): Promise<ListIndex<T>> {
    const known = this.latest.get(key);
    if (known !== undefined && known.revision >= revision) return known.index;
    const index = this.load(key).then((entries) => new ListIndex(entries));
    this.latest.set(key, { revision, index });
    // A failed load must not stick: the next request tries again.
    index.catch(() => {
      if (this.latest.get(key)?.index === index) this.latest.delete(key);
    });
    return index;
  }
}
