import { compareForSort, type ListQuery, type ListSort, type ListSortable } from '@capstan/shared';

export interface ListSelection<T> {
  items: T[];
  total: number;
}

/**
 * One list's entries at one catalogue revision. Pages, searches and the price and featured orders
 * are cut from it in memory: at 25,000 parts a search scans lower-cased text in a few
 * milliseconds, where going back to the database would read every row again.
 */
export class ListIndex<T extends ListSortable> {
  private readonly orders = new Map<ListSort, readonly T[]>();
  // Made on the first search: most lists are only ever paged by name.
  private searchText: Map<T, readonly [string, string, string]> | null = null;

  /** `byName` must already be in SPEC §5's name order (the repository sorts with compareNames). */
  constructor(byName: readonly T[]) {
    this.orders.set('name', byName);
  }

  get size(): number {
    return this.ordered('name').length;
  }

  /** The page `query` asks for, among the entries `keep` accepts (all when absent). */
  select(query: ListQuery, keep?: (entry: T) => boolean): ListSelection<T> {
    const needle = query.q.toLowerCase();
    let matching = this.ordered(query.sort);
    if (keep) matching = matching.filter(keep);
    if (needle !== '') {
      const text = this.textOf();
      // A code matches exactly or by its beginning ("NP38-COL" finds NP38-COL-25), not in its
      // middle, where short needles would match most part numbers.
      matching = matching.filter((entry) => {
        const [name, description, code] = text.get(entry) ?? ['', '', ''];
        return name.includes(needle) || description.includes(needle) || (code !== '' && code.startsWith(needle));
      });
    }
    return { items: matching.slice(query.offset, query.offset + query.limit), total: matching.length };
  }

  private ordered(sort: ListSort): readonly T[] {
    let entries = this.orders.get(sort);
    if (entries === undefined) {
      // Array.prototype.sort is stable: equal keys keep the name order.
      entries = [...(this.orders.get('name') ?? [])].sort(compareForSort(sort));
      this.orders.set(sort, entries);
    }
    return entries;
  }

  private textOf(): Map<T, readonly [string, string, string]> {
    if (this.searchText === null) {
      this.searchText = new Map(
        (this.orders.get('name') ?? []).map((entry) => [
          entry,
          [entry.name.toLowerCase(), entry.description.toLowerCase(), entry.code?.toLowerCase() ?? ''] as const,
        ]),
      );
    }
    return this.searchText;
  }
}

/**
 * The newest index of each list, rebuilt when the catalogue revision moves on. Keys are a fixed
 * handful (one per list), so this holds at most a few indexes whatever the requests ask.
 */
export class ListIndexes<T extends ListSortable> {
  private readonly latest = new Map<string, { revision: number; index: Promise<ListIndex<T>> }>();

  constructor(private readonly load: (key: string) => Promise<readonly T[]>) {}

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
