import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { compareNames, type SparePartListEntry } from '@capstan/shared';
import { buildApp } from '../../src/app';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import type { Database } from '../../src/db/schema';
import { createImageStore } from '../../src/modules/images/create-image-store';
import { compareIndexOrder } from '../../src/modules/catalogue/list-index';
import { catalogueListIndexes } from '../../src/modules/catalogue/catalogue-list-indexes';
import { catalogueLists } from '../../src/modules/catalogue/catalogue-lists';
import { readCatalogueRevision } from '../../src/modules/catalogue/catalogue-revision.repository';
import { catchUpCatalogueSearch } from '../../src/modules/catalogue/catalogue-search.repository';
import { bumpCatalogueRevision } from '../../src/modules/catalogue/catalogue-revision-bump';
import { insertItem } from '../../src/modules/catalogue/catalogue.repository';
import { VALUE_IN_BASE_UNIT } from '../../src/modules/catalogue/database-list';
import {
  LIST_PAGE_LIMIT,
  type ListQuery,
  SPEC_UNITS,
  type Specification,
  specBaseFactor,
  specKeySlug,
} from '@capstan/shared';
import { createMachine, createPart, sendForm } from '../helpers/items';
import { multipart } from '../helpers/multipart';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * On PostgreSQL the lists are answered by the database's search tables (decision 069): a second
 * instance on the same database, with nothing of its own in memory, sees every write at once.
 */
let a: TestApp;
let token: string;
let b: { app: Awaited<ReturnType<typeof buildApp>>; database: DatabaseHandle; close: () => Promise<void> };

const list = async (url: string) => {
  const response = await b.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SparePartListEntry[];
};
const namesOf = (entries: readonly { name: string }[]) => entries.map((entry) => entry.name);

/** What a write of a spare part leaves besides the item: the revision moved, and what it changed recorded. */
async function recordChange(trx: Kysely<Database>, partId: string): Promise<number> {
  const { revision } = await trx
    .updateTable('catalogue_revision')
    .set((eb) => ({ revision: eb('revision', '+', 1) }))
    .where('id', '=', 1)
    .returning('revision')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('catalogue_changes')
    .values({ revision, change: JSON.stringify({ kind: 'spare', items: [partId], featured: false }) })
    .execute();
  return Number(revision);
}

beforeAll(async () => {
  a = await createTestApp();
  token = await a.login();
  const database = createDatabase(a.config);
  const images = await createImageStore(a.config.imageStore);
  const app = await buildApp({ config: a.config, database, images });
  await app.ready();
  b = {
    app,
    database,
    close: async () => {
      await app.close();
      await images.close();
      await database.destroy();
    },
  };
});

afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('the lists on PostgreSQL', () => {
  it('find a part created through another instance at once, in search, list pages, facets and chat', async () => {
    await list('/api/spareparts?q=anything');
    const part = await createPart(a, token, { name: 'Indexing Plunger IP-12', code: 'IP-12' });
    expect(namesOf(await list('/api/spareparts?q=plunger'))).toEqual(['Indexing Plunger IP-12']);
    expect(namesOf(await list('/api/spareparts?q=ip12'))).toEqual(['Indexing Plunger IP-12']);
    expect(namesOf(await list('/api/spareparts?q=plungr'))).toEqual(['Indexing Plunger IP-12']);
    expect(namesOf(await list('/api/spareparts'))).toContain('Indexing Plunger IP-12');
    const facets = await b.app.inject({ method: 'GET', url: '/api/catalogue/facets?kind=spare&q=plunger' });
    expect(facets.json()).toMatchObject({ total: 1 });
    const chat = await b.app.inject({ method: 'GET', url: '/api/chat/items?q=price of IP 12' });
    expect(chat.json()).toMatchObject({ match: 'code', items: [{ id: part.id }] });

    const rows = await sql<{
      n: string;
    }>`select count(*) as n from catalogue_search where item_id = ${part.id}`.execute(b.database.db);
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });

  it('drop a deleted item from every instance, and its rows from the search tables', async () => {
    const part = await createPart(a, token, { name: 'Tailstock Quill TQ-7' });
    expect(namesOf(await list('/api/spareparts?q=quill'))).toEqual(['Tailstock Quill TQ-7']);
    const removed = await a.app.inject({ method: 'DELETE', url: `/api/spareparts/${part.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(204);
    // Another instance notices a new catalogue revision within a second (its cached answers until then).
    await expect.poll(() => list('/api/spareparts?q=quill'), { timeout: 2000 }).toEqual([]);
    for (const table of ['catalogue_search', 'catalogue_spec_values'] as const) {
      const rows = await b.database.db.selectFrom(table).select('item_id').where('item_id', '=', part.id).execute();
      expect(rows).toEqual([]);
    }
  });

  it('find the parts of a renamed machine by its new name', async () => {
    const machine = await createMachine(a, token, { name: 'Turret Lathe TL-40', code: 'TL-40' });
    await createPart(a, token, { name: 'Turret Index Pin', fits: JSON.stringify([machine.id]) });
    expect(namesOf(await list('/api/spareparts?q=tl-40'))).toContain('Turret Index Pin');
    const renamed = await sendForm(a, token, 'PUT', `/api/products/${machine.id}`, { name: 'Bar Turret Lathe BT-45' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(namesOf(await list('/api/spareparts?q=bt-45'))).toContain('Turret Index Pin');
  });

  it('keep finding the parts of a deleted machine, which no longer fit it', async () => {
    const machine = await createMachine(a, token, { name: 'Retired Lathe RL-9', code: 'RL-9' });
    await createPart(a, token, { name: 'Retired Lathe Gib Strip', fits: JSON.stringify([machine.id]) });
    expect(namesOf(await list('/api/spareparts?q=rl-9'))).toEqual(['Retired Lathe Gib Strip']);
    const removed = await a.app.inject({
      method: 'DELETE',
      url: `/api/products/${machine.id}`,
      headers: bearer(token),
    });
    expect(removed.statusCode).toBe(204);
    // The machine's deletion rewrote the part's search row: found by its own name, not the machine's code.
    await expect.poll(() => list('/api/spareparts?q=rl-9').then(namesOf), { timeout: 2000 }).toEqual([]);
    expect(namesOf(await list('/api/spareparts?q=gib strip'))).toEqual(['Retired Lathe Gib Strip']);
    expect(namesOf(await list('/api/spareparts?limit=100&q=retired'))).toEqual(['Retired Lathe Gib Strip']);
  });

  it('catch up a write by an older release, which does not know the search tables', async () => {
    const part = await createPart(a, token, { name: 'Chuck Key CK-3' });
    // What an older release's write leaves: the item changed, the revision moved and recorded.
    await a.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ name: 'Chuck Spanner CS-3' }).where('id', '=', part.id).execute();
      await recordChange(trx, part.id);
    });
    expect(namesOf(await list('/api/spareparts?q=spanner'))).toEqual(['Chuck Spanner CS-3']);
    expect(await list('/api/spareparts?q=chuck key')).toEqual([]);
    const [state, revision] = await Promise.all([
      b.database.db.selectFrom('catalogue_search_state').select('revision').executeTakeFirstOrThrow(),
      b.database.db.selectFrom('catalogue_revision').select('revision').executeTakeFirstOrThrow(),
    ]);
    expect(Number(state.revision)).toBe(Number(revision.revision));
  });

  it('give a part a new price in its own narrow row, its search row left as it is, and page by price from it', async () => {
    const prices = { 'Reprice Alpha': '300', 'Reprice Bravo': '100', 'Reprice Charlie': '200' };
    const ids = new Map<string, string>();
    for (const [name, price] of Object.entries(prices)) ids.set(name, (await createPart(a, token, { name, price })).id);
    const alpha = ids.get('Reprice Alpha')!;
    // A new price written and caught up in one transaction, which reads its session's counts of row
    // changes before and after the catch-up (they may hold earlier transactions' not yet reported).
    const counts = await a.database.db.transaction().execute(async (trx) => {
      const read = async () => {
        const { rows } = await sql<{ table: string; updated: string; deleted: string; inserted: string }>`select
            c.relname as table, pg_stat_get_xact_tuples_updated(c.oid) as updated,
            pg_stat_get_xact_tuples_deleted(c.oid) as deleted, pg_stat_get_xact_tuples_inserted(c.oid) as inserted
          from pg_class c where c.relname in ('catalogue_search', 'catalogue_search_prices')
          order by c.relname`.execute(trx);
        return rows.flatMap(({ table, ...counts }) =>
          Object.entries(counts).map(([key, value]) => [`${table} ${key}`, Number(value)] as const),
        );
      };
      const before = await read();
      await trx.updateTable('items').set({ price: 50 }).where('id', '=', alpha).execute();
      const revision = await recordChange(trx, alpha);
      await catchUpCatalogueSearch(trx, revision, { kind: 'spare', items: [alpha] });
      const after = await read();
      return Object.fromEntries(after.map(([key, value], at) => [key, value - before[at]![1]]));
    });
    // The wide row, with its keys in every trigram index, is not written at all.
    expect(counts).toEqual({
      'catalogue_search updated': 0,
      'catalogue_search deleted': 0,
      'catalogue_search inserted': 0,
      'catalogue_search_prices updated': 1,
      'catalogue_search_prices deleted': 0,
      'catalogue_search_prices inserted': 0,
    });
    expect(namesOf(await list('/api/spareparts?q=reprice&sort=price'))).toEqual([
      'Reprice Alpha',
      'Reprice Bravo',
      'Reprice Charlie',
    ]);
    // A new name is a new row: its words change.
    const renamed = await sendForm(a, token, 'PUT', `/api/spareparts/${ids.get('Reprice Bravo')}/full`, {
      name: 'Reprice Zulu',
      price: '10',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(namesOf(await list('/api/spareparts?q=zulu'))).toEqual(['Reprice Zulu']);
    expect(await list('/api/spareparts?q=bravo')).toEqual([]);
    expect(namesOf(await list('/api/spareparts?q=reprice&sort=price'))).toEqual([
      'Reprice Zulu',
      'Reprice Alpha',
      'Reprice Charlie',
    ]);
  });

  it('take a price list into the parts’ price rows alone, and a row that changes more into its search row', async () => {
    const parts = new Map<string, string>();
    for (const [code, price] of [
      ['PL-A', '300'],
      ['PL-B', '100'],
      ['PL-C', '200'],
    ] as const)
      parts.set(code, (await createPart(a, token, { code, name: `Pricelist ${code}`, price })).id);
    const ids = [...parts.values()];
    // A row's xmin is the transaction that wrote its version: the same after, the row was not written.
    const versions = async () => {
      const { rows } = await sql<{ id: string; version: string }>`select item_id as id, xmin::text as version
        from catalogue_search where item_id = any(${ids})`.execute(b.database.db);
      return new Map(rows.map((row) => [row.id, row.version]));
    };
    const before = await versions();
    const send = async (query: string) => {
      const csv = 'code,name,price\nPL-A,Pricelist PL-A,50\nPL-B,Pricelist PL-B,150\nPL-C,Pricelist PL-C Long,250\n';
      const body = await multipart({}, [{ name: 'prices.csv', type: 'text/csv', data: Buffer.from(csv) }], 'file');
      const response = await a.app.inject({
        method: 'POST',
        url: `/api/catalogue-import/spare-parts${query}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const { planId } = (await send('?mode=preview')).json<{ planId: string }>();
    expect((await send(`?mode=apply&planId=${planId}`)).body).toContain('"done"');
    const after = await versions();
    expect(after.get(parts.get('PL-A')!)).toBe(before.get(parts.get('PL-A')!));
    expect(after.get(parts.get('PL-B')!)).toBe(before.get(parts.get('PL-B')!));
    expect(after.get(parts.get('PL-C')!)).not.toBe(before.get(parts.get('PL-C')!));
    const page = await catalogueLists(b.database.db).spares.page(
      await readCatalogueRevision(b.database.db),
      { current: true },
      { q: 'pricelist', sort: 'price', offset: 0, limit: LIST_PAGE_LIMIT },
      {},
    );
    expect(page.items.map((entry) => [entry.name, entry.price])).toEqual([
      ['Pricelist PL-A', 50],
      ['Pricelist PL-B', 150],
      ['Pricelist PL-C Long', 250],
    ]);
  });

  it('order by the prices an older release caught up into the search rows alone', async () => {
    const alpha = await createPart(a, token, { name: 'Elder Alpha', price: '100' });
    await createPart(a, token, { name: 'Elder Bravo', price: '50' });
    expect(namesOf(await list('/api/spareparts?q=elder&sort=price'))).toEqual(['Elder Bravo', 'Elder Alpha']);
    // What an older release's write and catch-up leave: the price in the search row, and the
    // tables at the new revision with no word of catalogue_search_prices.
    const revision = await a.database.db.transaction().execute(async (trx) => {
      await trx.updateTable('items').set({ price: 10 }).where('id', '=', alpha.id).execute();
      const moved = await recordChange(trx, alpha.id);
      await trx.updateTable('catalogue_search').set({ price_order: 10 }).where('item_id', '=', alpha.id).execute();
      await trx.updateTable('catalogue_search_state').set({ revision: moved }).where('id', '=', 1).execute();
      return moved;
    });
    // Asked of the list itself: instance B's cache would notice the new revision within a second.
    const listed = namesOf(
      (
        await catalogueLists(b.database.db).spares.page(
          revision,
          { current: true },
          { q: 'elder', sort: 'price', offset: 0, limit: LIST_PAGE_LIMIT },
          {},
        )
      ).items,
    );
    const { price_order } = await b.database.db
      .selectFrom('catalogue_search_prices')
      .select('price_order')
      .where('item_id', '=', alpha.id)
      .executeTakeFirstOrThrow();
    expect(Number(price_order)).toBe(10);
    expect(listed).toEqual(['Elder Alpha', 'Elder Bravo']);
  });

  it('page by SPEC §5’s name order in the database: numbers by value, case and accents ignored', async () => {
    const names = [
      'Gib',
      'GIB',
      'Gib 10',
      'gib 9',
      'Gib 9a',
      'Gib-2',
      'Gib 02',
      'Gíb 3',
      'GIB (4)',
      'Gib/5',
      'Gib 100',
      'Gib_1',
    ];
    for (const name of names) await createPart(a, token, { name, description: 'for the page order test' });
    const expected = [...names].sort((x, y) => compareIndexOrder({ name: x, id: '' }, { name: y, id: '' }));
    const pages = [
      ...(await list('/api/spareparts?q=page order test&limit=4&offset=0')),
      ...(await list('/api/spareparts?q=page order test&limit=4&offset=4')),
      ...(await list('/api/spareparts?q=page order test&limit=4&offset=8')),
    ];
    expect(namesOf(pages)).toEqual(expected);
    // The whole list's first page (`limit=100` is the default) was cached by B in an earlier test:
    // B notices the new revision within a second and serves its cached page until then.
    const firstPage = async () =>
      namesOf(await list('/api/spareparts?limit=100')).filter((name) => names.includes(name));
    await expect.poll(firstPage, { timeout: 2000 }).toEqual(expected);
    const all = await firstPage();
    expect([...all].sort(compareNames)).toEqual(all);
  });

  it('rank and count every search as the in-memory index does, in every order', async () => {
    const machine = await createMachine(a, token, { name: 'All-Geared Capstan NX-25', code: 'NX-25' });
    const parts: Record<string, string>[] = [
      { name: 'Spring Collet 25 mm', code: 'NX25-COL-25', description: 'Hardened collet for bar work.' },
      { name: 'Collet Chuck Body', code: 'CCB-1', description: 'Holds the spring collet (see NX-25).' },
      { name: 'Colet Adaptor', code: 'CA-7', description: 'A misspelt name on purpose.' },
      { name: 'Gear Pair', code: 'GP-9', description: 'Spindle drive gears.', fits: JSON.stringify([machine.id]) },
      { name: 'Bush 12 mm', code: 'B-12', description: 'Phosphor bronze bush; part 21 of the set.' },
      { name: 'Part 21 Washer', code: 'W-21', description: 'Flat washer.' },
      { name: 'Sub-Spindle (IP67) Seal', code: 'SS-IP67', description: 'Seal kit: o-rings_and wipers.' },
      {
        name: 'Oil Seal',
        code: 'OS-3',
        description: 'For the all-geared headstock.',
        fits: JSON.stringify([machine.id]),
      },
    ];
    for (const [index, fields] of parts.entries())
      await createPart(a, token, { price: String(1000 + ((index * 7919) % 13) * 100), ...fields });
    const queries = [
      'collet',
      'colet',
      'colllet',
      'nx25',
      'nx-25',
      'NX25-COL',
      'nx 25',
      'gear',
      'geared',
      'all-geared',
      'bush 12',
      'part 1',
      'part 21',
      'ip67',
      'sub spindle',
      'spindle seal',
      'o-rings',
      'wipers',
      'seal kit',
      '(ip67)',
      'x',
      '12',
      'capstan',
      'capstn',
    ];
    const revision = await readCatalogueRevision(b.database.db);
    const memory = catalogueListIndexes(b.database.db).spares;
    const database = catalogueLists(b.database.db).spares;
    const mismatches: string[] = [];
    for (const q of queries) {
      // The facets count what a search matches without ranking it.
      const { index } = await memory.serve(revision, { current: true });
      const counted = await database.facets(revision, { current: true }, { q }, {}, { perCategory: false });
      if (counted.total !== index.matching({ q, sort: 'name' }).length)
        mismatches.push(`${q} (facets): ${counted.total} vs ${index.matching({ q, sort: 'name' }).length}`);
      for (const sort of ['name', 'price', 'featured'] as const) {
        // The first page, and a page further on (the database answers both from one ranked read).
        for (const [offset, limit] of [
          [0, LIST_PAGE_LIMIT],
          [1, 2],
        ] as const) {
          const query: ListQuery = { q, sort, offset, limit };
          const expected = (await memory.serve(revision, { current: true })).index.select(query);
          const got = await database.page(revision, { current: true }, query, {});
          const ids = (entries: readonly { id: string }[]) => entries.map((entry) => entry.id).join(',');
          if (ids(got.items) !== ids(expected.items) || got.total !== expected.total)
            mismatches.push(`${q} (${sort}, from ${offset}): ${got.total} vs ${expected.total}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('keep a search past edits that leave its page and total as they were, whatever it finds', async () => {
    const names = ['Quillon Alpha', 'Quillon Bravo', 'Quillon Charlie', 'Quillon Delta', 'Quillon Echo'];
    const parts = new Map<string, string>();
    for (const name of names) parts.set(name, (await createPart(a, token, { name, price: '100' })).id);
    const database = catalogueLists(b.database.db).spares;
    const edit = async (name: string, fields: Record<string, string>) => {
      const response = await sendForm(a, token, 'PUT', `/api/spareparts/${parts.get(name)}/full`, fields);
      expect(response.statusCode, response.body).toBe(200);
    };
    /** The first two of the search's five, found now; then whether that answer holds after `write`. */
    const keptAfter = async (write: () => Promise<unknown>, query: Partial<ListQuery> = {}) => {
      const found = await readCatalogueRevision(b.database.db);
      const answer = await database.page(
        found,
        { current: true },
        { q: 'quillon', sort: 'name', offset: 0, limit: 2, ...query },
        {},
      );
      await write();
      return answer.survives!(await readCatalogueRevision(b.database.db));
    };

    // Found before and after, and after the page's end before and after: the same page and total.
    expect(await keptAfter(() => edit('Quillon Echo', { price: '250' }))).toBe(true);
    expect(await keptAfter(() => edit('Quillon Delta', { name: 'Quillon Delta II' }))).toBe(true);
    // In the page, or moved into it, or found by the search's rank where a filter also decides.
    expect(await keptAfter(() => edit('Quillon Bravo', { price: '300' }))).toBe(false);
    expect(await keptAfter(() => edit('Quillon Echo', { name: 'Quillon Aardvark' }))).toBe(false);
    expect(
      await keptAfter(() => edit('Quillon Charlie', { price: '120' }), {
        f: [{ slug: 'bar-capacity', min: 0, max: 100 }],
      }),
    ).toBe(false);
    // Found no more, or found newly: the total moves.
    expect(await keptAfter(() => edit('Quillon Charlie', { name: 'Plain Charlie' }))).toBe(false);
    expect(await keptAfter(() => createPart(a, token, { name: 'Quillon Zulu' }))).toBe(false);
    // Neither before nor after: kept, as before this rule.
    expect(await keptAfter(() => createPart(a, token, { name: 'Unrelated Tang' }))).toBe(true);
    // The search as a page further on: the first two are up to its end too.
    expect(await keptAfter(() => edit('Quillon Alpha', { price: '900' }), { offset: 2, limit: 2 })).toBe(false);
  });

  it("keep a machine's parts page past an edit to a part that does not fit it, unless its row does not say what it fitted", async () => {
    const machine = await createMachine(a, token, { name: 'Older Row Lathe' });
    await createPart(a, token, { name: 'Aaa Older Row Bush', code: 'ORB-1', fits: JSON.stringify([machine.id]) });
    const loose = await createPart(a, token, { name: 'Older Row Loose Pin', code: 'ORB-2' });
    const parts = catalogueLists(b.database.db).spares;
    const keptAfterEdit = async (price: string) => {
      const answer = await parts.page(
        await readCatalogueRevision(a.database.db),
        { current: true },
        { q: '', sort: 'name', offset: 0, limit: 5 },
        { fits: machine.id },
      );
      expect(namesOf(answer.items)).toEqual(['Aaa Older Row Bush']);
      const response = await sendForm(a, token, 'PUT', `/api/spareparts/${loose.id}/full`, { price });
      expect(response.statusCode, response.body).toBe(200);
      return answer.survives!(await readCatalogueRevision(a.database.db));
    };
    // A search row an older release built records no fits: the edit may have taken the part out.
    await a.database.db
      .updateTable('catalogue_search')
      .set({ fits_ids: null })
      .where('item_id', '=', loose.id)
      .execute();
    expect(await keptAfterEdit('11')).toBe(false);
    // The edit built the row again, fits and all.
    expect(await keptAfterEdit('12')).toBe(true);
  });

  it('count the whole list again only after a revision that added or removed an item', async () => {
    const counts: string[] = [];
    const pool = new pg.Pool({ connectionString: a.config.databaseUrl, max: 2 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query' && event.query.sql.startsWith('select count(*) as total'))
          counts.push(event.query.sql);
      },
    });
    try {
      const parts = catalogueLists(db).spares;
      const totalNow = async () => {
        const page = await parts.page(
          await readCatalogueRevision(db),
          { current: true },
          { q: '', sort: 'name', offset: 0, limit: 2 },
          {},
        );
        return page.total;
      };
      const first = await totalNow();
      expect(counts).toHaveLength(1);
      const part = await createPart(a, token, { name: 'Counted Spacer' });
      expect(await totalNow()).toBe(first + 1);
      expect(counts).toHaveLength(2);
      const edited = await sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { price: '55' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(await totalNow()).toBe(first + 1);
      expect(counts).toHaveLength(2);
      const removed = await b.app.inject({
        method: 'DELETE',
        url: `/api/spareparts/${part.id}`,
        headers: bearer(token),
      });
      expect(removed.statusCode, removed.body).toBeLessThan(300);
      expect(await totalNow()).toBe(first);
      expect(counts).toHaveLength(3);
    } finally {
      await db.destroy();
    }
  });

  it("count a machine's parts in a range, and read the list's keys, again only after a revision that changes them", async () => {
    const counts: string[] = [];
    const keyReads: string[] = [];
    const pool = new pg.Pool({ connectionString: a.config.databaseUrl, max: 2 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level !== 'query') return;
        if (event.query.sql.startsWith('select count(*) as total')) counts.push(event.query.sql);
        if (event.query.sql.includes('group by v.slug, v.spec_key, v.unit')) keyReads.push(event.query.sql);
      },
    });
    try {
      const machine = await createMachine(a, token, { name: 'Ferrule Lathe' });
      const fits = JSON.stringify([machine.id]);
      const bore = (spelling: string, millimetres: number) =>
        JSON.stringify([
          { key: spelling, number: millimetres, unit: 'mm' },
          { key: 'Material', value: 'Brass' },
        ]);
      // Two rows of each spelling: the list shows the spelling of the first part in name order.
      const part = (name: string, spelling: string, millimetres: number) =>
        createPart(a, token, { name: `${name} Ferrule Sleeve`, fits, specifications: bore(spelling, millimetres) });
      const first = await part('Aaa', 'Ferrule Bore', 25);
      await part('Bbb', 'FERRULE BORE', 28);
      await part('Ccc', 'Ferrule Bore', 22);
      const fourth = await part('Ddd', 'FERRULE BORE', 26);
      const range = { slug: specKeySlug('Ferrule Bore'), min: 20, max: 30 };
      const parts = catalogueLists(db).spares;
      const read = async () => {
        const revision = await readCatalogueRevision(db);
        const countsBefore = counts.length;
        // The whole list first, as a visitor reaches the machine's parts: each list's count is carried.
        await parts.page(revision, { current: true }, { q: '', sort: 'name', offset: 0, limit: 5 }, {});
        const page = await parts.page(
          revision,
          { current: true },
          { q: '', sort: 'name', offset: 0, limit: 5, f: [range] },
          { fits: machine.id },
        );
        const counted = counts.length - countsBefore;
        const facets = await parts.facets(
          revision,
          { current: true },
          { q: '', f: [range] },
          { fits: machine.id },
          { perCategory: false },
        );
        const label = facets.specs.find((facet) => facet.slug === range.slug)?.key;
        const names = page.items.map((item) => item.name.replace(' Ferrule Sleeve', ''));
        return { names, total: page.total, counted, label, keyReads: keyReads.length };
      };
      const edit = async (id: string, fields: Record<string, string>) => {
        const response = await sendForm(a, token, 'PUT', `/api/spareparts/${id}/full`, fields);
        expect(response.statusCode, response.body).toBe(200);
      };

      expect(await read()).toEqual({
        names: ['Aaa', 'Bbb', 'Ccc', 'Ddd'],
        total: 4,
        counted: 2,
        label: 'Ferrule Bore',
        keyReads: 1,
      });
      // A rename of a part that is not and does not become the first of its rows: nothing read again.
      await edit(fourth.id, { name: 'Eee Ferrule Sleeve' });
      expect(await read()).toEqual({
        names: ['Aaa', 'Bbb', 'Ccc', 'Eee'],
        total: 4,
        counted: 0,
        label: 'Ferrule Bore',
        keyReads: 1,
      });
      // A number out of the range: counted again; the keys read the same rows.
      await edit(fourth.id, { specifications: bore('FERRULE BORE', 50) });
      expect(await read()).toEqual({
        names: ['Aaa', 'Bbb', 'Ccc'],
        total: 3,
        counted: 1,
        label: 'Ferrule Bore',
        keyReads: 1,
      });
      // The first part in name order renamed past the others: the other spelling leads, read again.
      await edit(first.id, { name: 'Zzz Ferrule Sleeve' });
      expect(await read()).toEqual({
        names: ['Bbb', 'Ccc', 'Zzz'],
        total: 3,
        counted: 0,
        label: 'FERRULE BORE',
        keyReads: 2,
      });
    } finally {
      await db.destroy();
    }
  });

  it('find what a search may match through indexes, never by reading the whole table', async () => {
    await createPart(a, token, { name: 'Deep Groove Bearing 6204', code: 'DGB-6204' });
    // The statements a search sends, as PostgreSQL receives them.
    const sent: CompiledQuery[] = [];
    const pool = new pg.Pool({ connectionString: a.config.databaseUrl, max: 1 });
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool }),
      log: (event) => {
        if (event.level === 'query') sent.push(event.query);
      },
    });
    try {
      const revision = await readCatalogueRevision(db);
      const searches = new Map<string, CompiledQuery>();
      for (const q of ['bearing', 'dgb-62', 'bearing 6204', 'baering']) {
        sent.length = 0;
        await catalogueLists(db).spares.page(
          revision,
          { current: true },
          { q, sort: 'name', offset: 0, limit: 20 },
          {},
        );
        const search = sent.find((query) => query.sql.includes('count(*) over ()'));
        expect(search, q).toBeDefined();
        searches.set(q, search!);
      }
      // The planner reads a table of a few dozen rows whole, index or not: the plans are made with
      // the table as large as a catalogue's (filled in a transaction that is rolled back).
      const plans = await db.connection().execute(async (connection) => {
        await sql`begin`.execute(connection);
        try {
          await sql`insert into catalogue_search
            select (jsonb_populate_record(null::catalogue_search, to_jsonb(s) || jsonb_build_object(
              'item_id', 'filler-' || g, 'code', upper(left(md5(g::text), 8)),
              'all_text', md5(g::text), 'all_compact', md5(g::text)))).*
            from generate_series(1, 2000) g, (select * from catalogue_search where kind = 'spare' limit 1) s`.execute(
            connection,
          );
          // What the fast update of a GIN index keeps pending, the planner prices as a slow read.
          for (const index of ['catalogue_search_all_trgm', 'catalogue_search_compact_trgm'])
            await sql`select gin_clean_pending_list(${index}::regclass)`.execute(connection);
          await sql`analyze catalogue_search`.execute(connection);
          // Sequential and plain index scans priced out, the only way left to read every spare part
          // is a bitmap over the kind's index: the planner takes it only when a branch of the
          // search's `or` has no index of its own.
          await sql`set local enable_seqscan = off`.execute(connection);
          await sql`set local enable_indexscan = off`.execute(connection);
          const plans = new Map<string, string>();
          for (const [q, search] of searches) {
            const explained = await connection.executeQuery<{ 'QUERY PLAN': string }>(
              CompiledQuery.raw(`explain ${search.sql}`, [...search.parameters]),
            );
            plans.set(q, explained.rows.map((row) => row['QUERY PLAN']).join('\n'));
          }
          return plans;
        } finally {
          await sql`rollback`.execute(connection);
        }
      });
      for (const [q, plan] of plans) {
        expect(plan, q).toContain('Bitmap Index Scan on catalogue_search_all_trgm');
        expect(plan, q).not.toMatch(/Seq Scan on catalogue_search|Index Scan on catalogue_search_by_/);
      }
    } finally {
      await db.destroy();
    }
  });
});

describe('specification numbers by value', () => {
  it('converts each unit to its base as specBaseFactor does, and a range reads the index of numbers', async () => {
    const db = a.ctx.db;
    for (const unit of SPEC_UNITS) {
      const { rows } = await sql<{ base: number }>`select ${VALUE_IN_BASE_UNIT} as base
        from (values (2.5::float8, ${unit}::text)) as v(number, unit)`.execute(db);
      expect(Number(rows[0]!.base), unit).toBe(Math.round(2.5 * specBaseFactor(unit) * 1e6) / 1e6);
    }
    // PostgreSQL uses an expression index only for the same expression: had the reader's drifted
    // from the migration's, a range would read every number of the key again.
    const plan = await db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select v.item_id from catalogue_spec_values v
          where v.kind = ${'spare'} and v.slug = ${'bore'} and ${VALUE_IN_BASE_UNIT} >= ${20}`.execute(connection);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
      }
    });
    // The bound is a condition of the index itself, not a filter applied to every row of the key.
    expect(plan).toMatch(
      /using catalogue_spec_values_by_base_value[\s\S]*Index Cond: .*\/ '1000000'::double precision\) >= /,
    );
  });

  it('marks each item’s first row of a key per unit family, and reads a row an older release left unmarked', async () => {
    const db = a.ctx.db;
    const id = randomUUID();
    const spec = (key: string, number: number, unit: Specification['unit']) => ({ key, value: '', number, unit });
    // Staff cannot enter a key twice; an older catalogue or an import of one may hold it.
    await insertItem(
      db,
      id,
      'spare',
      {
        name: 'Stepped Bore Bush',
        description: '',
        featured: false,
        specifications: [
          spec('Bore', 11.5, 'mm'),
          spec('Bore', 1, 'inch'),
          spec('Bore', 3, 'kg'),
          spec('Bore', 26, 'mm'),
        ],
      },
      new Date().toISOString(),
    );
    await bumpCatalogueRevision(db, 'everything');
    expect(namesOf(await list('/api/spareparts?f=bore:11-12'))).toEqual(['Stepped Bore Bush']);
    const flags = await db
      .selectFrom('catalogue_spec_values')
      .select(['position', 'first_of_family'])
      .where('item_id', '=', id)
      .orderBy('position')
      .execute();
    expect(flags.map((row) => row.first_of_family)).toEqual([true, false, true, false]);

    // What an older release writes: rows without the mark. The answers are the same (each range is
    // one not asked before, so it is read from the tables, not remembered).
    await db.updateTable('catalogue_spec_values').set({ first_of_family: null }).where('item_id', '=', id).execute();
    expect(namesOf(await list('/api/spareparts?f=bore:11.4-11.6'))).toEqual(['Stepped Bore Bush']);
    expect(namesOf(await list('/api/spareparts?f=bore:25.3-25.5'))).not.toContain('Stepped Bore Bush');
    expect(namesOf(await list('/api/spareparts?f=bore:25.9-26.1'))).not.toContain('Stepped Bore Bush');
  });
});
