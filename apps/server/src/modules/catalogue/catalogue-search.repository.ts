import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import { specKeySlug, specUnitFamily } from '@capstan/shared';
import type { CatalogueSearchTable, Database, ItemKind } from '../../db/schema';
import { partIdsFitting } from './catalogue.repository';
import {
  CATALOGUE_CHANGES_KEPT,
  catalogueChangesBetween,
  isPruningRevision,
  readCatalogueRevision,
} from './catalogue-revision.repository';
import { itemRecords, spareRecords } from './catalogue-list-indexes';
import { lettersAndDigits } from './item-names';
import type { IndexRecord } from './list-index';
import { correctableWordsOf, type SearchSource, searchFieldsOf, wordStartText } from './list-search';
import { rowSortKey } from './name-sort-key';

/**
 * The search tables PostgreSQL answers the lists from (decision 069): rows derived from the items,
 * brought to the catalogue revision inside the write that moves it, or by the first reader that
 * finds them behind (a write by an older release, which does not know them).
 */

export const usesSearchTables = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const KINDS: readonly ItemKind[] = ['machine', 'spare', 'service'];

/** Rows per insert: a statement takes at most 65,535 parameters. */
const ROWS_PER_INSERT = 500;
/** Prices per statement: two arrays, two parameters, whatever their length. */
const PRICES_PER_WRITE = 5000;

const namesOf = (search: SearchSource): string[] => [
  search.name,
  ...(search.translated ?? []).flatMap((t) => (t.name ? [t.name] : [])),
];

/** What a list is ordered and narrowed by, beside its search fields. */
interface OrderFields {
  price?: number | null;
  featured: boolean;
  category?: string | null;
  /** The machines a spare part fits. */
  fits?: readonly string[];
}

function recordsOf(db: Kysely<Database>, kind: ItemKind, ids?: readonly string[]): Promise<IndexRecord<OrderFields>[]> {
  if (kind === 'spare') return spareRecords(db, ids);
  return itemRecords(
    db,
    kind,
    (item) => ({ price: item.price, featured: item.featured, category: item.category }),
    ids,
  );
}

function searchRowOf(kind: ItemKind, { id, search, entry }: IndexRecord<OrderFields>): CatalogueSearchTable {
  const fields = searchFieldsOf(search);
  return {
    item_id: id,
    kind,
    sort_key: rowSortKey(search.name, id),
    category: entry.category ?? null,
    price_order: entry.price ?? 0,
    featured: entry.featured ? 1 : 0,
    code: fields.code,
    name_text: fields.name,
    description_text: fields.description,
    fits_text: fields.fits,
    fits_ids: JSON.stringify([...(entry.fits ?? [])].sort()),
    all_text: fields.all,
    all_compact: fields.allCompact,
    name_compact: fields.compact[0],
    description_compact: fields.compact[1],
    fits_compact: fields.compact[2],
    name_words: wordStartText(fields.name),
    description_words: wordStartText(fields.description),
    fits_words: wordStartText(fields.fits),
    // Every name the item has (English, then Tamil and Hindi: decision 072), letters only, apart by a space.
    name_letters: namesOf(search).map(lettersAndDigits).join(' '),
    code_letters: search.code ? lettersAndDigits(search.code) : '',
  };
}

async function insertRows(db: Kysely<Database>, kind: ItemKind, records: readonly IndexRecord<OrderFields>[]) {
  await insertSearchRows(
    db,
    kind,
    records.map((record) => searchRowOf(kind, record)),
  );
  await insertSpecValues(db, kind, records);
}

async function insertSearchRows(db: Kysely<Database>, kind: ItemKind, searchRows: readonly CatalogueSearchTable[]) {
  const words = new Set<string>();
  for (const row of searchRows) for (const word of correctableWordsOf(row.all_text)) words.add(word);
  const wordRows = [...words].map((word) => ({ kind, word }));

  for (let start = 0; start < searchRows.length; start += ROWS_PER_INSERT)
    await db
      .insertInto('catalogue_search')
      .values(searchRows.slice(start, start + ROWS_PER_INSERT))
      .execute();
  await writePrices(db, searchRows);
  // The words only grow until the next whole build, as an in-memory index's do: a word no item has
  // any more can be offered as a correction, finds nothing, and costs nothing.
  for (let start = 0; start < wordRows.length; start += ROWS_PER_INSERT)
    await db
      .insertInto('catalogue_search_words')
      .values(wordRows.slice(start, start + ROWS_PER_INSERT))
      .onConflict((conflict) => conflict.columns(['kind', 'word']).doNothing())
      .execute();
}

async function insertSpecValues(db: Kysely<Database>, kind: ItemKind, records: readonly IndexRecord<OrderFields>[]) {
  const specRows = records.flatMap(({ id, specs }) => {
    // Keys and unit families already seen on this item: a later row of one is not what a list reads.
    const seen = new Set<string>();
    return specs.flatMap((spec, position) => {
      const slug = specKeySlug(spec.key);
      if (slug === '' || !Number.isFinite(spec.number)) return [];
      const keyAndFamily = `${slug} ${spec.unit === null ? '' : specUnitFamily(spec.unit)}`;
      const first = !seen.has(keyAndFamily);
      seen.add(keyAndFamily);
      return [
        {
          item_id: id,
          position,
          kind,
          slug,
          spec_key: spec.key,
          number: spec.number,
          unit: spec.unit,
          first_of_family: first,
        },
      ];
    });
  });
  for (let start = 0; start < specRows.length; start += ROWS_PER_INSERT)
    await db
      .insertInto('catalogue_spec_values')
      .values(specRows.slice(start, start + ROWS_PER_INSERT))
      .execute();
}

/**
 * The ids of `rows` whose stored search row is the same in every column but the price, which is
 * not read from it (decision 086): their rows are left as they are. A price list of 1,000 parts
 * gave each row a new version, which no longer fitted on its page and so put every trigram of the
 * item into three indexes again, while every save waited for it.
 */
async function unchangedApartFromPrice(
  trx: Kysely<Database>,
  rows: readonly CatalogueSearchTable[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const same = (Object.keys(rows[0]!) as (keyof CatalogueSearchTable)[])
    .filter((column) => column !== 'item_id' && column !== 'price_order')
    .map((column) => sql`s.${sql.ref(column)} is not distinct from v.${sql.ref(column)}`);
  // Each row typed by the table's own row type.
  const unchanged = await sql<{ item_id: string }>`select s.item_id from catalogue_search s
    join jsonb_populate_recordset(null::catalogue_search, ${JSON.stringify(rows)}::jsonb) v on v.item_id = s.item_id
    where ${sql.join(same, sql` and `)}`.execute(trx);
  return new Set(unchanged.rows.map((row) => row.item_id));
}

/** Gives the items `select` reads (item id, price order) their price order; a row that holds it already is left as it is. */
async function upsertPrices(db: Kysely<Database>, select: RawBuilder<unknown>): Promise<void> {
  await sql`insert into catalogue_search_prices (item_id, price_order) ${select}
    on conflict (item_id) do update set price_order = excluded.price_order
    where catalogue_search_prices.price_order is distinct from excluded.price_order`.execute(db);
}

/** Gives the items of `rows` their price order. */
async function writePrices(
  db: Kysely<Database>,
  rows: readonly Pick<CatalogueSearchTable, 'item_id' | 'price_order'>[],
) {
  for (let start = 0; start < rows.length; start += PRICES_PER_WRITE) {
    const slice = rows.slice(start, start + PRICES_PER_WRITE);
    const ids = slice.map((row) => row.item_id);
    const prices = slice.map((row) => row.price_order);
    await upsertPrices(db, sql`select * from unnest(${ids}::text[], ${prices}::double precision[])`);
  }
}

/**
 * Copies into catalogue_search_prices the prices of the search rows an older release caught up
 * after `from` (every row when unknown): it wrote them whole, price included, and knows nothing of
 * this table.
 */
async function copyPricesCaughtUpElsewhere(trx: Kysely<Database>, from: number | null, to: number): Promise<void> {
  const changed = from === null || from < 0 ? 'everything' : (await catalogueChangesBetween(trx, from, to)).items;
  const ids = changed === 'everything' ? null : [...changed];
  if (ids !== null && ids.length === 0) return;
  const named = ids === null ? sql`true` : sql`s.item_id = any(${ids}::text[])`;
  const namedPrices = ids === null ? sql`true` : sql`p.item_id = any(${ids}::text[])`;
  await upsertPrices(trx, sql`select s.item_id, s.price_order from catalogue_search s where ${named}`);
  await sql`delete from catalogue_search_prices p
    where ${namedPrices} and not exists (select 1 from catalogue_search s where s.item_id = p.item_id)`.execute(trx);
}

/** Items read at a time: a whole build must not hold a large catalogue in memory at once. */
const ITEMS_PER_READ = 1000;

async function rebuildAll(trx: Kysely<Database>): Promise<void> {
  // The planner must know the new rows' numbers, or it joins 25,000 rows as if they were 60.
  const analyze = () =>
    sql`analyze catalogue_search, catalogue_search_prices, catalogue_spec_values, catalogue_search_words`.execute(trx);
  await trx.deleteFrom('catalogue_search').execute();
  await trx.deleteFrom('catalogue_search_prices').execute();
  await trx.deleteFrom('catalogue_spec_values').execute();
  await trx.deleteFrom('catalogue_search_words').execute();
  for (const kind of KINDS) {
    let after = '';
    for (;;) {
      const ids = (
        await trx
          .selectFrom('items')
          .select('id')
          .where('kind', '=', kind)
          .where('id', '>', after)
          .orderBy('id')
          .limit(ITEMS_PER_READ)
          .execute()
      ).map((row) => row.id);
      if (ids.length === 0) break;
      await insertRows(trx, kind, await recordsOf(trx, kind, ids));
      after = ids[ids.length - 1]!;
    }
  }
  await analyze();
}

/**
 * The numeric specification rows of the item of search row `s`, as JSON text of [slug, number,
 * unit, spelling] in its order: as the row before a revision keeps them, and as DatabaseList
 * compares them with now. Rows of another release (spelling missing, or present where it compares
 * whole rows) only ever look changed: a cached answer is then answered again, never kept wrongly.
 */
export const SEARCH_ROW_SPEC_ROWS: RawBuilder<string> = sql<string>`coalesce((select json_agg(
    json_build_array(v.slug, v.number, v.unit, v.spec_key) order by v.position)
  from catalogue_spec_values v where v.item_id = s.item_id), '[]')::text`;

/**
 * The search rows, each with its price order (decision 086), read as PRICE_ORDER: a row of an
 * older release's write has no price of its own yet until the next catch-up copies it.
 */
export const SEARCH_ROWS_WITH_PRICES: RawBuilder<unknown> = sql`catalogue_search s
  left join catalogue_search_prices p on p.item_id = s.item_id`;
export const PRICE_ORDER: RawBuilder<number> = sql<number>`coalesce(p.price_order, s.price_order)`;

/**
 * The items a revision changed, or everything. The write that made it also knows its kind: a spare
 * part's or a service's change reaches no parts that fit it; and which of them it gave a new price
 * alone (CatalogueChange.repriced).
 */
export type WrittenItems = { kind?: ItemKind; items: readonly string[]; repriced?: readonly string[] } | 'everything';

async function refreshItems(
  trx: Kysely<Database>,
  changed: ReadonlySet<string>,
  revision: number,
  kind: ItemKind | undefined,
  repriced: ReadonlySet<string>,
): Promise<void> {
  // A renamed machine changes the words that find the parts that fit it; a write of spare parts or
  // services changes no machine.
  const fitting = kind === undefined || kind === 'machine' ? await partIdsFitting(trx, [...changed]) : [];
  const ids = [...new Set([...changed, ...fitting])];
  for (let start = 0; start < ids.length; start += ROWS_PER_INSERT) {
    const slice = ids.slice(start, start + ROWS_PER_INSERT);
    // What cached searches and list pages saw of these items until now (DatabaseList's survivors);
    // an item without a row yet is recorded too, so that no row at all means "not known".
    // Its category, fits and specification rows too (null when its row does not record its fits),
    // for pages of narrowed and filtered lists.
    await sql`insert into catalogue_search_before
        (revision, item_id, kind, code, name_text, description_text, fits_text, sort_key, price_order, featured,
          category, fits_ids, spec_rows)
      select ${revision}, ids.id, s.kind, s.code, s.name_text, s.description_text, s.fits_text,
        s.sort_key, ${PRICE_ORDER}, s.featured, s.category, s.fits_ids,
        case when s.fits_ids is null then null else ${SEARCH_ROW_SPEC_ROWS} end
      from unnest(${slice}::text[]) as ids(id) left join (${SEARCH_ROWS_WITH_PRICES}) on s.item_id = ids.id
      on conflict (item_id, revision) do nothing`.execute(trx);
    const newPrices = slice.filter((id) => repriced.has(id));
    if (newPrices.length > 0)
      await upsertPrices(
        trx,
        sql`select i.id, coalesce(i.price, 0) from items i
      where i.id = any(${newPrices}::text[])`,
      );
    const rest = slice.filter((id) => !repriced.has(id));
    if (rest.length === 0) continue;
    // Read, not taken from the change: a machine's deletion also changes the parts that fitted it.
    // A deleted item is in no kind's records, and so gets no row again.
    const kinds = await trx.selectFrom('items').select(['id', 'kind']).where('id', 'in', rest).execute();
    const records = new Map<ItemKind, IndexRecord<OrderFields>[]>();
    for (const each of KINDS) {
      const ofKind = kinds.filter((row) => row.kind === each).map((row) => row.id);
      if (ofKind.length > 0) records.set(each, await recordsOf(trx, each, ofKind));
    }
    const rows = [...records].flatMap(([each, ofKind]) => ofKind.map((record) => searchRowOf(each, record)));
    const kept = await unchangedApartFromPrice(trx, rows);
    const rewritten = rest.filter((id) => !kept.has(id));
    if (rewritten.length > 0) {
      await trx.deleteFrom('catalogue_search').where('item_id', 'in', rewritten).execute();
      await trx.deleteFrom('catalogue_search_prices').where('item_id', 'in', rewritten).execute();
    }
    await writePrices(
      trx,
      rows.filter((row) => kept.has(row.item_id)),
    );
    await trx.deleteFrom('catalogue_spec_values').where('item_id', 'in', rest).execute();
    for (const [each, ofKind] of records) {
      await insertSearchRows(
        trx,
        each,
        rows.filter((row) => row.kind === each && !kept.has(row.item_id)),
      );
      await insertSpecValues(trx, each, ofKind);
    }
  }
}

/** The items changed after revision `from` up to `to`, as recorded (of no one kind). */
async function changedItems(trx: Kysely<Database>, from: number, to: number): Promise<WrittenItems> {
  const { items } = await catalogueChangesBetween(trx, from, to);
  return items === 'everything' ? items : { items: [...items] };
}

/**
 * Brings the search tables to catalogue revision `to` (the current one when absent) inside `trx`.
 * The state row's lock orders the writers and readers doing it; each applies the changes recorded
 * since the revision the tables are at, so a write by an older release is caught up too.
 */
export async function catchUpCatalogueSearch(
  trx: Kysely<Database>,
  to?: number,
  written?: WrittenItems,
): Promise<void> {
  const state = await trx
    .selectFrom('catalogue_search_state')
    .select(['revision', 'prices_at'])
    .where('id', '=', 1)
    .forUpdate()
    .executeTakeFirst();
  const at = state ? Number(state.revision) : -1;
  const pricesAt = state?.prices_at === null || state?.prices_at === undefined ? null : Number(state.prices_at);
  const target = to ?? (await readCatalogueRevision(trx));
  const pricesBehind = at >= 0 && (pricesAt === null || pricesAt < at);
  if (at >= target && !pricesBehind) return;
  if (pricesBehind) await copyPricesCaughtUpElsewhere(trx, pricesAt, at);
  if (at >= target) return setSearchTablesRevision(trx, at);
  let changed: WrittenItems;
  if (at < 0) changed = 'everything';
  // The write that moved the revision says what it changed: it is not read back. Every statement
  // after the revision's bump holds up the next save, which waits for its row.
  else if (written !== undefined && at === target - 1) changed = written;
  else changed = await changedItems(trx, at, target);
  if (changed === 'everything') await rebuildAll(trx);
  else if (changed.items.length > 0)
    await refreshItems(trx, new Set(changed.items), target, changed.kind, new Set(changed.repriced));
  if (isPruningRevision(target)) {
    await trx
      .deleteFrom('catalogue_search_before')
      .where('revision', '<=', target - CATALOGUE_CHANGES_KEPT)
      .execute();
  }
  await setSearchTablesRevision(trx, target);
}

async function setSearchTablesRevision(trx: Kysely<Database>, revision: number): Promise<void> {
  await trx
    .insertInto('catalogue_search_state')
    .values({ id: 1, revision, prices_at: revision })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ revision, prices_at: revision }))
    .execute();
}

/**
 * The revision the search tables are at (-1: never built): the prices' when an older release
 * caught up the rows after them (decision 086), so that a reader copies their prices first.
 */
async function searchTablesRevision(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('catalogue_search_state')
    .select(['revision', 'prices_at'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) return -1;
  return Math.min(Number(row.revision), row.prices_at === null ? -1 : Number(row.prices_at));
}

/**
 * `read` of the search tables, with the revision they held throughout it: null when a catch-up
 * committed while it ran, as its statements may then have seen two revisions. What is carried to
 * a later revision must know the revision it was read at, not the one it was asked for.
 */
export async function readAtOneRevision<T>(
  db: Kysely<Database>,
  read: () => Promise<T>,
): Promise<{ value: T; at: number | null }> {
  const before = await searchTablesRevision(db);
  const value = await read();
  // Revisions only grow: the same number after means no catch-up committed in between.
  return { value, at: (await searchTablesRevision(db)) === before ? before : null };
}

/** Per database handle, the newest revision the tables were seen at: revisions only grow. */
const seenAt = new WeakMap<Kysely<Database>, number>();

/**
 * Makes sure the search tables are at least at `revision` before a read answers from them: one
 * query per revision and handle, not one per request.
 */
export async function searchTablesAt(db: Kysely<Database>, revision: number): Promise<void> {
  if ((seenAt.get(db) ?? -1) >= revision) return;
  let at = await searchTablesRevision(db);
  if (at < revision) {
    await db.transaction().execute((trx) => catchUpCatalogueSearch(trx));
    at = revision;
  }
  if (at > (seenAt.get(db) ?? -1)) seenAt.set(db, at);
}
