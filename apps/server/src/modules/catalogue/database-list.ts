import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  type ListQuery,
  type ListSort,
  type ListSortable,
  SPEC_FACET_MAX,
  SPEC_FACET_MIN_ITEMS,
  specBaseFactor,
  specConversion,
  type SpecFacet,
  type SpecRange,
  type SpecUnit,
} from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';
import { partIdsFitting } from './catalogue.repository';
import { catalogueChangesBetween } from './catalogue-revision.repository';
import {
  PRICE_ORDER,
  readAtOneRevision,
  SEARCH_ROW_SPEC_ROWS,
  SEARCH_ROWS_WITH_PRICES,
  searchTablesAt,
} from './catalogue-search.repository';
import { MIN_NAME_LETTERS } from './item-names';
import { ceil3, floor3, mostCommon } from './list-facets';
import { ListIndex, type IndexRecord } from './list-index';
import { leavesPageAsItWas, pageSide, type PageRule, sinceLastHeld } from './page-survival';
import {
  correctableWordsOf,
  isPlainWord,
  type QueryWord,
  type SearchFields,
  searchFieldsOf,
  SearchQuery,
  SearchVocabulary,
  TYPO_MIN_LENGTH,
  withinOneEdit,
} from './list-search';
import type { CatalogueList, ListFacets, ListNarrowing, ListPage, ListRead, NamingQuery } from './catalogue-lists';

/**
 * One list answered by PostgreSQL from the search tables (decision 069): no process keeps a copy
 * of the catalogue, and a write is seen by every instance as soon as it commits. The database
 * picks, ranks and orders the rows; its ranking (rankedRowsSql) is SearchQuery.rankOf written in SQL, and
 * a test holds the two engines' answers equal.
 */

/** fuzzystrmatch's levenshtein takes at most 255 characters; longer words are never corrected. */
const MAX_CORRECTED_LENGTH = 250;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, '\\$&');
const containing = (text: string) => `%${likeEscape(text)}%`;
const startingWith = (text: string) => `${likeEscape(text)}%`;

const parenthesized = (part: RawBuilder<unknown>) => sql`(${part})`;
// Each part in parentheses: a part may itself be an `or`.
const and = (parts: readonly RawBuilder<unknown>[]) =>
  parts.length === 0 ? sql`true` : sql.join(parts.map(parenthesized), sql` and `);
const or = (parts: readonly RawBuilder<unknown>[]) =>
  parts.length === 0 ? sql`false` : sql.join(parts.map(parenthesized), sql` or `);

const NAME_ORDER = sql`s.sort_key collate "C"`;
const SEARCH_ROWS = sql`catalogue_search s`;
const NO_PRICE = sql`0`;
/** The price order a subquery over rowsFor(sort) picked as `price_order`. */
const PICKED_PRICE = sql`s.price_order`;

/** The search rows `s` a list in this order reads: by price, with each row's price (decision 086). */
const rowsFor = (sort: ListSort): RawBuilder<unknown> => (sort === 'price' ? SEARCH_ROWS_WITH_PRICES : SEARCH_ROWS);
/** A row's price order, where rowsFor(sort) reads it; the other orders compare none. */
const priceFor = (sort: ListSort): RawBuilder<unknown> => (sort === 'price' ? PRICE_ORDER : NO_PRICE);

/** `price`: where the rows' price order is read, PRICE_ORDER in rowsFor(sort) unless a subquery picked it. */
function orderOf(sort: ListSort, price: RawBuilder<unknown> = PRICE_ORDER): RawBuilder<unknown> {
  if (sort === 'price') return sql`${price}, ${NAME_ORDER}`;
  if (sort === 'featured') return sql`s.featured desc, ${NAME_ORDER}`;
  return NAME_ORDER;
}

/** A key of the list's specifications: its spelling and unit most rows use, and what converts to it. */
interface SpecKeyStats {
  slug: string;
  key: string;
  unit: SpecUnit | null;
  items: number;
  /** Units whose rows convert to `unit`, and how. */
  conversions: { unit: SpecUnit | null; multiply: number; divide: number }[];
}

/** Counts kept from earlier revisions to carry (totalAt): one per narrowing and set of ranges asked for. */
const MAX_EARLIER_TOTALS = 256;

/** A step that changed more items than this drops every cached search. */
const MAX_STEP_ITEMS = 2000;
const KEPT_STEPS = 8;
/**
 * Items' rows kept across those steps; the newest is kept whatever its size. An import's step
 * holds 1,000 rows with their texts (about 5 KB each), and each cached answer last judged at
 * another revision asks for its own step over it: eight such steps held 40 MB per process at
 * 100,000 parts, past the 250 MB a process may use. The cached answers one revision reaches are
 * judged together, on the newest step.
 */
const KEPT_STEP_ITEMS = 1000;

/** Where a row stands in each of the list's orders (orderOf). */
interface OrderKey {
  sortKey: string;
  price: number;
  featured: number;
}

/** A changed item as a list or search saw it. */
interface ChangedItem {
  fields: SearchFields;
  order: OrderKey;
  /** What narrowed and filtered lists read of it; null when its row does not record it (an older release's). */
  narrowing: ItemNarrowing | null;
}

interface ItemNarrowing {
  category: string | null;
  fits: readonly string[];
  /**
   * Its numeric specification rows, [slug, number, unit, spelling] in its order; the spelling is
   * missing from rows an older release wrote.
   */
  specRows: readonly SpecRow[];
}

type SpecRow = readonly [slug: string, number: number, unit: string | null, spelling?: string];

/** The list's keys (SpecKeyStats), and the first item in name order of each group of rows they were read from. */
interface SpecStats {
  keys: SpecKeyStats[];
  /** By specGroup(): the least sort key among the items with rows of that slug, spelling and unit. */
  firsts: ReadonlyMap<string, string>;
  /** The revision of the search tables they were read from; null when not one (readAtOneRevision). */
  at: number | null;
}

/** A count of a list, and the revision of the search tables it was counted at (null: not one). */
interface Counted {
  total: number;
  at: number | null;
}

const specGroup = (slug: string, spelling: string, unit: string | null) => JSON.stringify([slug, spelling, unit]);

/** The items of a list changed in a step between two revisions, as lists and searches see them. */
interface ChangedStep {
  ids: ReadonlySet<string>;
  /** As they are now; an item not here is not in the list now. */
  now: ReadonlyMap<string, ChangedItem>;
  /** As they were at the step's start: null when not in the list then; absent when not known. */
  before: ReadonlyMap<string, ChangedItem | null>;
}

/** What a cached search found, for its survivor: the items up to its page's end, in order, and its query. */
interface FoundSearch {
  search: SearchQuery;
  sort: ListSort;
  upToPageEnd: readonly string[];
  /** Whether the search's rank alone decides what it finds: no filter, no category, no machine. */
  byRankAlone: boolean;
}

/** What SearchQuery.rankOf reads of a row (a changed item, checked against a cached search). */
interface SearchedRow {
  id: string;
  code: string | null;
  name: string;
  description: string;
  fits_text: string;
  sort_key: string;
  price_order: number;
  featured: number;
  category: string | null;
  fits_ids: string | null;
  spec_rows: string | null;
}

/** orderOf in JavaScript: `collate "C"` compares the UTF-8 bytes, as Buffer.compare does. */
function compareOrder(a: OrderKey, b: OrderKey, sort: ListSort): number {
  const byName = Buffer.compare(Buffer.from(a.sortKey), Buffer.from(b.sortKey));
  if (sort === 'price') return a.price - b.price || byName;
  if (sort === 'featured') return b.featured - a.featured || byName;
  return byName;
}

const orderKeyOf = (row: Pick<SearchedRow, 'sort_key' | 'price_order' | 'featured'>): OrderKey => ({
  sortKey: row.sort_key,
  price: Number(row.price_order),
  featured: Number(row.featured),
});

/**
 * Drops the oldest of `steps` (in insertion order) until at most `limits.steps` of them hold at
 * most `limits.items` items between them; the newest is kept whatever it holds.
 */
export function dropOldestSteps(steps: Map<string, { items: number }>, limits: { steps: number; items: number }): void {
  let items = 0;
  for (const step of steps.values()) items += step.items;
  while (steps.size > 1 && (steps.size > limits.steps || items > limits.items)) {
    const [oldest, step] = steps.entries().next().value!;
    items -= step.items;
    steps.delete(oldest);
  }
}

export class DatabaseList<T extends ListSortable> implements CatalogueList<T> {
  /** The changes between two revisions the cache last asked about (changesBetween). */
  private readonly steps = new Map<string, { step: Promise<ChangedStep | null>; items: number }>();
  /** The list's totals at the last revision asked for. */
  private totals: { revision: number; counts: Map<string, Promise<Counted>> } = { revision: -1, counts: new Map() };
  /** Counts of earlier revisions not asked for since, each carried when next asked for (totalAt). */
  private earlierTotals = new Map<string, Promise<Counted>>();
  /** The keys' statistics of the last revision asked for: a handful of rows, read once per revision. */
  private stats: { revision: number; read: Promise<SpecStats> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly kind: ItemKind,
    /** The list records of these items (any order), with what search reads: for the chat helper. */
    private readonly records: (ids: readonly string[]) => Promise<IndexRecord<T>[]>,
    /**
     * Only the list entries of these items (any order): a page needs no more, and a spare part's
     * record also reads every machine it fits for the words that find it.
     */
    private readonly entriesOf: (ids: readonly string[]) => Promise<(T & { id: string })[]>,
  ) {}

  // `read` is for engines that may answer from an older copy; the database is always current.
  async page(revision: number, _read: ListRead, query: ListQuery, narrowing: ListNarrowing): Promise<ListPage<T>> {
    await searchTablesAt(this.db, revision);
    const specs = (query.f ?? []).length > 0 ? await this.specStatsAt(revision) : [];
    const filters = this.filterConditions(query.f ?? [], specs);
    // No filter, category or machine: what an edited item was and is says alone whether it is listed.
    const wholeList = filters.length === 0 && narrowing.category === undefined && narrowing.fits === undefined;
    if (query.q.trim() === '') {
      const where = and([this.narrowed(narrowing), ...filters]);
      const ranges = query.f ?? [];
      const [total, rows] = await Promise.all([
        // The five pages a visitor walks through share one count. The key holds how the list reads
        // the ranges' keys: a count is carried to a later revision only while they read the same.
        this.totalAt(revision, JSON.stringify([narrowing, ranges, rangeStats(ranges, specs)]), where, (was, now) =>
          staysCounted(was, now, narrowing, ranges),
        ),
        sql<Pick<SearchedRow, 'id' | 'sort_key' | 'price_order' | 'featured'>>`select s.item_id as id,
            s.sort_key, ${priceFor(query.sort)} as price_order, s.featured
          from ${rowsFor(query.sort)}
          where ${where}
          order by ${orderOf(query.sort)} limit ${query.limit} offset ${query.offset}`.execute(this.db),
      ]);
      const first = rows.rows[0];
      const last = rows.rows.at(-1);
      const ids = rows.rows.map((row) => row.id);
      return {
        items: await this.entries(ids),
        total,
        asOf: revision,
        survives: this.pageSurvivor(
          {
            sort: query.sort,
            ends:
              first === undefined || last === undefined
                ? undefined
                : { first: orderKeyOf(first), last: orderKeyOf(last) },
            ids: new Set(ids),
            narrowing,
            ranges: query.f ?? [],
            stats: rangeStats(query.f ?? [], specs),
          },
          revision,
        ),
      };
    }
    const search = new SearchQuery(query.q, await this.vocabularyFor(query.q));
    if (search.isEmpty) return { items: [], total: 0, asOf: revision };
    // One pass: the same ranked rows give the page, the total and, when few enough to remember,
    // every match.
    const rows = await sql<{ id: string; total: string | number }>`select s.id, s.total from (
        select s.id, count(*) over () as total, row_number() over (order by s.rank, ${orderOf(query.sort, PICKED_PRICE)}) as place
        from ${rankedRowsSql(search, query.sort, and([this.narrowed(narrowing), ...filters, mayMatchSql(search)]))}
        where s.rank <> -1) s
      where s.place <= ${query.offset + query.limit}
      order by s.place`.execute(this.db);
    const total = rows.rows.length > 0 ? Number(rows.rows[0]!.total) : 0;
    const ids = rows.rows.map((row) => row.id);
    return {
      items: await this.entries(ids.slice(query.offset, query.offset + query.limit)),
      total,
      asOf: revision,
      survives: this.survivor({ search, sort: query.sort, upToPageEnd: ids, byRankAlone: wholeList }, revision),
    };
  }

  private async countWhere(where: RawBuilder<unknown>): Promise<number> {
    const counted = await sql<{ total: string | number }>`select count(*) as total from catalogue_search s
      where ${where}`.execute(this.db);
    return Number(counted.rows[0]?.total ?? 0);
  }

  /**
   * Whether a search's answer, found at revision `from`, still holds at a later revision (decision
   * 067's rule, as ListIndexes.searchUnchanged applies it, widened for the database): each item
   * changed in between either is found neither before nor after it, or, when the search's rank
   * alone decides what it finds, is found both before and after, was not up to the page's end and
   * is not now (so the page and the total are the same); and no word the items brought gives a
   * query word another meaning.
   */
  private survivor(found: FoundSearch, from: number) {
    const { search, upToPageEnd, byRankAlone } = found;
    const shown = new Set(upToPageEnd);
    return this.stepByStep(from, async (step) => {
      const stillFound: string[] = [];
      for (const id of step.ids) {
        const before = step.before.get(id);
        if (before === undefined) return false;
        const now = step.now.get(id);
        const foundBefore = before !== null && search.rankOf(before.fields) !== -1;
        const foundNow = now !== undefined && search.rankOf(now.fields) !== -1;
        if (now !== undefined && givesAnotherMeaning(search, now.fields)) return false;
        if (!foundBefore && !foundNow) continue;
        if (!byRankAlone || foundBefore !== foundNow || shown.has(id)) return false;
        stillFound.push(id);
      }
      return stillFound.length === 0 || !(await this.anyUpToPageEnd(found, stillFound));
    });
  }

  /**
   * Whether a page without a search, found at revision `from`, still holds at a later revision:
   * every item changed in between leaves it as it was (page-survival.ts), and, with range filters,
   * the list still reads their keys as it did. ListIndexes.pageUnchanged's rule, on the rows kept
   * before each revision.
   */
  private pageSurvivor(page: AnsweredPage, from: number) {
    const side = pageSide(page.ends, (a: OrderKey, b: OrderKey) => compareOrder(a, b, page.sort));
    const filtered = page.ranges.length > 0;
    const rule: PageRule<ChangedItem> = {
      inList: (item) => inNarrowed(item, page.narrowing),
      sameForRanges: (was, now) =>
        !filtered ||
        (was.narrowing !== null &&
          now.narrowing !== null &&
          rangeRowsOf(was.narrowing, page.ranges) === rangeRowsOf(now.narrowing, page.ranges)),
      side: (item) => side(item.order),
      onPage: page.ids,
    };
    return this.stepByStep(from, async (step, to) => {
      if (filtered && rangeStats(page.ranges, await this.specStatsAt(to)) !== page.stats) return false;
      // An item without a row before the step is not known (null: it was not in this list).
      return [...step.ids].every(
        (id) => step.before.has(id) && leavesPageAsItWas(rule, id, step.before.get(id) ?? undefined, step.now.get(id)),
      );
    });
  }

  /**
   * A cached answer's `survives`, found at revision `from`: it judges the step since the last
   * revision it held for (sinceLastHeld); a step that changed too much or is not known ends it.
   */
  private stepByStep(from: number, holds: (step: ChangedStep, to: number) => boolean | Promise<boolean>) {
    return sinceLastHeld(from, async (at, to) => {
      const step = await this.changesBetween(at, to);
      return step !== null && (await holds(step, to));
    });
  }

  /** Whether any of `ids` now comes before the last item up to the search's page end, in its order. */
  private async anyUpToPageEnd({ search, sort, upToPageEnd }: FoundSearch, ids: readonly string[]): Promise<boolean> {
    const last = upToPageEnd.at(-1);
    if (last === undefined) return true;
    const rows = await sql<{ id: string }>`select s.id
      from ${rankedRowsSql(search, sort, sql`s.kind = ${this.kind} and s.item_id = any(${[...ids, last]})`)}
      order by s.rank, ${orderOf(sort, PICKED_PRICE)} limit 1`.execute(this.db);
    return rows.rows[0]?.id !== last;
  }

  /**
   * The items of this list changed from `from` to `to` (spare parts: with those that fit a changed
   * machine) and their search fields now; null when too many or not known. Shared by every cached
   * search the cache asks about the same step.
   */
  private changesBetween(from: number, to: number): Promise<ChangedStep | null> {
    const key = `${from}:${to}`;
    const kept = this.steps.get(key);
    if (kept !== undefined) return kept.step;
    const entry = { step: this.readChanges(from, to), items: 0 };
    this.steps.set(key, entry);
    this.keepFewSteps();
    entry.step.then(
      (step) => {
        entry.items = step?.ids.size ?? 0;
        this.keepFewSteps();
      },
      () => {
        if (this.steps.get(key) === entry) this.steps.delete(key);
      },
    );
    return entry.step;
  }

  private keepFewSteps(): void {
    dropOldestSteps(this.steps, { steps: KEPT_STEPS, items: KEPT_STEP_ITEMS });
  }

  private async readChanges(from: number, to: number): Promise<ChangedStep | null> {
    await searchTablesAt(this.db, to);
    const { items } = await catalogueChangesBetween(this.db, from, to);
    if (items === 'everything' || items.size > MAX_STEP_ITEMS) return null;
    const ids = [...items];
    if (this.kind === 'spare') ids.push(...(await partIdsFitting(this.db, ids)));
    if (ids.length === 0) return { ids: new Set(), now: new Map(), before: new Map() };
    if (ids.length > MAX_STEP_ITEMS) return null;
    const [now, before] = await Promise.all([
      sql<SearchedRow>`select s.item_id as id, s.code, s.name_text as name, s.description_text as description,
          s.fits_text, s.sort_key, ${PRICE_ORDER} as price_order, s.featured, s.category, s.fits_ids,
          ${SEARCH_ROW_SPEC_ROWS} as spec_rows
        from ${SEARCH_ROWS_WITH_PRICES}
        where s.kind = ${this.kind} and s.item_id = any(${ids})`.execute(this.db),
      // The oldest row after `from` holds the item as it was at `from` (catalogue-search.repository.ts).
      sql<{ id: string; kind: ItemKind | null } & Omit<SearchedRow, 'id'>>`select distinct on (b.item_id)
          b.item_id as id, b.kind, b.code, b.name_text as name, b.description_text as description, b.fits_text,
          b.sort_key, b.price_order, b.featured, b.category, b.fits_ids, b.spec_rows
        from catalogue_search_before b
        where b.item_id = any(${ids}) and b.revision > ${from} and b.revision <= ${to}
        order by b.item_id, b.revision`.execute(this.db),
    ]);
    return {
      ids: new Set(ids),
      now: new Map(now.rows.map((row) => [row.id, changedItemOf(row)])),
      before: new Map(before.rows.map((row) => [row.id, row.kind === this.kind ? changedItemOf(row) : null])),
    };
  }

  async facets(
    revision: number,
    _read: ListRead,
    { q, f = [] }: Pick<ListQuery, 'q' | 'f'>,
    narrowing: ListNarrowing,
    { perCategory }: { perCategory: boolean },
  ): Promise<ListFacets> {
    await searchTablesAt(this.db, revision);
    const specs = await this.specStatsAt(revision);
    const filters = this.filterConditions(f, specs);
    const search = new SearchQuery(q, q.trim() === '' ? new SearchVocabulary([]) : await this.vocabularyFor(q));
    const matches = search.isEmpty ? [] : [matchesSql(search)];
    const narrowed = this.narrowed(narrowing);
    const wholeKind = narrowing.category === undefined && narrowing.fits === undefined && matches.length === 0;
    const base = wholeKind ? null : and([narrowed, ...matches]);
    const faceted = await this.specFacets(specs, f, base);
    const total = faceted.total ?? (await this.countWhere(and([narrowed, ...filters])));
    let categories = new Map<string, number>();
    if (perCategory) {
      const rows = await sql<{ category: string | null; total: string | number }>`select s.category, count(*) as total
        from catalogue_search s where ${and([sql`s.kind = ${this.kind}`, ...filters, ...matches])}
        group by s.category`.execute(this.db);
      categories = new Map(
        rows.rows.flatMap((row) => (row.category === null ? [] : [[row.category, Number(row.total)]])),
      );
    }
    return { asOf: revision, total, perCategory: categories, specs: faceted.facets };
  }

  /** The items a chat message may name, as an index of their own (the chat helper picks among them). */
  async named(revision: number, { codes, text, phrase }: NamingQuery): Promise<ListIndex<T>> {
    await searchTablesAt(this.db, revision);
    const rows = await sql<{
      id: string;
    }>`select s.item_id as id from catalogue_search s
      where s.kind = ${this.kind} and (
        ${codes.length > 0 ? sql`s.code_letters = any(${codes})` : sql`false`}
        or exists (select 1 from unnest(string_to_array(s.name_letters, ' ')) as n(name)
          where length(n.name) >= ${MIN_NAME_LETTERS} and strpos(${text}, n.name) > 0)
        or (${phrase} <> '' and s.name_letters like ${containing(phrase)}))`.execute(this.db);
    return ListIndex.of(await this.records(rows.rows.map((row) => row.id)));
  }

  /** The list entries of `ids`, in that order. */
  private async entries(ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    const byId = new Map((await this.entriesOf(ids)).map((entry) => [entry.id, entry]));
    return ids.flatMap((id) => {
      const entry = byId.get(id);
      return entry === undefined ? [] : [entry];
    });
  }

  private narrowed({ category, fits }: ListNarrowing): RawBuilder<unknown> {
    return and([
      sql`s.kind = ${this.kind}`,
      ...(category === undefined ? [] : [sql`s.category = ${category}`]),
      ...(fits === undefined
        ? []
        : [sql`exists (select 1 from item_fits f where f.part_id = s.item_id and f.machine_id = ${fits})`]),
    ]);
  }

  /** The catalogue words one edit from the words of `q` that may carry a typo (decision 035). */
  private async vocabularyFor(q: string): Promise<SearchVocabulary> {
    const words = q
      .trim()
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => word.length >= TYPO_MIN_LENGTH && word.length <= MAX_CORRECTED_LENGTH);
    if (words.length === 0) return new SearchVocabulary([]);
    // Levenshtein counts a swap of two letters as two edits; withinOneEdit (SearchVocabulary) decides.
    const rows = await sql<{
      word: string;
    }>`select word from catalogue_search_words where kind = ${this.kind} and (${or(
      words.map(
        (word) =>
          sql`(length(word) between ${word.length - 1} and ${word.length + 1} and levenshtein_less_equal(word, ${word}, 2) <= 2)`,
      ),
    )})`.execute(this.db);
    return new SearchVocabulary(rows.rows.map((row) => row.word));
  }

  /**
   * How many rows `where` keeps, counted once per revision for each narrowing and set of ranges.
   * A count is carried to a later revision when every item changed in between `staysCounted`:
   * counting every part again after each save cost the database 50-85 ms under load, and a
   * filtered count at 100,000 parts 200 ms.
   */
  private totalAt(
    revision: number,
    key: string,
    where: RawBuilder<unknown>,
    staysCounted: (was: ChangedItem | null, now: ChangedItem | undefined) => boolean,
  ): Promise<number> {
    if (this.totals.revision !== revision) {
      const previous = this.totals;
      this.totals = { revision, counts: new Map() };
      // Every count held, not only the last revision's: a list asked for once in a while is
      // carried as well as one asked for after every save. Each knows the revision it was counted
      // at, so one asked for at an older revision is carried from there too.
      this.earlierTotals = new Map([...this.earlierTotals, ...previous.counts]);
      for (const key of [...this.earlierTotals.keys()].slice(0, -MAX_EARLIER_TOTALS)) this.earlierTotals.delete(key);
    }
    let counted = this.totals.counts.get(key);
    if (counted === undefined) {
      const earlier = this.earlierTotals.get(key);
      this.earlierTotals.delete(key);
      counted = this.rememberTotal(
        key,
        earlier === undefined
          ? this.countAt(where)
          : this.carried(
              earlier,
              revision,
              (_, step, id) => {
                const before = step.before.get(id);
                return before !== undefined && staysCounted(before, step.now.get(id));
              },
              () => this.countAt(where),
            ),
      );
    }
    return counted.then(({ total }) => total);
  }

  private rememberTotal(key: string, counted: Promise<Counted>): Promise<Counted> {
    const counts = this.totals.counts;
    counts.set(key, counted);
    // A failed count must not stick: the next request counts again.
    counted.catch(() => counts.delete(key));
    return counted;
  }

  private async countAt(where: RawBuilder<unknown>): Promise<Counted> {
    const { value, at } = await readAtOneRevision(this.db, () => this.countWhere(where));
    return { total: value, at };
  }

  /**
   * A count or the keys' statistics (`held`), carried to revision `to` when every item changed from
   * the revision they were read at `keeps` them; else read again. One read at no single revision
   * (readAtOneRevision) is never carried.
   */
  private async carried<V extends { at: number | null }>(
    held: Promise<V>,
    to: number,
    keeps: (value: V, step: ChangedStep, id: string) => boolean,
    readAgain: () => Promise<V>,
  ): Promise<V> {
    const value = await held.catch(() => null);
    if (value === null || value.at === null) return readAgain();
    if (value.at >= to) return value;
    const step = await this.changesBetween(value.at, to).catch(() => null);
    return step !== null && [...step.ids].every((id) => keeps(value, step, id)) ? value : readAgain();
  }

  private async specStatsAt(revision: number): Promise<SpecKeyStats[]> {
    const held = this.stats;
    if (held === null || held.revision !== revision) {
      // Read once per revision, unless the items changed since the last one read leave every key
      // as it was: a save that renames a part then costs no pass over every specification row
      // (two statements of 200+ ms each at 100,000 parts).
      const read =
        held !== null && held.revision < revision
          ? this.carried(held.read, revision, keepsSpecStats, () => this.specStats())
          : this.specStats();
      const stats = { revision, read };
      this.stats = stats;
      // A failed read must not stick: the next request reads again.
      read.catch(() => {
        if (this.stats === stats) this.stats = null;
      });
    }
    return (await this.stats!.read).keys;
  }

  /**
   * The list's specification keys, as SpecValues (list-facets.ts) reads them from a whole list: the
   * spelling and unit most rows use (ties: the first in name order), and the items with a number
   * that converts to that unit.
   */
  private async specStats(): Promise<SpecStats> {
    const { value, at } = await readAtOneRevision(this.db, () => this.specKeys());
    return { ...value, at };
  }

  private async specKeys(): Promise<Omit<SpecStats, 'at'>> {
    const groups = await sql<{
      slug: string;
      spec_key: string;
      unit: string | null;
      rows: string | number;
      first: string;
    }>`
      select v.slug, v.spec_key, v.unit, count(*) as rows, min(s.sort_key collate "C") as first
      from catalogue_spec_values v join catalogue_search s on s.item_id = v.item_id
      where v.kind = ${this.kind} group by v.slug, v.spec_key, v.unit order by first, v.slug`.execute(this.db);
    const spellings = new Map<string, Map<string, number>>();
    const units = new Map<string, Map<SpecUnit | null, number>>();
    const firsts = new Map<string, string>();
    for (const group of groups.rows) {
      firsts.set(specGroup(group.slug, group.spec_key, group.unit), group.first);
      const rows = Number(group.rows);
      add(spellings, group.slug, group.spec_key, rows);
      add(units, group.slug, group.unit as SpecUnit | null, rows);
    }
    const stats: SpecKeyStats[] = [...units].map(([slug, counts]) => {
      const unit = mostCommon(counts);
      const conversions = [...counts.keys()].flatMap((from) => {
        if (from === unit) return [{ unit: from, multiply: 1, divide: 1 }];
        const conversion = from === null || unit === null ? null : specConversion(from, unit);
        return conversion === null ? [] : [{ unit: from, ...conversion }];
      });
      return { slug, key: mostCommon(spellings.get(slug)!), unit, items: 0, conversions };
    });
    if (stats.length === 0) return { keys: [], firsts };
    const items = await sql<{ slug: string; items: string | number }>`select v.slug, count(distinct v.item_id) as items
      from catalogue_spec_values v where v.kind = ${this.kind} and (${or(
        stats.flatMap((key) =>
          key.conversions.map((conversion) =>
            conversion.unit === null
              ? sql`(v.slug = ${key.slug} and v.unit is null)`
              : sql`(v.slug = ${key.slug} and v.unit = ${conversion.unit})`,
          ),
        ),
      )}) group by v.slug`.execute(this.db);
    const itemsBySlug = new Map(items.rows.map((row) => [row.slug, Number(row.items)]));
    const keys = stats
      .map((key) => ({ ...key, items: itemsBySlug.get(key.slug) ?? 0 }))
      .filter((key) => key.items > 0)
      .sort((a, b) => b.items - a.items || (a.slug < b.slug ? -1 : 1));
    return { keys, firsts };
  }

  /**
   * Each item's number for `key`, in the key's unit, from its first row that converts (as
   * SpecValues keeps it): what a facet's bounds look at.
   */
  private valuesOf(key: SpecKeyStats): RawBuilder<unknown> {
    return sql`(select distinct on (v.item_id) v.item_id, ${valueInKeyUnit(key)} as value
      from catalogue_spec_values v
      where v.kind = ${this.kind} and v.slug = ${key.slug} and ${convertsToKeyUnit(sql.ref('v.unit'), key)}
      order by v.item_id, v.position)`;
  }

  /**
   * One condition per range: the item's number for the key, from its first row that converts to
   * the key's unit, is inside it (SpecValues.passes). The rows are found by their rounded number in
   * the base unit (the index `catalogue_spec_values_by_base_value`). For a key in its family's base
   * unit that number is the one the range compares, so the range's own bounds are the index's
   * conditions; for a key in another unit (inch, HP, m/min) the index is read with bounds a little
   * wider than the range and each row is then held to it exactly as a facet converts and rounds it.
   * The item's first row that converts is the one the catch-up marked `first_of_family`; a row an
   * older release wrote is unmarked, and its item's earlier rows are asked (decisions 087, 088).
   */
  private filterConditions(
    filters: readonly SpecRange[],
    specs: readonly SpecKeyStats[],
    item: RawBuilder<unknown> = sql.ref('s.item_id'),
  ): RawBuilder<unknown>[] {
    const keyBySlug = new Map(specs.map((key) => [key.slug, key]));
    return filters.map((filter) => {
      const key = keyBySlug.get(filter.slug);
      // A key no item has a number for: nothing is inside any range of it.
      if (key === undefined) return sql`false`;
      const factor = specBaseFactor(key.unit);
      // In the key's base unit the index's value is the number compared, and the range's bounds are
      // the index's own; in another unit the index is read a little wider and each row held to the range.
      const inside =
        factor === 1
          ? bounded(VALUE_IN_BASE_UNIT, filter.min, filter.max)
          : [
              ...bounded(VALUE_IN_BASE_UNIT, widened(filter.min, -1, factor), widened(filter.max, 1, factor)),
              ...bounded(valueInKeyUnit(key), filter.min, filter.max),
            ];
      return sql`exists (select 1 from catalogue_spec_values v
        where v.item_id = ${item} and v.kind = ${this.kind} and v.slug = ${key.slug}
          and ${convertsToKeyUnit(sql.ref('v.unit'), key)} and ${and(inside)}
          and (v.first_of_family or (v.first_of_family is null and not exists (select 1 from catalogue_spec_values w
            where w.item_id = v.item_id and w.slug = v.slug and w.position < v.position
              and ${convertsToKeyUnit(sql.ref('w.unit'), key)}))))`;
    });
  }

  /**
   * SpecValues.facets, in the database: per key shown, the items of `base` passing every other
   * range. Over a base (a search, a category or a machine), also how many of its items every filter
   * keeps: the base is found once for both (a search's conditions read long texts, and were read
   * again for every key), so `total` is null only over a whole kind, which countWhere counts from an
   * index.
   */
  private async specFacets(
    specs: readonly SpecKeyStats[],
    filters: readonly SpecRange[],
    /** Null for every item of the kind: the specification rows carry the kind, so no search row is read. */
    base: RawBuilder<unknown> | null,
  ): Promise<{ facets: SpecFacet[]; total: number | null }> {
    const shown = specs
      .filter((key) => key.items >= SPEC_FACET_MIN_ITEMS)
      .slice(0, SPEC_FACET_MAX)
      .map((key) => key.slug);
    const known = new Set(specs.map((key) => key.slug));
    for (const filter of filters) if (known.has(filter.slug) && !shown.includes(filter.slug)) shown.push(filter.slug);
    const keyBySlug = new Map(specs.map((key) => [key.slug, key]));
    const arms = shown.map((slug) => {
      const values = sql`${this.valuesOf(keyBySlug.get(slug)!)} as y`;
      const others = this.filterConditions(
        filters.filter((filter) => filter.slug !== slug),
        specs,
        sql.ref('y.item_id'),
      );
      // A whole kind needs no search row: the specification rows carry the kind.
      const from = base === null ? values : sql`${values} join base b on b.item_id = y.item_id`;
      return sql`(select ${slug}::text as slug, count(*) as count, min(y.value) as min, max(y.value) as max
            from ${from} where ${and(others)})`;
    });
    if (base !== null) {
      const kept = and(this.filterConditions(filters, specs, sql.ref('b.item_id')));
      arms.push(sql`(select null::text as slug, count(*) as count, null::float8 as min, null::float8 as max
            from base b where ${kept})`);
    }
    if (arms.length === 0) return { facets: [], total: null };
    const union = sql.join(arms, sql` union all `);
    const rows = await sql<{ slug: string | null; count: string | number; min: number | null; max: number | null }>`${
      base === null
        ? union
        : sql`with base as materialized (select s.item_id from catalogue_search s where ${base}) ${union}`
    }`.execute(this.db);
    const totalRow = rows.rows.find((row) => row.slug === null);
    const bySlug = new Map(rows.rows.map((row) => [row.slug, row]));
    const facets = shown.map((slug) => {
      const row = bySlug.get(slug);
      const count = Number(row?.count ?? 0);
      const key = keyBySlug.get(slug)!;
      const selected = filters.find((filter) => filter.slug === slug);
      return {
        slug,
        key: key.key,
        unit: key.unit,
        min: count === 0 ? 0 : floor3(Number(row!.min)),
        max: count === 0 ? 0 : ceil3(Number(row!.max)),
        count,
        selected: selected ? { min: selected.min, max: selected.max } : null,
      };
    });
    return { facets, total: totalRow === undefined ? null : Number(totalRow.count) };
  }
}

/** A specification row's number in its family's base unit (mm, kW, mm/min; other units as they are). */
const NUMBER_IN_BASE_UNIT = sql`(v.number * case v.unit when 'inch' then 25.4::float8 when 'HP' then 0.745699872::float8
      when 'm/min' then 1000::float8 else 1::float8 end)`;

/**
 * The same, rounded to six decimals, written exactly as the index `catalogue_spec_values_by_base_value`
 * holds it (migration 2026-12-02-101): PostgreSQL uses an expression index only for the same
 * expression. The factors are specBaseFactor's (a test compares them).
 */
export const VALUE_IN_BASE_UNIT = sql`(round(${NUMBER_IN_BASE_UNIT} * 1e6) / 1e6)`;

/**
 * A row's number in its key's unit, converted and rounded as SpecValues does it (convertSpecNumber:
 * multiplied by its unit's factor, divided by the key's, then six decimals). In its family's base
 * unit that is VALUE_IN_BASE_UNIT to the bit, which lets a range use the index's own bounds.
 */
function valueInKeyUnit(key: SpecKeyStats): RawBuilder<unknown> {
  const factor = specBaseFactor(key.unit);
  if (factor === 1) return VALUE_IN_BASE_UNIT;
  return sql`(case when v.unit = ${key.unit} then round(v.number * 1e6) / 1e6
    else round(${NUMBER_IN_BASE_UNIT} / ${factor}::float8 * 1e6) / 1e6 end)`;
}

/** The rows of a key whose unit converts to the key's unit: SpecValues reads only those. */
function convertsToKeyUnit(unit: RawBuilder<unknown>, key: SpecKeyStats): RawBuilder<unknown> {
  const units = key.conversions.flatMap((conversion) => (conversion.unit === null ? [] : [conversion.unit]));
  return units.length === 0 ? sql`${unit} is null` : sql`${unit} in (${sql.join(units)})`;
}

/**
 * A bound in the key's unit as a bound of VALUE_IN_BASE_UNIT (times the key's factor), moved outward
 * by more than the two roundings to six decimals (5e-7 each, the base unit's at most 5e-7 / factor in
 * the key's unit; the factors are 0.7457 or more) and floating-point error can move a number. Only
 * widens the index range; the exact bounds are checked on valueInKeyUnit.
 */
function widened(bound: number | null, side: -1 | 1, factor: number): number | null {
  return bound === null ? null : (bound + side * (1e-5 + Math.abs(bound) * 1e-9)) * factor;
}

/** `expression` at least `min` and at most `max`; a missing bound leaves that side open. */
function bounded(expression: RawBuilder<unknown>, min: number | null, max: number | null): RawBuilder<unknown>[] {
  return [
    ...(min === null ? [] : [sql`${expression} >= ${min}`]),
    ...(max === null ? [] : [sql`${expression} <= ${max}`]),
  ];
}

function add<V>(counts: Map<string, Map<V, number>>, slug: string, value: V, rows: number) {
  const own = counts.get(slug) ?? counts.set(slug, new Map()).get(slug)!;
  own.set(value, (own.get(value) ?? 0) + rows);
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\]/g;
/** `words` where a word of the text starts (includesAtWordStart): after its start or a character not a letter or digit. */
const atWordStart = (words: readonly string[]) =>
  `(^|[^[:alnum:]])(${words.map((word) => word.replace(REGEX_SPECIAL, '\\$&')).join('|')})`;

const PLACES = [
  { text: sql`s.name_text`, words: sql`s.name_words`, compact: sql`s.name_compact` },
  { text: sql`s.description_text`, words: sql`s.description_words`, compact: sql`s.description_compact` },
  { text: sql`s.fits_text`, words: sql`s.fits_words`, compact: sql`s.fits_compact` },
] as const;

/**
 * includesAtWordStart in SQL: a plain word (letters and digits, as most are) is ' ' + word in the
 * place's wordStartText, a `like` the trigram index serves; others need a regular expression.
 */
function atWordStartSql(place: (typeof PLACES)[number], words: readonly string[]): RawBuilder<unknown> {
  const plain = words.filter(isPlainWord);
  const other = words.filter((word) => !isPlainWord(word));
  return or([
    ...plain.map((word) => {
      const pattern = containing(' ' + word);
      return sql`${place.words} like ${pattern}`;
    }),
    ...(other.length === 0 ? [] : [sql`${place.text} ~ ${atWordStart(other)}`]),
  ]);
}

/** findWord (list-search.ts) in SQL: where a query word was found, place × 2 (+1 through a typo), or null. */
function foundSql({ word, asCode, compact, corrections }: QueryWord): RawBuilder<number | null> {
  const cases: RawBuilder<unknown>[] = [];
  if (asCode !== '') cases.push(sql`when s.code <> '' and s.code like ${startingWith(asCode)} then 0`);
  PLACES.forEach((place, index) => {
    const inText = atWordStartSql(place, [word]);
    const found = compact === null ? inText : or([inText, sql`${place.compact} like ${containing(compact)}`]);
    cases.push(sql`when ${found} then ${index * 2}::int`);
  });
  if (corrections.length > 0) {
    PLACES.forEach((place, index) => {
      cases.push(sql`when ${atWordStartSql(place, corrections)} then ${index * 2 + 1}::int`);
    });
  }
  return sql<number | null>`(case ${sql.join(cases, sql` `)} else null end)`;
}

/** The columns rankedRowsSql's stages read and carry up: a text is read only where it is compared. */
const RANKED_COLUMNS = sql`s.item_id as id, s.sort_key, s.featured, s.code, s.name_text, s.description_text,
  s.fits_text, s.name_words, s.description_words, s.fits_words, s.name_compact, s.description_compact, s.fits_compact`;

/** The column rankedRowsSql keeps the place of the query's `n`th word in (foundSql). */
const wordColumn = (n: number): string => 'w' + String(n);

/** The code whole or its start, as a tier (none when the query has no code form). */
function codeCasesSql(search: SearchQuery): RawBuilder<unknown>[] {
  if (search.compact === '') return [];
  return [
    sql`when s.code <> '' and s.code = ${search.compact} then 0`,
    sql`when s.code <> '' and s.code like ${startingWith(search.compact)} then 1`,
  ];
}

/**
 * SearchQuery.rankOf in SQL: the subquery `s` of the rows of rowsFor(sort) that `where` keeps, each
 * with `id`, `sort_key`, `price_order` (priceFor(sort)), `featured` and `rank`, the tier it matches
 * at (SEARCH_TIERS' index) or -1. A test checks the two agree on every item and query of a
 * catalogue made to tell them apart.
 *
 * Three stages, each fenced with `offset 0` so that PostgreSQL keeps them apart: the code and the
 * whole query in the name decide most rows; only the others look for the query in the description
 * and for each word's place, once per word; the tier is then worked out from those values. As one
 * expression, each word's place was looked for up to five times per row, each a read of a long,
 * often compressed and stored apart, text (decision 090).
 */
function rankedRowsSql(search: SearchQuery, sort: ListSort, where: RawBuilder<unknown>): RawBuilder<unknown> {
  const earlyCases = [...codeCasesSql(search), sql`when s.name_text like ${containing(search.needle)} then 2`];
  const early = sql<number | null>`(case ${sql.join(earlyCases, sql` `)} end)`;
  const wordColumns = search.words.map(
    (word, n) => sql`(case when s.early is null then ${foundSql(word)} end) as ${sql.id(wordColumn(n))}`,
  );
  const found = search.words.map((_, n) => sql.id('s', wordColumn(n)));
  const anyMissing = or(found.map((word) => sql`${word} is null`));
  const typo = or(found.map((word) => sql`${word} % 2 = 1`));
  const halves = found.map((word) => sql`${word} / 2`);
  const place = sql`greatest(${sql.join(halves)})`;
  const byWords = sql`(2 + ${place} * 2 + (case when ${typo} then 1 else 0 end))`;
  return sql`(select s.id, s.sort_key, s.price_order, s.featured, (case when s.early is not null then s.early
        when ${anyMissing} then (case when s.in_description then 4 else -1 end)
        when s.in_description and ${byWords} > 4 then 4
        else ${byWords} end) as rank
      from (select s.id, s.sort_key, s.price_order, s.featured, s.early,
          (case when s.early is null then s.description_text like ${containing(search.needle)} end) as in_description,
          ${sql.join(wordColumns)}
        from (select ${RANKED_COLUMNS}, ${priceFor(sort)} as price_order, ${early} as early
          from ${rowsFor(sort)} where ${where} offset 0) s
        offset 0) s) s`;
}

/**
 * The rows SearchQuery's first look accepts (mayContain): every branch is served by an index (the
 * trigram indexes, and the codes' prefix index), so no search reads the whole table.
 */
function mayMatchSql(search: SearchQuery): RawBuilder<unknown> {
  const wordMayMatch = search.words.map(({ word, asCode, compact, corrections }) =>
    or([
      sql`s.all_text like ${containing(word)}`,
      ...(asCode === '' ? [] : [sql`(s.code <> '' and s.code like ${startingWith(asCode)})`]),
      ...(compact === null ? [] : [sql`s.all_compact like ${containing(compact)}`]),
      ...corrections.map((correction) => sql`s.all_text like ${containing(correction)}`),
    ]),
  );
  return or([
    ...(search.compact === '' ? [] : [sql`(s.code <> '' and s.code like ${startingWith(search.compact)})`]),
    sql`s.all_text like ${containing(search.needle)}`,
    and(wordMayMatch),
  ]);
}

/**
 * The rows `search` matches (those rankedRowsSql does not rank -1), as a condition that ranks
 * none: a row matches when its code starts with the query, its name or description holds the
 * query, or every word is found somewhere.
 */
function matchesSql(search: SearchQuery): RawBuilder<unknown> {
  const codeStarts = search.compact === '' ? [] : [sql`s.code <> '' and s.code like ${startingWith(search.compact)}`];
  return and([
    mayMatchSql(search),
    or([
      ...codeStarts,
      sql`s.name_text like ${containing(search.needle)}`,
      sql`s.description_text like ${containing(search.needle)}`,
      and(search.words.map((word) => sql`${foundSql(word)} is not null`)),
    ]),
  ]);
}

const changedItemOf = (row: SearchedRow): ChangedItem => ({
  fields: searchFieldsOf({ code: row.code, name: row.name, description: row.description, fits: [row.fits_text] }),
  order: orderKeyOf(row),
  narrowing:
    row.fits_ids === null || row.spec_rows === null
      ? null
      : {
          category: row.category,
          fits: JSON.parse(row.fits_ids) as string[],
          specRows: JSON.parse(row.spec_rows) as SpecRow[],
        },
});

/** What a page of a narrowed or filtered list was answered with, for its survivor. */
interface AnsweredPage {
  sort: ListSort;
  /** The page's first and last items; none when it is empty. */
  ends: { first: OrderKey; last: OrderKey } | undefined;
  /** The ids on the page. */
  ids: ReadonlySet<string>;
  narrowing: ListNarrowing;
  ranges: readonly SpecRange[];
  /** rangeStats() of the ranges' keys when the page was answered. */
  stats: string;
}

/** How the list reads the keys of `ranges` (unit and conversions), as one string: equal while no item's number reads differently. */
function rangeStats(ranges: readonly SpecRange[], specs: readonly SpecKeyStats[]): string {
  return JSON.stringify(
    ranges.map((range) => {
      const key = specs.find((stats) => stats.slug === range.slug);
      return key === undefined ? null : [key.unit, key.conversions];
    }),
  );
}

/** Whether an item, as a step saw it, is in a list narrowed to a category or a machine: null when not known. */
function inNarrowed(item: ChangedItem | undefined, { category, fits }: ListNarrowing): boolean | null {
  if (item === undefined) return false;
  if (category === undefined && fits === undefined) return true;
  if (item.narrowing === null) return null;
  return (
    (category === undefined || item.narrowing.category === category) &&
    (fits === undefined || item.narrowing.fits.includes(fits))
  );
}

/** An item's rows for the ranges' keys, as one string: equal strings pass the same ranges. */
const rangeRowsOf = (item: ItemNarrowing, ranges: readonly SpecRange[]) =>
  JSON.stringify(
    item.specRows
      .filter(([slug]) => ranges.some((range) => range.slug === slug))
      .map(([slug, number, unit]) => [slug, number, unit]),
  );

/**
 * Whether an item, as it was (null: not in the list) and is now (undefined: not in the list), is
 * counted in a list narrowed and filtered so both times or neither: the same number of items.
 */
function staysCounted(
  was: ChangedItem | null,
  now: ChangedItem | undefined,
  narrowing: ListNarrowing,
  ranges: readonly SpecRange[],
): boolean {
  const wasIn = was === null ? false : inNarrowed(was, narrowing);
  const isIn = inNarrowed(now, narrowing);
  if (wasIn === null || isIn === null || wasIn !== isIn) return false;
  if (!wasIn || ranges.length === 0) return true;
  // In the narrowed list both times: the ranges pass it alike when its rows for them are the same.
  return (
    was!.narrowing !== null &&
    now!.narrowing !== null &&
    rangeRowsOf(was!.narrowing, ranges) === rangeRowsOf(now!.narrowing, ranges)
  );
}

/**
 * Whether the list reads its keys as it did (SpecStats) after a step changed item `id`: it was
 * and is in the list or neither, with the same rows by slug, spelling and unit, and, if its name
 * order moved, it was not and is not now the first item of any group of its rows.
 */
function keepsSpecStats(stats: SpecStats, step: ChangedStep, id: string): boolean {
  const was = step.before.get(id);
  const now = step.now.get(id);
  if (was === undefined) return false;
  if (was === null || now === undefined) return was === null && now === undefined;
  if (was.narrowing === null || now.narrowing === null) return false;
  const groups = specGroupsOf(was.narrowing);
  if (groups === null || groups.join('\n') !== specGroupsOf(now.narrowing)?.join('\n')) return false;
  if (was.order.sortKey === now.order.sortKey) return true;
  const nowKey = Buffer.from(now.order.sortKey);
  return groups.every((group) => {
    const first = stats.firsts.get(group);
    return first !== undefined && first !== was.order.sortKey && Buffer.compare(nowKey, Buffer.from(first)) > 0;
  });
}

/** An item's rows as specGroup()s, sorted (one per row: the groups count rows); null when a row lacks its spelling. */
function specGroupsOf(item: ItemNarrowing): string[] | null {
  const groups: string[] = [];
  for (const [slug, , unit, spelling] of item.specRows) {
    if (spelling === undefined) return null;
    groups.push(specGroup(slug, spelling, unit));
  }
  return groups.sort();
}

/** Whether a word of `fields` is one edit from a query word that did not take it as a correction. */
function givesAnotherMeaning(search: SearchQuery, fields: SearchFields): boolean {
  const typoWords = search.words.filter((word) => word.word.length >= TYPO_MIN_LENGTH);
  if (typoWords.length === 0) return false;
  for (const text of [fields.name, fields.description, fields.fits]) {
    for (const candidate of correctableWordsOf(text)) {
      for (const { word, corrections } of typoWords) {
        if (candidate !== word && withinOneEdit(word, candidate) && !corrections.includes(candidate)) return true;
      }
    }
  }
  return false;
}
