import {
  compareForSort,
  compareNames,
  LIST_SORTS,
  type ListQuery,
  type ListSort,
  type ListSortable,
  type SpecFacet,
  type SpecRange,
} from '@capstan/shared';
import { ItemNames } from './item-names';
import { leavesPageAsItWas, pageSide, type PageRule, sinceLastHeld } from './page-survival';
import { rowsOf, SpecValues, type TypedSpec } from './list-facets';
import {
  rankBySearch,
  searchFieldsOf,
  SearchQuery,
  SearchVocabulary,
  type SearchFields,
  type SearchSource,
} from './list-search';
import { prepareSignature, SearchCandidates } from './search-candidates';

/** A list entry as the index holds it: what the list call sends, what search and filters look at. */
export interface IndexRecord<T> {
  /** The item's id: how a change finds the record it replaces. */
  id: string;
  entry: T;
  search: SearchSource;
  /** Its specification rows that carry a number. */
  specs: readonly TypedSpec[];
}

type MatchQuery = Pick<ListQuery, 'q' | 'sort' | 'f'>;

/** A narrowing of a list (a machine category, the machine parts fit), named so that answers can share its rows. */
export interface Narrowing<T> {
  key: string;
  keeps: (entry: T) => boolean;
}

/** How many narrowed and filtered orders an index keeps: the pages of one share a pass over the list. */
const KEPT_NARROWINGS = 16;
/** How many searches' ranked rows an index keeps: the next pages of a search (scrolling) are not ranked again. */
const KEPT_SEARCHES = 8;

/** Sets `key` in a map that keeps the last `size` entries set. */
function remember<V>(map: Map<string, V>, key: string, value: V, size: number): void {
  if (map.size >= size) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** A new record's place in `PatchedFrom`. */
const NEW_RECORD = -1;

/**
 * Where each record of a patched list comes from: its position in the list patched when it was
 * kept, NEW_RECORD when it is new. Numbers in one typed array: the patch's moves of side data are
 * passes over it, at 25,000 parts on every save.
 */
type PatchedFrom = Int32Array;

/**
 * PatchedFrom of a list of `length` records: the new ones at `incomingAt`, the others in the order
 * they had, less those that stood at `removedAt` (both ascending).
 */
function patchedFrom(length: number, incomingAt: readonly number[], removedAt: readonly number[]): PatchedFrom {
  const from = new Int32Array(length);
  let old = 0;
  let nextRemoved = 0;
  let nextIncoming = 0;
  for (let position = 0; position < length; position += 1) {
    if (nextIncoming < incomingAt.length && incomingAt[nextIncoming] === position) {
      from[position] = NEW_RECORD;
      nextIncoming += 1;
      continue;
    }
    while (nextRemoved < removedAt.length && removedAt[nextRemoved] === old) {
      old += 1;
      nextRemoved += 1;
    }
    from[position] = old;
    old += 1;
  }
  return from;
}

/** Where each record of the list patched stands in the patched one (-1: taken out), by `from`. */
function movedToOf(from: PatchedFrom, length: number): Int32Array {
  const movedTo = new Int32Array(length).fill(-1);
  for (let position = 0; position < from.length; position += 1) {
    if (from[position] !== NEW_RECORD) movedTo[from[position]!] = position;
  }
  return movedTo;
}

/** What an index searches with, made on its first search. */
interface SearchIndex {
  fields: readonly SearchFields[];
  vocabulary: SearchVocabulary;
}

/** What a patched index takes over from the index it was patched from, rather than making it again. */
interface CarriedOver<T> {
  /** The catalogue's words (they only grow between full reads). */
  vocabulary?: SearchVocabulary;
  specs?: SpecValues;
  kept?: Map<string, KeptRows<T>>;
  /** The search fields by position, when the index patched had them. */
  fields?: readonly SearchFields[];
  candidates?: SearchCandidates;
  /** The price and featured orders the index patched had made. */
  orders?: ReadonlyMap<ListSort, readonly Row<T>[]>;
}

/**
 * The order of an index: SPEC §5's name order, then the names' code units and the ids so that
 * every record has one place whatever the database's collation (a patched index and one read
 * whole must agree).
 */
export function compareIndexOrder(a: { id: string; name: string }, b: { id: string; name: string }): number {
  return (
    compareNames(a.name, b.name) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Records taken into a search index per turn of the event loop: about 20 ms of work. */
const SEARCH_SLICE = 500;

const nextEventLoopTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Up to this many changed records are placed one by one; more are merged in one pass. */
const FEW_RECORDS = 32;

const recordOrder = <T>(a: IndexRecord<T>, b: IndexRecord<T>) =>
  compareIndexOrder({ id: a.id, name: a.search.name }, { id: b.id, name: b.search.name });

// A record's search fields, made once for the record rather than once per index: a patched index
// shares its unchanged records, and so their fields, with the index it came from.
const searchFieldsByRecord = new WeakMap<SearchSource, SearchFields>();
function searchFieldsOfRecord(source: SearchSource): SearchFields {
  let fields = searchFieldsByRecord.get(source);
  if (fields === undefined) {
    fields = searchFieldsOf(source);
    searchFieldsByRecord.set(source, fields);
  }
  return fields;
}

export interface ListSelection<T> {
  items: T[];
  /** The items' ids, in the same order. */
  ids: string[];
  total: number;
  /** The page's first and last records, for telling whether a later change reaches it; none when empty. */
  ends?: PageEnds<T>;
}

export interface PageEnds<T> {
  first: IndexRecord<T>;
  last: IndexRecord<T>;
}

/** An entry and where it stands in the name order, which is where its side data is kept. */
interface Row<T> {
  entry: T;
  position: number;
}

/** The rows of one order that a narrowing and ranges keep, with what kept them. */
interface KeptRows<T> {
  sort: ListSort;
  filters: readonly SpecRange[];
  rows: readonly Row<T>[];
  // A method, not a function property: its parameter then does not make a ListIndex of parts
  // unassignable to a ListIndex of any sortable entry.
  keeps(entry: T): boolean;
}

/** What one search matched among the entries of a narrowing (its scope), one mark per position. */
interface SearchMatches {
  scope: string;
  search: SearchQuery;
  marks: Uint8Array;
  count: number;
}

/** Where `item` goes in `sorted` (in `compare`'s order) from index `from` on: before the first not before it. */
function placeOf<I>(item: I, sorted: readonly I[], from: number, compare: (a: I, b: I) => number): number {
  let low = from;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (compare(sorted[middle]!, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * One list's entries at one catalogue revision. Pages, searches, filters and the price and
 * featured orders are cut from it in memory: at 25,000 parts a search scans lower-cased text in a
 * few milliseconds, where going back to the database would read every row again.
 */
export class ListIndex<T extends ListSortable> {
  private readonly orders = new Map<ListSort, readonly Row<T>[]>();
  /**
   * The rows of an order that a narrowing and ranges keep, the last few asked for (keptRows()).
   * Those in the name order are carried into the index a patch makes (patched()).
   */
  private readonly kept: Map<string, KeptRows<T>>;
  /** The ranked rows of the last few searches (matchingRows()). */
  private readonly ranked = new Map<string, readonly Row<T>[]>();
  /** What the last few searches matched, for the searches typed on from them (widerMatches()). */
  private readonly matched = new Map<string, SearchMatches>();
  private readonly records: readonly IndexRecord<T>[];
  // Made ahead of the first search when the list is read whole (prepareSearch()), else on the
  // first search. Arrays by position, not maps by entry: a lookup per entry per keystroke has to
  // cost next to nothing.
  private search: SearchIndex | null = null;
  /** The search index prepareSearch() is making, slice by slice; a search that comes first finishes it. */
  private building: { fields: SearchFields[]; vocabulary: SearchVocabulary } | null = null;
  private preparing: Promise<void> | null = null;
  /**
   * Which items a search may match, before each is ranked (1.6 MB at 25,000 parts). Dropped, and
   * not made again, once a patch replaces this index: cached answers may keep an old index alive,
   * and its searches then try every item.
   */
  private candidates: SearchCandidates | null = null;
  private replaced = false;
  private readonly inheritedVocabulary: SearchVocabulary | null;
  private specs: SpecValues | null = null;
  private names: ItemNames | null = null;

  /** `byName` must already be in the index order (compareIndexOrder); what is carried, made from the same. */
  constructor(byName: readonly IndexRecord<T>[], carried: CarriedOver<T> = {}) {
    this.kept = carried.kept ?? new Map();
    this.orders.set(
      'name',
      byName.map((record, position) => ({ entry: record.entry, position })),
    );
    for (const [sort, rows] of carried.orders ?? []) this.orders.set(sort, rows);
    this.records = byName;
    this.inheritedVocabulary = carried.vocabulary ?? null;
    this.specs = carried.specs ?? null;
    if (carried.fields !== undefined && carried.vocabulary !== undefined) {
      this.search = { fields: carried.fields, vocabulary: carried.vocabulary };
    }
    this.candidates = carried.candidates ?? null;
  }

  /** Reads every record into a new index, in any order. */
  static of<T extends ListSortable>(records: readonly IndexRecord<T>[]): ListIndex<T> {
    return new ListIndex([...records].sort(recordOrder));
  }

  /**
   * This index with the records of `changed` items taken out and `current` put in their places:
   * what a write of a few items costs, instead of reading and indexing the whole list again. A
   * changed id without a current record was deleted (or is not of this list). With the records
   * it took out.
   */
  patched(
    changed: ReadonlySet<string>,
    current: readonly IndexRecord<T>[],
  ): { index: ListIndex<T>; removed: IndexRecord<T>[] } {
    const replaced = new Set(changed);
    for (const record of current) replaced.add(record.id);
    const incoming = [...current].sort(recordOrder);
    const removed: IndexRecord<T>[] = [];
    // Positions here of the records taken out, in order: what the kept records and their side
    // data move by. A save takes out one or two, so the list is copied whole and they are spliced
    // out, rather than each kept record pushed one by one.
    const removedAt: number[] = [];
    for (let position = 0; position < this.records.length; position += 1) {
      const record = this.records[position]!;
      if (replaced.has(record.id)) {
        removed.push(record);
        removedAt.push(position);
      }
    }
    let merged: IndexRecord<T>[];
    if (removedAt.length <= FEW_RECORDS) {
      merged = this.records.slice();
      for (let n = removedAt.length - 1; n >= 0; n -= 1) merged.splice(removedAt[n]!, 1);
    } else merged = this.records.filter((record) => !replaced.has(record.id));
    // Where the new records go, ascending: each goes after the ones before it, so none moves another.
    const incomingAt: number[] = [];
    if (incoming.length <= FEW_RECORDS) {
      // A save or two: each goes in by binary search, a few name comparisons instead of one per record.
      let from = 0;
      for (const record of incoming) {
        const low = placeOf(record, merged, from, recordOrder);
        merged.splice(low, 0, record);
        incomingAt.push(low);
        from = low + 1;
      }
    } else {
      const kept = merged.splice(0);
      let next = 0;
      const take = () => {
        incomingAt.push(merged.length);
        merged.push(incoming[next++]!);
      };
      for (const record of kept) {
        while (next < incoming.length && recordOrder(incoming[next]!, record) < 0) take();
        merged.push(record);
      }
      while (next < incoming.length) take();
    }
    // The words of the catalogue only grow between full reads: a word no item has any more can be
    // offered as a correction, finds nothing, and costs nothing.
    const vocabulary = this.search?.vocabulary ?? this.inheritedVocabulary;
    vocabulary?.add(incoming.map((record) => searchFieldsOfRecord(record.search)));
    // A list that is filtered once is filtered again after every save: its specification values
    // move forward by the changed records. Undefined when this index has none yet, or the patch
    // changes what a key is read as (the next filter reads them all).
    const from = patchedFrom(merged.length, incomingAt, removedAt);
    const specs = this.specs?.patched(
      removedAt,
      removed.map((record) => record.specs),
      Array.from(from, (position, at) => (position === NEW_RECORD ? merged[at]!.specs : position)),
    );
    const movedTo = movedToOf(from, this.records.length);
    const kept = this.carriedKept(merged, movedTo, incomingAt, specs ?? undefined);
    const searched = this.carriedSearch(merged, from);
    const orders = this.carriedOrders(merged, movedTo, incomingAt);
    // The candidates move to the new index: an old one that cached answers keep alive tries every item.
    this.candidates = null;
    this.replaced = true;
    const carried: CarriedOver<T> = {
      ...(vocabulary ? { vocabulary } : {}),
      ...(specs ? { specs } : {}),
      kept,
      ...searched,
      orders,
    };
    return { index: new ListIndex(merged, carried), removed };
  }

  /**
   * This index's search fields and candidates moved to `merged`, when it has them: a kept record's
   * are where it stood, a new record's are made. A searched list is then not read again whole
   * after every save.
   */
  private carriedSearch(
    merged: readonly IndexRecord<T>[],
    from: PatchedFrom,
  ): Pick<CarriedOver<T>, 'fields' | 'candidates'> {
    if (this.search === null) return {};
    const before = this.search.fields;
    const fields = new Array<SearchFields>(merged.length);
    for (let at = 0; at < merged.length; at += 1) {
      const position = from[at]!;
      fields[at] = position === NEW_RECORD ? searchFieldsOfRecord(merged[at]!.search) : before[position]!;
    }
    return this.candidates === null ? { fields } : { fields, candidates: this.candidates.patched(from, fields) };
  }

  /**
   * The narrowed and filtered name orders of this index, moved to `merged`: a kept record's row
   * moves to its new position, and a changed record is tried again. Readers of a narrowed list
   * (a machine's parts, a range of bores) then do not filter the whole list again after every save:
   * at 25,000 parts a pass per narrowing per save cost a fifth of their throughput. Ranges need the
   * moved specification values; when a patch reads them all again, filtered orders are not carried.
   */
  private carriedKept(
    merged: readonly IndexRecord<T>[],
    /** Where each record of this index stands in `merged` (-1: taken out). */
    movedTo: Int32Array,
    incomingAt: readonly number[],
    specs: SpecValues | undefined,
  ): Map<string, KeptRows<T>> {
    const carried = new Map<string, KeptRows<T>>();
    const byName = [...this.kept].filter(([, kept]) => kept.sort === 'name' && (kept.filters.length === 0 || specs));
    if (byName.length === 0) return carried;
    for (const [key, kept] of byName) {
      const { filters, rows } = kept;
      const moved: Row<T>[] = [];
      for (const row of rows) {
        const position = movedTo[row.position]!;
        // A row the patch did not move is kept as it is: before the first saved record, most are.
        if (position === row.position) moved.push(row);
        else if (position !== -1) moved.push({ entry: row.entry, position });
      }
      const added = incomingAt
        .filter(
          (position) =>
            kept.keeps(merged[position]!.entry) && (filters.length === 0 || specs!.passes(position, filters)),
        )
        .map((position) => ({ entry: merged[position]!.entry, position }));
      // Both in position order: merged into one.
      const next: Row<T>[] = [];
      let a = 0;
      for (const row of added) {
        while (a < moved.length && moved[a]!.position < row.position) next.push(moved[a++]!);
        next.push(row);
      }
      while (a < moved.length) next.push(moved[a++]!);
      carried.set(key, { ...kept, rows: next });
    }
    return carried;
  }

  /**
   * This index's price and featured orders moved to `merged`: kept records keep their places, and
   * the new ones are merged in. Sorting 25,000 parts again took the first request for an order
   * about 45 ms after every save.
   */
  private carriedOrders(
    merged: readonly IndexRecord<T>[],
    /** Where each record of this index stands in `merged` (-1: taken out). */
    movedTo: Int32Array,
    incomingAt: readonly number[],
  ): Map<ListSort, readonly Row<T>[]> {
    const carried = new Map<ListSort, readonly Row<T>[]>();
    for (const sort of [...this.orders.keys()].filter((sort) => sort !== 'name')) {
      const compare = compareForSort(sort);
      // Ties in name order, as the stable sort of the name order in ordered() leaves them.
      const before = (a: Row<T>, b: Row<T>) => compare(a.entry, b.entry) || a.position - b.position;
      const added = incomingAt.map((position) => ({ entry: merged[position]!.entry, position })).sort(before);
      const kept: Row<T>[] = [];
      for (const row of this.orders.get(sort)!) {
        const position = movedTo[row.position]!;
        if (position !== -1) kept.push(position === row.position ? row : { entry: row.entry, position });
      }
      // A patch moves no kept record past another, so they are still in order and each new row's
      // place is found by binary search. Comparing a new row with every kept one in turn cost a
      // save about 20 ms of the server's only thread at 25,000 parts (decision 089).
      const rows: Row<T>[] = [];
      let from = 0;
      for (const row of added) {
        const low = placeOf(row, kept, from, before);
        for (let at = from; at < low; at += 1) rows.push(kept[at]!);
        rows.push(row);
        from = low;
      }
      for (let at = from; at < kept.length; at += 1) rows.push(kept[at]!);
      carried.set(sort, rows);
    }
    return carried;
  }

  get size(): number {
    return this.records.length;
  }

  /** The page `query` asks for, among the entries `keep` accepts (all when absent). */
  select(query: ListQuery, keep?: Narrowing<T>, searched?: SearchQuery): ListSelection<T> {
    const matching = this.matchingRows(query, keep, searched);
    const page = matching.slice(query.offset, query.offset + query.limit);
    const first = page[0];
    const last = page.at(-1);
    return {
      items: page.map((row) => row.entry),
      ids: page.map((row) => this.records[row.position]!.id),
      total: matching.length,
      ...(first === undefined || last === undefined
        ? {}
        : { ends: { first: this.records[first.position]!, last: this.records[last.position]! } }),
    };
  }

  /** Every entry `query` matches (search ranking first, then its sort), among those `keep` accepts. */
  matching(query: MatchQuery, keep?: Narrowing<T>): T[] {
    return this.matchingRows(query, keep).map((row) => row.entry);
  }

  /**
   * The specification facets for `query` among the entries `keep` accepts: each counted over the
   * search and every filter but its own (list-facets.ts).
   */
  specFacets(query: Pick<ListQuery, 'q' | 'f'>, keep?: Narrowing<T>): SpecFacet[] {
    const base = this.matchingRows({ q: query.q, sort: 'name' }, keep);
    return this.specValues().facets(
      base.map((row) => row.position),
      query.f ?? [],
    );
  }

  /** `searched`: `query.q` already read by searchQuery(), so that its caller can keep it. */
  private matchingRows(query: MatchQuery, keep?: Narrowing<T>, searched?: SearchQuery): readonly Row<T>[] {
    const filters = query.f ?? [];
    let matching =
      keep !== undefined || filters.length > 0 ? this.keptRows(query.sort, keep, filters) : this.ordered(query.sort);
    if (query.q.trim() === '') return matching;
    // The narrowing and ranges searched within; a search's ranking also depends on its order.
    const scope = JSON.stringify([keep?.key ?? null, filters]);
    const key = JSON.stringify([query.sort, scope, query.q]);
    const known = this.ranked.get(key);
    if (known !== undefined) return known;
    const { fields, vocabulary } = this.searchIndex();
    const search = searched ?? new SearchQuery(query.q, vocabulary);
    const wider = this.widerMatches(scope, search);
    if (wider !== null) matching = matching.filter((row) => wider[row.position] === 1);
    const marked = this.searchCandidates(fields)?.of(search) ?? null;
    if (marked !== null) matching = matching.filter((row) => marked[row.position] === 1);
    matching = rankBySearch(matching, (row) => fields[row.position]!, search);
    remember(this.ranked, key, matching, KEPT_SEARCHES);
    const marks = new Uint8Array(this.records.length);
    for (const row of matching) marks[row.position] = 1;
    remember(
      this.matched,
      JSON.stringify([scope, search.needle]),
      { scope, search, marks, count: matching.length },
      KEPT_SEARCHES,
    );
    return matching;
  }

  /** The marks of the earlier search in `scope` with the fewest matches that `search` narrows. */
  private widerMatches(scope: string, search: SearchQuery): Uint8Array | null {
    let fewest: SearchMatches | null = null;
    for (const earlier of this.matched.values()) {
      if (earlier.scope !== scope || !search.narrows(earlier.search)) continue;
      if (fewest === null || earlier.count < fewest.count) fewest = earlier;
    }
    return fewest?.marks ?? null;
  }

  /** The rows of `sort`'s order that `keep` and `filters` keep, shared by the pages and facets that ask for them. */
  private keptRows(sort: ListSort, keep: Narrowing<T> | undefined, filters: readonly SpecRange[]): readonly Row<T>[] {
    const key = JSON.stringify([sort, keep?.key ?? null, filters]);
    const known = this.kept.get(key);
    if (known !== undefined) return known.rows;
    const specs = filters.length > 0 ? this.specValues() : null;
    const keeps = (entry: T) => !keep || keep.keeps(entry);
    const rows = this.ordered(sort).filter(
      (row) => keeps(row.entry) && (!specs || specs.passes(row.position, filters)),
    );
    remember(this.kept, key, { sort, filters, rows, keeps }, KEPT_NARROWINGS);
    return rows;
  }

  /** Search `q` as this index reads it (its vocabulary gives the corrections). */
  searchQuery(q: string): SearchQuery {
    return new SearchQuery(q, this.searchIndex().vocabulary);
  }

  /** The entries a sentence names, as `find` picks their positions from the codes and names (item-names.ts). */
  named(find: (names: ItemNames) => readonly number[]): T[] {
    this.names ??= new ItemNames(this.records.map((record) => record.search));
    return find(this.names).map((position) => this.records[position]!.entry);
  }

  /** SpecValues.unitsOf over this index: the units range filters on `slugs` read numbers in. */
  rangeUnits(slugs: readonly string[]): string {
    return this.specValues().unitsOf(slugs);
  }

  private specValues(): SpecValues {
    this.specs ??= SpecValues.of(this.records.map((record) => record.specs));
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

  /**
   * Makes what a search needs (the records' search fields, the vocabulary of typos and the
   * candidates' signatures) before anyone searches, `SEARCH_SLICE` records per turn of the event
   * loop, so that requests answered meanwhile wait for one slice at most (decision 070). At 25,000
   * parts it is about a second of work, which the first search after a whole read used to do in
   * its visitor's request.
   */
  prepareSearch(nextTurn: () => Promise<void> = nextEventLoopTurn): Promise<void> {
    this.preparing ??= (async () => {
      while (this.takeIntoSearch(SEARCH_SLICE)) await nextTurn();
      this.searchCandidates(this.search!.fields);
    })();
    return this.preparing;
  }

  /**
   * Sorts the price and featured orders ahead of the first visitor who asks for one, one per turn
   * of the event loop (about 45 ms each at 25,000 parts). Patches carry them from then on.
   */
  async prepareOrders(nextTurn: () => Promise<void> = nextEventLoopTurn): Promise<void> {
    for (const sort of LIST_SORTS) {
      if (this.orders.has(sort)) continue;
      await nextTurn();
      this.ordered(sort);
    }
  }

  /** Whether a search would find its search index made (prepareSearch(), or an earlier search). */
  get searchPrepared(): boolean {
    return this.search !== null;
  }

  /** The candidates for `fields` (this index's search fields); none once a patch has replaced this index. */
  private searchCandidates(fields: readonly SearchFields[]): SearchCandidates | null {
    if (!this.replaced) this.candidates ??= new SearchCandidates(fields);
    return this.candidates;
  }

  private searchIndex(): SearchIndex {
    if (this.search === null) this.takeIntoSearch(Infinity);
    return this.search!;
  }

  /** Takes up to `count` more records into the search index being made; false once it is complete. */
  private takeIntoSearch(count: number): boolean {
    if (this.search !== null) return false;
    const building = (this.building ??= {
      fields: [],
      vocabulary: this.inheritedVocabulary ?? new SearchVocabulary([]),
    });
    const fields = building.fields;
    const start = fields.length;
    const end = Math.min(this.records.length, start + count);
    for (let position = start; position < end; position += 1) {
      const made = searchFieldsOfRecord(this.records[position]!.search);
      // A replaced index makes no candidates (searchCandidates()), so no signatures either.
      if (!this.replaced) prepareSignature(made);
      fields.push(made);
    }
    if (this.inheritedVocabulary === null) building.vocabulary.add(fields.slice(start));
    if (fields.length < this.records.length) return true;
    this.search = building;
    this.building = null;
    return false;
  }
}

/** Where a list's records come from, and what changed between two catalogue revisions. */
export interface ListSource<T> {
  /** Every record of the list. */
  all(): Promise<IndexRecord<T>[]>;
  /**
   * The current records of the list that `changed` items reach: the items themselves, and for
   * spare parts those that fit a changed machine (its name is searched with them). Null when they
   * are more than `limit`: the whole list is then read instead.
   */
  reached(changed: ReadonlySet<string>, limit: number): Promise<IndexRecord<T>[] | null>;
  changesBetween(from: number, to: number): Promise<ReadonlySet<string> | 'everything'>;
}

/** A page of a list without a search, as answered: what pageUnchanged() checks a later change against. */
export interface AnsweredPage<T> {
  sort: ListSort;
  /** None when the page is empty (past the list's end, or nothing in it). */
  ends: PageEnds<T> | undefined;
  /** The ids on the page. */
  ids: ReadonlySet<string>;
  /** The category or machine the list is narrowed to (none: the whole list). */
  keep?: Narrowing<T>;
  ranges: readonly SpecRange[];
  /** ListIndex.rangeUnits() of the ranges' keys when the page was answered. */
  units: string;
}

/** An index and the catalogue revision its data is at least as new as. */
export interface IndexAt<T extends ListSortable> {
  index: ListIndex<T>;
  revision: number;
}

/** What one patch replaced, moving the index from one revision to the next: the records taken out and put in. */
interface PatchStep<T> {
  from: number;
  to: number;
  removed: readonly IndexRecord<T>[];
  added: readonly IndexRecord<T>[];
}

/**
 * The whole order of `sort` over records, as ListIndex.ordered() lays it out: the sort's keys, then
 * the index's name order (its sort is stable).
 */
function orderFor<T extends ListSortable>(sort: ListSort): (a: IndexRecord<T>, b: IndexRecord<T>) => number {
  const bySort = compareForSort(sort);
  return (a, b) => bySort(a.entry, b.entry) || recordOrder(a, b);
}

/** Patches remembered for searchUnchanged() and pageUnchanged(): a cached answer older than these is built again. */
const KEPT_STEPS = 256;

interface Update<T extends ListSortable> {
  revision: number;
  /** True once it is known to be a whole read of the list rather than a patch. */
  whole: Promise<boolean>;
  done: Promise<IndexAt<T>>;
}

/** More changed items than this are read with the whole list: one query instead of many. */
const MAX_PATCHED_ITEMS = 2000;

/**
 * The newest index of one list. When the catalogue revision moves on, the index is moved forward
 * by the items that changed (decision 067): a query for the change records, one for those items,
 * and a merge, instead of reading the whole list again. Updates run one after another, each from
 * the last, and requests asking for the same revision share one.
 */
export class ListIndexes<T extends ListSortable> {
  private latest: IndexAt<T> | null = null;
  private newest: Update<T> | null = null;
  /** The patches since the list was last read whole, oldest first. */
  private steps: PatchStep<T>[] = [];

  constructor(private readonly source: ListSource<T>) {}

  /** The newest index built, and its revision; null before the list was first read. */
  get current(): IndexAt<T> | null {
    return this.latest;
  }

  /** The index built from data at least as new as `revision`. */
  async get(revision: number): Promise<ListIndex<T>> {
    return (await this.update(revision).done).index;
  }

  /**
   * For visitors: the index at `revision`, or, while the list is being read whole (a change to
   * everything), the previous one, so nobody waits seconds for a read an older answer can stand in
   * for. The revision says which it is; an answer built from an older one must not be cached as new.
   * `current` (signed-in staff, who must read their own writes) always waits for `revision`.
   */
  async serve(revision: number, { current = false }: { current?: boolean } = {}): Promise<IndexAt<T>> {
    const latest = this.latest;
    if (latest !== null && latest.revision >= revision) return latest;
    const update = this.update(revision);
    if (
      !current &&
      latest !== null &&
      (await update.whole) &&
      this.latest !== null &&
      this.latest.revision < update.revision
    ) {
      return this.latest;
    }
    return update.done;
  }

  /**
   * Whether search `q`, answered at revision `from` when it meant `meaning` (SearchQuery.meaning),
   * matches the same entries at `to`: every record patched in between matches it neither before
   * nor after, and it still means the same. Then its answer (the entries, their order, the total)
   * is unchanged, and a cached search outlives edits to items it does not find (decision 067).
   * False when that cannot be known: the list was read whole in between, or the patches are no
   * longer remembered.
   */
  async searchUnchanged(q: string, meaning: string, from: number, to: number): Promise<boolean> {
    const update = this.update(to);
    if (await update.whole) return false;
    const { index } = await update.done;
    const query = index.searchQuery(q);
    if (query.isEmpty || query.meaning !== meaning) return false;
    return this.everyStep(from, to, (step) =>
      [...step.removed, ...step.added].every((record) => query.rankOf(searchFieldsOfRecord(record.search)) === -1),
    );
  }

  /**
   * Whether a page in `sort` order, answered at revision `from`, is the same page with the same
   * total at `to`: every record patched in between leaves it as it was (page-survival.ts), and,
   * with range filters, the list still reads their keys in the same units. DatabaseList's page
   * survivor, on this process's patches.
   */
  async pageUnchanged(page: AnsweredPage<T>, from: number, to: number): Promise<boolean> {
    const update = this.update(to);
    if (await update.whole) return false;
    const { index } = await update.done;
    const slugs = page.ranges.map((range) => range.slug);
    if (slugs.length > 0 && index.rangeUnits(slugs) !== page.units) return false;
    const rule: PageRule<IndexRecord<T>> = {
      inList: (record) => record !== undefined && (page.keep?.keeps(record.entry) ?? true),
      sameForRanges: (was, now) => slugs.length === 0 || rowsOf(was.specs, slugs) === rowsOf(now.specs, slugs),
      side: pageSide(page.ends, orderFor<T>(page.sort)),
      onPage: page.ids,
    };
    return this.everyStep(from, to, (step) => {
      const added = new Map(step.added.map((record) => [record.id, record]));
      const removed = new Map(step.removed.map((record) => [record.id, record]));
      return [...new Set([...added.keys(), ...removed.keys()])].every((id) =>
        leavesPageAsItWas(rule, id, removed.get(id), added.get(id)),
      );
    });
  }

  /**
   * searchUnchanged() for a search answered at revision `from`, as a cached answer's `survives`:
   * asked at each revision the cache moves to, it judges only the patches since the last revision
   * it held for (sinceLastHeld, page-survival.ts).
   */
  searchSurvivor(q: string, meaning: string, from: number): (to: number) => Promise<boolean> {
    return sinceLastHeld(from, (at, to) => this.searchUnchanged(q, meaning, at, to));
  }

  /** pageUnchanged() for a page answered at revision `from`, as a cached answer's `survives` (sinceLastHeld). */
  pageSurvivor(page: AnsweredPage<T>, from: number): (to: number) => Promise<boolean> {
    return sinceLastHeld(from, (at, to) => this.pageUnchanged(page, at, to));
  }

  /** Whether `holds` is true of every patch from revision `from` to `to`; false when one is not remembered. */
  private everyStep(from: number, to: number, holds: (step: PatchStep<T>) => boolean): boolean {
    let at = from;
    for (const step of this.steps) {
      if (step.to <= at) continue;
      if (step.from !== at || !holds(step)) return false;
      at = step.to;
    }
    return at >= to;
  }

  private update(revision: number): Update<T> {
    const newest = this.newest;
    if (newest !== null && newest.revision >= revision) return newest;
    let decided: (whole: boolean) => void = () => {};
    const whole = new Promise<boolean>((resolve) => {
      decided = resolve;
    });
    // From the newest update's result, or, when it failed, from the last index that was built.
    const from = newest === null ? Promise.resolve(this.latest) : newest.done.catch(() => this.latest);
    const done = from
      .then((base) => this.advance(base, revision, decided))
      .then((result) => {
        if (this.latest === null || result.revision > this.latest.revision) this.latest = result;
        return result;
      });
    const update: Update<T> = { revision, whole, done };
    this.newest = update;
    done.catch(() => {
      decided(false);
      // A failed read must not stick: the next request tries again.
      if (this.newest === update) this.newest = null;
    });
    return update;
  }

  private async advance(
    base: IndexAt<T> | null,
    revision: number,
    decided: (whole: boolean) => void,
  ): Promise<IndexAt<T>> {
    if (base !== null && base.revision >= revision) {
      decided(false);
      return base;
    }
    const changed = base === null ? 'everything' : await this.source.changesBetween(base.revision, revision);
    const reached =
      base === null || changed === 'everything' || changed.size > MAX_PATCHED_ITEMS
        ? null
        : changed.size === 0
          ? []
          : await this.source.reached(changed, MAX_PATCHED_ITEMS);
    if (base === null || changed === 'everything' || reached === null) {
      decided(true);
      this.steps = [];
      const index = ListIndex.of(await this.source.all());
      // Before it is served: visitors are answered from the previous index meanwhile (serve()).
      await index.prepareSearch();
      await index.prepareOrders();
      return { index, revision };
    }
    decided(false);
    if (changed.size === 0) {
      this.remember({ from: base.revision, to: revision, removed: [], added: [] });
      return { index: base.index, revision };
    }
    const { index, removed } = base.index.patched(changed, reached);
    this.remember({ from: base.revision, to: revision, removed, added: reached });
    return { index, revision };
  }

  private remember(step: PatchStep<T>): void {
    this.steps.push(step);
    if (this.steps.length > KEPT_STEPS) this.steps.splice(0, this.steps.length - KEPT_STEPS);
  }
}
