import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AdminSiteSettings,
  ListQuery,
  ListSortable,
  MachineListEntry,
  SparePart,
  SparePartListEntry,
} from '@capstan/shared';
import { catalogueListIndexes } from '../../src/modules/catalogue/catalogue-list-indexes';
import {
  type CatalogueList,
  catalogueLists,
  type ListNarrowing,
  prepareCatalogueLists,
} from '../../src/modules/catalogue/catalogue-lists';
import { catalogueResponseCache } from '../../src/modules/catalogue/catalogue-response-cache';
import { traceRevisionSources } from '../../src/modules/catalogue/public-response-cache';
import {
  CATALOGUE_CHANGES_KEPT,
  catalogueChangesBetween,
  PRUNE_EVERY_REVISIONS,
  readCatalogueRevision,
} from '../../src/modules/catalogue/catalogue-revision.repository';
import { usesSearchTables } from '../../src/modules/catalogue/catalogue-search.repository';
import { createMachine, createPart, sendForm } from '../helpers/items';
import { type SecondInstance, secondInstance } from '../helpers/second-instance';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// What each catalogue write records as changed, and a second instance (B, on its own connection
// to the same database) moving its list index forward by those items alone (decision 067).
let a: TestApp;
let second: SecondInstance;
let secondApp: FastifyInstance;
let token: string;

beforeAll(async () => {
  a = await createTestApp();
  second = await secondInstance(a);
  secondApp = second.app;
  // B notices every revision at once: what is under test is what it does then.
  catalogueResponseCache(second.database.db).setRevisionCheckInterval(0);
  token = await a.login();
});
afterAll(async () => {
  await second.close();
  await a.close();
});

/** Runs `write` and answers what the revisions it made changed. */
async function changedBy(write: () => Promise<unknown>) {
  const before = await readCatalogueRevision(a.ctx.db);
  await write();
  const after = await readCatalogueRevision(a.ctx.db);
  expect(after).toBeGreaterThan(before);
  const { items, answers } = await catalogueChangesBetween(a.ctx.db, before, after);
  return {
    items: items === 'everything' ? items : [...items].sort(),
    answers: answers === 'everything' ? answers : [...answers].sort(),
  };
}

/** A part whose words only these tests use. */
const ownPart = (name: string, code: string, more: Record<string, string> = {}) =>
  createPart(a, token, { name, code, description: 'Kept apart.', ...more });

/**
 * B's answer once it has noticed the latest revision, read its lists up to it, and built again, in
 * the background, the answers the change reached: until then its visitors get the previous ones
 * (decision 070).
 */
const caughtUpB = async () => {
  await prepareCatalogueLists(second.database.db);
  await catalogueResponseCache(second.database.db).refresh();
};

const searchB = async (q: string) => {
  await caughtUpB();
  const response = await secondApp.inject({ method: 'GET', url: `/api/spareparts?q=${encodeURIComponent(q)}` });
  expect(response.statusCode).toBe(200);
  return response.json<SparePartListEntry[]>().map((entry) => entry.id);
};

describe('catalogue changes', () => {
  it('each item write records its item, its kind and the machines it fits; a settings save changes every answer but no item', async () => {
    const machine = await createMachine(a, token, { name: 'Change Log Lathe', code: 'CLL-1' });
    let id = '';
    const created = await changedBy(async () => {
      id = (
        await createPart(a, token, { name: 'Change Log Collet', code: 'CLC-1', fits: JSON.stringify([machine.id]) })
      ).id;
    });
    expect(created).toEqual({ items: [id], answers: [id, 'kind:spare', `shows:${machine.id}`].sort() });
    expect(
      await changedBy(async () => {
        const response = await sendForm(a, token, 'PUT', `/api/spareparts/${id}/full`, { name: 'Renamed Collet' });
        expect(response.statusCode, response.body).toBe(200);
      }),
    ).toEqual({ items: [id], answers: [id, 'kind:spare', `shows:${machine.id}`].sort() });
    expect(
      await changedBy(async () => {
        const response = await sendForm(a, token, 'PUT', `/api/products/${machine.id}`, {
          name: 'Change Log Lathe II',
        });
        expect(response.statusCode, response.body).toBe(200);
      }),
    ).toEqual({ items: [machine.id], answers: [machine.id, 'kind:machine'].sort() });
    expect(
      await changedBy(async () => {
        const response = await a.app.inject({ method: 'DELETE', url: `/api/spareparts/${id}`, headers: bearer(token) });
        expect(response.statusCode).toBe(204);
      }),
    ).toEqual({ items: [id], answers: [id, 'kind:spare', `shows:${machine.id}`].sort() });
    expect(
      await changedBy(async () => {
        const site = (
          await a.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(token) })
        ).json<AdminSiteSettings>();
        const { updatedAt: _version, ...company } = site.company;
        const response = await a.app.inject({
          method: 'PUT',
          url: '/api/site/company',
          payload: { ...company, tagline: 'Changed everywhere' },
          headers: bearer(token),
        });
        expect(response.statusCode).toBe(200);
      }),
    ).toEqual({ items: [], answers: 'everything' });
  });

  it('a revision moved without a record (an older release, or by hand) reads as everything', async () => {
    const before = await readCatalogueRevision(a.ctx.db);
    await a.ctx.db
      .updateTable('catalogue_revision')
      .set((eb) => ({ revision: eb('revision', '+', 1) }))
      .execute();
    const everything = { items: 'everything', answers: 'everything' };
    expect(await catalogueChangesBetween(a.ctx.db, before, before + 1)).toEqual(everything);
    const part = await ownPart('After The Gap', 'ATG-1');
    // Across the gap: everything; from after it, the one part.
    expect(await catalogueChangesBetween(a.ctx.db, before, before + 2)).toEqual(everything);
    expect((await catalogueChangesBetween(a.ctx.db, before + 1, before + 2)).items).toEqual(new Set([part.id]));
  });

  it('another instance shows an edit in its lists and search at once, moving its index by that item alone', async () => {
    const machine = await createMachine(a, token, { name: 'Gapless Capstan 30', code: 'GC-30' });
    const part = await ownPart('Index Collet', 'IXC-1', { fits: JSON.stringify([machine.id]) });
    const other = await ownPart('Index Bush', 'IXB-1');
    expect(await searchB('index collet')).toEqual([part.id]);
    const indexBefore = await catalogueListIndexes(second.database.db).spares.get(
      await readCatalogueRevision(a.ctx.db),
    );
    const otherEntry = indexBefore.matching({ q: 'index bush', sort: 'name' })[0];
    expect(otherEntry?.id).toBe(other.id);

    const response = await sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, {
      name: 'Index Feed Finger',
      code: 'IXF-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await searchB('index collet')).toEqual([]);
    expect(await searchB('feed finger')).toEqual([part.id]);
    expect(await searchB('ixf1')).toEqual([part.id]);

    // The part the edit did not touch is the same entry object: B patched its index, it did not read it whole.
    const indexAfter = await catalogueListIndexes(second.database.db).spares.get(await readCatalogueRevision(a.ctx.db));
    expect(indexAfter).not.toBe(indexBefore);
    expect(indexAfter.matching({ q: 'index bush', sort: 'name' })[0]).toBe(otherEntry);

    // Renaming the machine reaches the parts that fit it: they are found by its new name.
    expect(await searchB('gapless')).toEqual([part.id]);
    const renamed = await sendForm(a, token, 'PUT', `/api/products/${machine.id}`, { name: 'Seamless Capstan 30' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await searchB('seamless')).toEqual([part.id]);
    expect(await searchB('gapless')).toEqual([]);
  });

  it('another instance drops a deleted item from its lists at once', async () => {
    const part = await ownPart('Short Lived Sleeve', 'SLS-1');
    expect(await searchB('short lived sleeve')).toEqual([part.id]);
    const response = await a.app.inject({
      method: 'DELETE',
      url: `/api/spareparts/${part.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect(await searchB('short lived sleeve')).toEqual([]);
    await caughtUpB();
    const got = await secondApp.inject({ method: 'GET', url: `/api/spareparts/${part.id}` });
    expect(got.statusCode).toBe(404);
    expect(got.json<Partial<SparePart>>().id).toBeUndefined();
  });

  it('an item edit drops the answers about it and the machines it fits, and keeps the others', async () => {
    const machine = await createMachine(a, token, { name: 'Scope Lathe', code: 'SCL-1' });
    const part = await ownPart('Scope Collet', 'SCC-1', { fits: JSON.stringify([machine.id]) });
    const other = await ownPart('Scope Bush', 'SCB-1');
    const sibling = await ownPart('Scope Sleeve', 'SCS-1', { fits: JSON.stringify([machine.id]) });
    const cache = catalogueResponseCache(a.ctx.db);
    const sourceOf = async (url: string, status = 200) => {
      const { result, sources } = await traceRevisionSources(() => a.app.inject({ method: 'GET', url }));
      expect(result.statusCode).toBe(status);
      expect(sources).toHaveLength(1);
      return sources[0]!;
    };
    const machineAnswer = await sourceOf(`/api/products/${machine.id}`);
    const partAnswer = await sourceOf(`/api/spareparts/${part.id}`);
    const otherAnswer = await sourceOf(`/api/spareparts/${other.id}`);
    const siteAnswer = await sourceOf('/api/site');
    const siblingAnswer = await sourceOf(`/api/spareparts/${sibling.id}`);
    // A part's page asks for a machine of its id first: that "not found" outlives other edits too.
    const partAsMachine = await sourceOf(`/api/products/${part.id}`, 404);
    const listAnswer = await sourceOf('/api/spareparts?q=scope');

    const edited = await sendForm(a, token, 'PUT', `/api/spareparts/${other.id}/full`, { price: '999' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await cache.stillAnswers(machineAnswer)).toBe(true);
    expect(await cache.stillAnswers(partAnswer)).toBe(true);
    expect(await cache.stillAnswers(siteAnswer)).toBe(true);
    expect(await cache.stillAnswers(partAsMachine)).toBe(true);
    expect(await cache.stillAnswers(otherAnswer)).toBe(false);
    expect(await cache.stillAnswers(listAnswer)).toBe(false);

    // The part's new price shows on the page of the machine it fits.
    const repriced = await sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { price: '1234' });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(await cache.stillAnswers(machineAnswer)).toBe(false);
    expect(await cache.stillAnswers(partAnswer)).toBe(false);
    // Another part of the same machine is not shown on this part's page.
    expect(await cache.stillAnswers(siblingAnswer)).toBe(true);
    const machinePage = (await a.app.inject({ method: 'GET', url: `/api/products/${machine.id}` })).json<{
      partsThatFit: { id: string; price: number | null }[];
    }>();
    expect(machinePage.partsThatFit.find((fit) => fit.id === part.id)?.price).toBe(1234);
  });

  it('a search outlives edits to parts it finds neither before nor after, in the writing instance and another', async () => {
    const found = await ownPart('Survivor Nozzle', 'SVN-1');
    const unrelated = await ownPart('Unrelated Grommet', 'URG-1');
    const instances = [
      { app: a.app, cache: catalogueResponseCache(a.ctx.db) },
      { app: secondApp, cache: catalogueResponseCache(second.database.db) },
    ];
    const searchAnswers = () =>
      Promise.all(
        instances.map(async ({ app }) => {
          const { result, sources } = await traceRevisionSources(() =>
            app.inject({ method: 'GET', url: '/api/spareparts?q=survivor' }),
          );
          expect(result.statusCode).toBe(200);
          return { source: sources[0]!, ids: result.json<SparePartListEntry[]>().map((entry) => entry.id) };
        }),
      );
    const stillAnswered = async (answers: Awaited<ReturnType<typeof searchAnswers>>) =>
      Promise.all(answers.map(({ source }, at) => instances[at]!.cache.stillAnswers(source)));
    const rename = async (id: string, name: string) => {
      const response = await sendForm(a, token, 'PUT', `/api/spareparts/${id}/full`, { name });
      expect(response.statusCode, response.body).toBe(200);
    };

    let answers = await searchAnswers();
    expect(answers.map((answer) => answer.ids)).toEqual([[found.id], [found.id]]);
    await rename(unrelated.id, 'Unrelated Grommet II');
    expect(await stillAnswered(answers)).toEqual([true, true]);

    // Found after the edit: dropped, and the next search has it.
    // B gives the previous answer until it has built the new one.
    await rename(unrelated.id, 'Survivor Grommet');
    await caughtUpB();
    expect(await stillAnswered(answers)).toEqual([false, false]);
    answers = await searchAnswers();
    expect(answers.map((answer) => answer.ids.sort())).toEqual([
      [found.id, unrelated.id].sort(),
      [found.id, unrelated.id].sort(),
    ]);

    // Found before the edit: dropped too, even when it is still found.
    const repriced = await sendForm(a, token, 'PUT', `/api/spareparts/${found.id}/full`, { price: '777' });
    expect(repriced.statusCode, repriced.body).toBe(200);
    await caughtUpB();
    expect(await stillAnswered(answers)).toEqual([false, false]);
  });

  it('a page of the whole list outlives edits that move nothing into, out of or across it, in the writing instance and another', async () => {
    const instances = [
      { app: a.app, cache: catalogueResponseCache(a.ctx.db), lists: catalogueLists(a.ctx.db).spares },
      {
        app: secondApp,
        cache: catalogueResponseCache(second.database.db),
        lists: catalogueLists(second.database.db).spares,
      },
    ];
    // How often each instance built this page: an answer kept is not built again, even in the background.
    const builds = instances.map(({ lists }) => {
      const page = vi.spyOn(lists, 'page');
      return () => page.mock.calls.filter(([, , query]) => query.offset === 3 && query.limit === 3).length;
    });
    const url = '/api/spareparts?offset=3&limit=3';
    const pageAnswers = () =>
      Promise.all(
        instances.map(async ({ app }) => {
          const { result, sources } = await traceRevisionSources(() => app.inject({ method: 'GET', url }));
          expect(result.statusCode).toBe(200);
          return { source: sources[0]!, ids: result.json<SparePartListEntry[]>().map((entry) => entry.id) };
        }),
      );
    /** After `write`: whether each instance still answers as before, and whether it built the page again. */
    const after = async (answers: Awaited<ReturnType<typeof pageAnswers>>, write: () => Promise<unknown>) => {
      const built = builds.map((count) => count());
      await write();
      // Each has built again, in the background, what the change reached (A's save waits for it
      // only so long).
      await Promise.all(instances.map(({ cache }) => cache.refresh()));
      const kept = await Promise.all(answers.map(({ source }, at) => instances[at]!.cache.stillAnswers(source)));
      return kept.map((still, at) => (still && builds[at]!() === built[at] ? 'kept' : 'built again'));
    };
    const edit = (id: string, fields: Record<string, string>) => async () => {
      const response = await sendForm(a, token, 'PUT', `/api/spareparts/${id}/full`, fields);
      expect(response.statusCode, response.body).toBe(200);
    };
    const all = (await a.app.inject({ method: 'GET', url: '/api/spareparts?limit=100' })).json<SparePartListEntry[]>();
    const [beforePage, onPage, afterPage] = [all[0]!, all[4]!, all.at(-1)!];

    let answers = await pageAnswers();
    expect(answers[0]!.ids).toEqual(all.slice(3, 6).map((entry) => entry.id));
    expect(answers[1]!.ids).toEqual(answers[0]!.ids);
    // Before the page and still before it, after it and still after it: the same page and total.
    expect(await after(answers, edit(beforePage.id, { price: '4321' }))).toEqual(['kept', 'kept']);
    expect(await after(answers, edit(afterPage.id, { description: 'Still last by name.' }))).toEqual(['kept', 'kept']);
    // On the page, moved across it, or a new item (the total moves): built again.
    expect(await after(answers, edit(onPage.id, { price: '4323' }))).toEqual(['built again', 'built again']);
    answers = await pageAnswers();
    expect(await after(answers, edit(beforePage.id, { name: `${afterPage.name} Moved` }))).toEqual([
      'built again',
      'built again',
    ]);
    answers = await pageAnswers();
    expect(answers[0]!.ids).not.toContain(beforePage.id);
    expect(answers[1]!.ids).toEqual(answers[0]!.ids);
    expect(await after(answers, () => ownPart('Zzz Last Of All', 'ZLA-1'))).toEqual(['built again', 'built again']);
    vi.restoreAllMocks();
  });

  it('a page in price order outlives a price change that keeps its item after it, and not one that brings it in', async () => {
    const lists = catalogueLists(a.ctx.db).spares;
    const keptAfter = async (write: () => Promise<unknown>) => {
      const found = await readCatalogueRevision(a.ctx.db);
      const answer = await lists.page(found, { current: true }, { q: '', sort: 'price', offset: 0, limit: 2 }, {});
      await write();
      return answer.survives!(await readCatalogueRevision(a.ctx.db));
    };
    const part = await ownPart('Priced Late Spacer', 'PLS-1', { price: '900000' });
    expect(
      await keptAfter(() => sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { price: '999999' })),
    ).toBe(true);
    expect(await keptAfter(() => sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { price: '0' }))).toBe(
      false,
    );
  });

  it("a page of a category, of a machine's parts or of a range filter outlives edits that move nothing into, out of or across it", async () => {
    const { machines, spares } = catalogueLists(a.ctx.db);
    const query = (more: Partial<ListQuery>): ListQuery => ({ q: '', sort: 'name', offset: 0, limit: 1, ...more });
    /** Answers the page, runs `write`, and says whether the page's answer still holds. */
    const keptAfter = async (
      list: CatalogueList<ListSortable>,
      page: { query: ListQuery; narrowing: ListNarrowing; names: string[] },
      write: () => Promise<unknown>,
    ) => {
      const found = await readCatalogueRevision(a.ctx.db);
      const answer = await list.page(found, { current: true }, page.query, page.narrowing);
      expect(answer.items.map((item) => item.name)).toEqual(page.names);
      await write();
      return answer.survives!(await readCatalogueRevision(a.ctx.db));
    };
    const edit = (url: string, fields: Record<string, string>) => async () => {
      const response = await sendForm(a, token, 'PUT', url, fields);
      expect(response.statusCode, response.body).toBe(200);
    };

    // A category: edits to machines of other categories, or after the page, keep it.
    const first = await createMachine(a, token, { name: 'Aaa Narrow Turret', category: 'turret-lathe' });
    const later = await createMachine(a, token, { name: 'Zzz Narrow Turret', category: 'turret-lathe' });
    const other = await createMachine(a, token, { name: 'Mmm Narrow Capstan', category: 'capstan-lathe' });
    const turrets = { query: query({}), narrowing: { category: 'turret-lathe' }, names: ['Aaa Narrow Turret'] };
    expect(await keptAfter(machines, turrets, edit(`/api/products/${other.id}`, { description: 'Elsewhere.' }))).toBe(
      true,
    );
    expect(await keptAfter(machines, turrets, edit(`/api/products/${later.id}`, { description: 'Still last.' }))).toBe(
      true,
    );
    // On the page, coming into the category, or leaving it: not kept.
    expect(await keptAfter(machines, turrets, edit(`/api/products/${first.id}`, { description: 'On it.' }))).toBe(
      false,
    );
    expect(await keptAfter(machines, turrets, edit(`/api/products/${other.id}`, { category: 'turret-lathe' }))).toBe(
      false,
    );
    expect(await keptAfter(machines, turrets, edit(`/api/products/${later.id}`, { category: 'capstan-lathe' }))).toBe(
      false,
    );

    // A machine's parts: edits to parts that do not fit it, or fit it after the page, keep it.
    const machine = await createMachine(a, token, { name: 'Narrowing Host Lathe' });
    const fitting = (name: string) => ownPart(name, `NF-${name.slice(0, 3)}`, { fits: JSON.stringify([machine.id]) });
    await fitting('Aaa Fitting Bush');
    const lastFitting = await fitting('Zzz Fitting Bush');
    const loose = await ownPart('Mmm Loose Bush', 'NF-MMM');
    const itsParts = { query: query({}), narrowing: { fits: machine.id }, names: ['Aaa Fitting Bush'] };
    expect(await keptAfter(spares, itsParts, edit(`/api/spareparts/${loose.id}/full`, { price: '12' }))).toBe(true);
    expect(
      await keptAfter(
        spares,
        itsParts,
        edit(`/api/spareparts/${lastFitting.id}/full`, { description: 'Fits, later.' }),
      ),
    ).toBe(true);
    expect(
      await keptAfter(
        spares,
        itsParts,
        edit(`/api/spareparts/${loose.id}/full`, { fits: JSON.stringify([machine.id]) }),
      ),
    ).toBe(false);
    expect(
      await keptAfter(spares, itsParts, edit(`/api/spareparts/${lastFitting.id}/full`, { fits: JSON.stringify([]) })),
    ).toBe(false);

    // An empty page (a machine no part fits yet) stays empty until a part comes to fit it.
    const bare = await createMachine(a, token, { name: 'Narrowing Bare Lathe' });
    const noParts = { query: query({}), narrowing: { fits: bare.id }, names: [] };
    expect(await keptAfter(spares, noParts, edit(`/api/spareparts/${loose.id}/full`, { price: '13' }))).toBe(true);
    expect(
      await keptAfter(spares, noParts, edit(`/api/spareparts/${loose.id}/full`, { fits: JSON.stringify([bare.id]) })),
    ).toBe(false);

    // A range: a part whose numbers for the range did not change, and that stays after the page or
    // among its ends without being on it, keeps it; a changed number does not.
    const bore = (millimetres: number) =>
      JSON.stringify([
        { key: 'Bore', number: millimetres, unit: 'mm' },
        { key: 'Material', value: 'Cast iron' },
      ]);
    await ownPart('Aaa Wide Bore Sleeve', 'WB-AAA', { specifications: bore(1500) });
    const narrowBore = await ownPart('Mmm Narrow Bore Sleeve', 'WB-MMM', { specifications: bore(20) });
    const wideLast = await ownPart('Zzz Wide Bore Sleeve', 'WB-ZZZ', { specifications: bore(1600) });
    const wide = {
      query: query({ limit: 2, f: [{ slug: 'bore', min: 1000, max: 2000 }] }),
      narrowing: {},
      names: ['Aaa Wide Bore Sleeve', 'Zzz Wide Bore Sleeve'],
    };
    expect(
      await keptAfter(spares, wide, edit(`/api/spareparts/${narrowBore.id}/full`, { description: 'Between them.' })),
    ).toBe(true);
    expect(
      await keptAfter(spares, wide, edit(`/api/spareparts/${narrowBore.id}/full`, { specifications: bore(1700) })),
    ).toBe(false);
    const widened = { ...wide, names: ['Aaa Wide Bore Sleeve', 'Mmm Narrow Bore Sleeve'] };
    expect(await keptAfter(spares, widened, edit(`/api/spareparts/${wideLast.id}/full`, { price: '99' }))).toBe(true);
    expect(
      await keptAfter(spares, widened, edit(`/api/spareparts/${wideLast.id}/full`, { specifications: bore(1601) })),
    ).toBe(false);
  });

  it('a category page is kept by both instances through an edit outside it, and built again when a machine joins it', async () => {
    const instances = [a.app, secondApp];
    const caches = [catalogueResponseCache(a.ctx.db), catalogueResponseCache(second.database.db)];
    const url = '/api/products?category=cnc-lathe&limit=2';
    const answers = () =>
      Promise.all(
        instances.map(async (app) => {
          const { result, sources } = await traceRevisionSources(() => app.inject({ method: 'GET', url }));
          expect(result.statusCode).toBe(200);
          return { source: sources[0]!, names: result.json<MachineListEntry[]>().map((entry) => entry.name) };
        }),
      );
    const stillAnswered = async (found: Awaited<ReturnType<typeof answers>>) => {
      await Promise.all(caches.map((cache) => cache.refresh()));
      return Promise.all(found.map(({ source }, at) => caches[at]!.stillAnswers(source)));
    };
    await createMachine(a, token, { name: 'Kept CNC Lathe', category: 'cnc-lathe' });
    const outside = await createMachine(a, token, { name: 'Kept CNC Lathe II', category: 'capstan-lathe' });
    let found = await answers();
    expect(found.map((answer) => answer.names)).toEqual([['Kept CNC Lathe'], ['Kept CNC Lathe']]);
    await edit(outside.id, { description: 'Another category.' });
    expect(await stillAnswered(found)).toEqual([true, true]);
    await edit(outside.id, { category: 'cnc-lathe' });
    expect(await stillAnswered(found)).toEqual([false, false]);
    found = await answers();
    expect(found.map((answer) => answer.names)).toEqual([
      ['Kept CNC Lathe', 'Kept CNC Lathe II'],
      ['Kept CNC Lathe', 'Kept CNC Lathe II'],
    ]);

    async function edit(id: string, fields: Record<string, string>) {
      const response = await sendForm(a, token, 'PUT', `/api/products/${id}`, fields);
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('a featured list outlives edits to items it does not list, and changes when an item joins, changes or leaves it', async () => {
    const cache = catalogueResponseCache(a.ctx.db);
    const featuredAnswer = async () => {
      const { result, sources } = await traceRevisionSources(() =>
        a.app.inject({ method: 'GET', url: '/api/spareparts/featured' }),
      );
      expect(result.statusCode).toBe(200);
      return { source: sources[0]!, ids: result.json<SparePart[]>().map((part) => part.id) };
    };
    const setFeatured = async (id: string, featured: boolean) => {
      const response = await a.app.inject({
        method: 'PUT',
        url: `/api/spareparts/${id}`,
        payload: { featured },
        headers: bearer(token),
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const rename = async (id: string, name: string) => {
      const response = await sendForm(a, token, 'PUT', `/api/spareparts/${id}/full`, { name });
      expect(response.statusCode, response.body).toBe(200);
    };
    const plain = await ownPart('Unfeatured Washer', 'UFW-1');
    const star = await ownPart('Featured Washer', 'FTW-1');

    // Joining: a part that was not listed becomes featured.
    let before = await featuredAnswer();
    expect(before.ids).not.toContain(star.id);
    await setFeatured(star.id, true);
    expect(await cache.stillAnswers(before.source)).toBe(false);
    before = await featuredAnswer();
    expect(before.ids).toContain(star.id);

    // An edit to a part it does not list keeps it (and so the landing page built from it).
    await rename(plain.id, 'Unfeatured Washer II');
    expect(await cache.stillAnswers(before.source)).toBe(true);

    // An edit to a part it lists changes it.
    await rename(star.id, 'Featured Washer II');
    expect(await cache.stillAnswers(before.source)).toBe(false);
    before = await featuredAnswer();
    expect(before.ids).toContain(star.id);

    // Leaving: no longer featured, then deleted while featured.
    await setFeatured(star.id, false);
    expect(await cache.stillAnswers(before.source)).toBe(false);
    before = await featuredAnswer();
    expect(before.ids).not.toContain(star.id);
    await setFeatured(star.id, true);
    before = await featuredAnswer();
    expect(before.ids).toContain(star.id);
    const removed = await a.app.inject({ method: 'DELETE', url: `/api/spareparts/${star.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(204);
    expect(await cache.stillAnswers(before.source)).toBe(false);
    expect((await featuredAnswer()).ids).not.toContain(star.id);
  });

  it('a change recorded by an older release, which does not say whether a featured item was written, changes the featured lists', async () => {
    const part = await ownPart('Old Release Pin', 'ORP-1');
    const before = await readCatalogueRevision(a.ctx.db);
    await sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { name: 'Old Release Pin II' });
    const after = await readCatalogueRevision(a.ctx.db);
    expect((await catalogueChangesBetween(a.ctx.db, before, after)).answers).not.toContain('featured:spare');
    await a.ctx.db
      .updateTable('catalogue_changes')
      .set({ change: JSON.stringify({ kind: 'spare', items: [part.id] }) })
      .where('revision', '=', after)
      .execute();
    expect((await catalogueChangesBetween(a.ctx.db, before, after)).answers).toContain('featured:spare');
  });

  // Last: it moves the revision far ahead, so B and the search tables read everything again.
  it('delete the changes older than those kept when a write reaches every 64th revision, not at each write', async () => {
    const db = a.ctx.db;
    const part = await ownPart('Pruned Log Pin', 'PLP-1');
    const now = await readCatalogueRevision(db);
    // The next two writes reach pruning - 1, then pruning.
    const pruning = (Math.ceil((now + CATALOGUE_CHANGES_KEPT) / PRUNE_EVERY_REVISIONS) + 1) * PRUNE_EVERY_REVISIONS;
    await db
      .updateTable('catalogue_revision')
      .set({ revision: pruning - 2 })
      .where('id', '=', 1)
      .execute();
    // Older than any write from here on keeps: a write pruning at each revision would delete it at once.
    const old = pruning - 1 - CATALOGUE_CHANGES_KEPT - 5;
    await db.insertInto('catalogue_changes').values({ revision: old, change: null }).execute();
    const searchTables = usesSearchTables(db);
    if (searchTables) {
      await db.insertInto('catalogue_search_before').values({ revision: old, item_id: part.id, kind: null }).execute();
    }
    const oldRows = async () => ({
      changes: (await db.selectFrom('catalogue_changes').select('revision').where('revision', '=', old).execute())
        .length,
      before: (await db.selectFrom('catalogue_search_before').select('revision').where('revision', '=', old).execute())
        .length,
    });

    await sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { name: 'Pruned Log Pin II' });
    expect(await readCatalogueRevision(db)).toBe(pruning - 1);
    expect(await oldRows()).toEqual({ changes: 1, before: searchTables ? 1 : 0 });

    await sendForm(a, token, 'PUT', `/api/spareparts/${part.id}/full`, { name: 'Pruned Log Pin III' });
    expect(await readCatalogueRevision(db)).toBe(pruning);
    expect(await oldRows()).toEqual({ changes: 0, before: 0 });
    // The write's own change is kept, and read as usual.
    expect((await catalogueChangesBetween(db, pruning - 1, pruning)).items).toEqual(new Set([part.id]));
    expect(await searchB('Pruned Log Pin III')).toEqual([part.id]);
  });
});
