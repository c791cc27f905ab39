import { describe, expect, it, vi } from 'vitest';
import type { ListQuery, ListSortable } from '@capstan/shared';
import {
  type IndexRecord,
  ListIndex,
  ListIndexes,
  type ListSource,
  type Narrowing,
} from '../../src/modules/catalogue/list-index';
import { SpecValues, type TypedSpec } from '../../src/modules/catalogue/list-facets';
import { SearchQuery } from '../../src/modules/catalogue/list-search';

interface Entry extends ListSortable {
  id: string;
}

const record = (id: string, name: string, description = '', code: string | null = null): IndexRecord<Entry> => ({
  id,
  entry: { id, name, description, featured: false, code, price: null },
  search: { code, name, description },
  specs: [],
});

const query = (q = '') => ({ q, sort: 'name' as const, offset: 0, limit: 100 });
const ids = (index: ListIndex<Entry>, q = '') => index.select(query(q)).items.map((entry) => entry.id);

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** One save of `edits` random changes to `current` (a share deleted, the rest made anew), patched into `index`. */
function randomSave(
  index: ListIndex<Entry>,
  current: Map<string, IndexRecord<Entry>>,
  random: () => number,
  {
    edits,
    ids,
    deleted,
    make,
  }: { edits: number; ids: number; deleted: number; make: (id: string) => IndexRecord<Entry> },
): ListIndex<Entry> {
  const changed = new Set<string>();
  for (let e = 0; e < edits; e += 1) {
    const id = `id-${Math.floor(random() * ids)}`;
    changed.add(id);
    if (random() < deleted) current.delete(id);
    else current.set(id, make(id));
  }
  return index.patched(
    changed,
    [...changed].flatMap((id) => current.get(id) ?? []),
  ).index;
}

describe('a patched list index', () => {
  it('is the index a whole read of the same records makes, through hundreds of random edits', () => {
    const random = sequence(37);
    const words = ['Collet', 'collet', 'Bush', 'Spindle', 'Gear', 'gear', 'Chuck', 'Árbor', 'Belt', '10 mm', '9 mm'];
    const nameOf = () => `${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 30)}`;
    const current = new Map<string, IndexRecord<Entry>>();
    for (let n = 0; n < 200; n += 1) current.set(`id-${n}`, record(`id-${n}`, nameOf()));
    const gears: Narrowing<Entry> = { key: 'gears', keeps: (entry) => entry.name.toLowerCase().startsWith('gear') };
    const narrowedIds = (index: ListIndex<Entry>) => index.select(query(), gears).items.map((entry) => entry.id);
    // Searches with words of 3+ letters go through the candidates, which a patch carries with the search fields.
    const searches = ['gear', 'coll', 'spindle 1', 'chuk'];
    const searched = (index: ListIndex<Entry>) => searches.map((q) => ids(index, q));
    let index = ListIndex.of([...current.values()]);
    narrowedIds(index);
    searched(index);
    for (let round = 0; round < 300; round += 1) {
      // Now and then an import-sized change, which is merged in one pass rather than placed one by one.
      const edits = round % 50 === 0 ? 60 : 1 + Math.floor(random() * 4);
      index = randomSave(index, current, random, { edits, ids: 260, deleted: 0.2, make: (id) => record(id, nameOf()) });
      const fresh = ListIndex.of([...current.values()]);
      expect(ids(index)).toEqual(ids(fresh));
      // A narrowed order is carried from patch to patch, not filtered again: it must stay what a whole read gives.
      expect(narrowedIds(index)).toEqual(narrowedIds(fresh));
      expect(searched(index)).toEqual(searched(fresh));
    }
  });

  it('filters and counts facets as a whole read does, its specification values moved forward by each patch', () => {
    const random = sequence(41);
    const pick = <V>(values: readonly V[]) => values[Math.floor(random() * values.length)]!;
    const specsOf = (): TypedSpec[] => [
      // Two spellings and three units of one key, so that some patches change its unit or tie it.
      ...(random() < 0.8
        ? [
            {
              key: pick(['Bore', 'bore']),
              number: Math.floor(random() * 60),
              unit: pick(['mm', 'mm', 'μm', 'inch'] as const),
            },
          ]
        : []),
      ...(random() < 0.6
        ? [{ key: 'Power', number: Math.floor(random() * 900), unit: pick(['kW', 'HP'] as const) }]
        : []),
    ];
    const withSpecs = (id: string): IndexRecord<Entry> => ({
      ...record(id, `Part ${Math.floor(random() * 40)}`),
      specs: specsOf(),
    });
    const current = new Map<string, IndexRecord<Entry>>();
    for (let n = 0; n < 120; n += 1) current.set(`id-${n}`, withSpecs(`id-${n}`));
    const filters = [
      [],
      [{ slug: 'bore', min: 10, max: 40 }],
      [
        { slug: 'bore', min: 10, max: null },
        { slug: 'power', min: null, max: 500 },
      ],
    ];
    // Every third part number narrows the list as a machine's parts do; with and without the ranges.
    const narrowings = [undefined, { key: 'thirds', keeps: (entry: Entry) => Number(entry.name.slice(5)) % 3 === 0 }];
    const answers = (index: ListIndex<Entry>) =>
      narrowings.flatMap((keep) =>
        filters.map((f) => ({
          ids: index.select({ ...query(), f }, keep).items.map((entry) => entry.id),
          facets: index.specFacets({ q: '', f }, keep),
          units: index.rangeUnits(['bore', 'power']),
        })),
      );
    const wholeReads = vi.spyOn(SpecValues, 'of');
    let index = ListIndex.of([...current.values()]);
    answers(index);
    for (let round = 0; round < 200; round += 1) {
      const edits = 1 + Math.floor(random() * 3);
      index = randomSave(index, current, random, { edits, ids: 140, deleted: 0.15, make: withSpecs });
      const fresh = ListIndex.of([...current.values()]);
      expect(answers(index)).toEqual(answers(fresh));
    }
    // 200 whole reads for the fresh indexes above; most patches moved the values instead of reading them all.
    expect(wholeReads.mock.calls.length - 200).toBeLessThan(40);
    vi.restoreAllMocks();
  });

  it('carries the price and featured orders through saves as a whole read sorts them, sorting neither again', () => {
    const random = sequence(11);
    let priceReads = 0;
    const priced = (id: string): IndexRecord<Entry> => {
      const name = `${['Gear', 'Belt', 'Collet'][Math.floor(random() * 3)]} ${Math.floor(random() * 20)}`;
      const price = random() < 0.2 ? null : Math.floor(random() * 10) * 100;
      const entry = { id, name, description: '', featured: random() < 0.3, code: null, price: null as number | null };
      Object.defineProperty(entry, 'price', {
        get: () => {
          priceReads += 1;
          return price;
        },
      });
      return { id, entry, search: { code: null, name, description: '' }, specs: [] };
    };
    const current = new Map<string, IndexRecord<Entry>>();
    for (let n = 0; n < 150; n += 1) current.set(`id-${n}`, priced(`id-${n}`));
    const inOrder = (index: ListIndex<Entry>, sort: 'price' | 'featured') =>
      index.select({ q: '', sort, offset: 0, limit: 200 }).items.map((entry) => entry.id);
    let index = ListIndex.of([...current.values()]);
    inOrder(index, 'price');
    inOrder(index, 'featured');
    for (let round = 0; round < 200; round += 1) {
      const edits = round % 40 === 0 ? 50 : 1 + Math.floor(random() * 3);
      priceReads = 0;
      index = randomSave(index, current, random, { edits, ids: 180, deleted: 0.2, make: priced });
      // A save's records find their places by binary search: a few comparisons each (two prices
      // apiece), not one per record of the list.
      if (edits <= 3)
        expect(priceReads).toBeLessThanOrEqual(2 * edits * (Math.ceil(Math.log2(current.size + 1)) + edits));
      priceReads = 0;
      const byPrice = inOrder(index, 'price');
      // A merge reads two prices per record at most; sorting again reads about 2 log₂ n per record.
      expect(priceReads).toBeLessThanOrEqual(2 * current.size);
      const fresh = ListIndex.of([...current.values()]);
      expect(byPrice).toEqual(inOrder(fresh, 'price'));
      expect(inOrder(index, 'featured')).toEqual(inOrder(fresh, 'featured'));
    }
  });

  it('sorts the price and featured orders ahead of the first visitor who asks, a turn for each', async () => {
    const index = ListIndex.of(Array.from({ length: 50 }, (_, n) => record(`id-${n}`, `Part ${n}`)));
    let turns = 0;
    await index.prepareOrders(async () => {
      turns += 1;
    });
    expect(turns).toBe(2);
    // Made already: nothing is left to sort.
    await index.prepareOrders(async () => {
      turns += 1;
    });
    expect(turns).toBe(2);
  });

  it('carries a narrowed order through a save: only the saved record is tried again', () => {
    const records = Array.from({ length: 100 }, (_, n) => record(`id-${n}`, `Part ${n}`));
    const tried: string[] = [];
    const keep: Narrowing<Entry> = {
      key: 'tens',
      keeps: (entry) => {
        tried.push(entry.id);
        return Number(entry.name.slice(5)) % 10 === 0;
      },
    };
    const saved = record('id-7', 'Part 170');
    const wholeRead = ListIndex.of([...records.filter((r) => r.id !== 'id-7'), saved]).select(query(), keep);
    const before = ListIndex.of(records);
    expect(before.select(query(), keep).total).toBe(10);
    tried.length = 0;
    const after = before.patched(new Set(['id-7']), [saved]).index;
    const narrowed = after.select(query(), keep);
    expect(tried).toEqual(['id-7']);
    expect(narrowed.items.map((entry) => entry.id)).toEqual(wholeRead.items.map((entry) => entry.id));
    expect(narrowed.total).toBe(11);
  });

  it('reads a key in the unit a whole read picks when two units tie, whichever item now comes first', () => {
    const bore = (id: string, name: string, number: number, unit: 'mm' | 'inch'): IndexRecord<Entry> => ({
      ...record(id, name),
      specs: [{ key: 'Bore', number, unit }],
    });
    const before = ListIndex.of([
      bore('a', 'Alpha', 25, 'mm'),
      bore('b', 'Beta', 1, 'inch'),
      bore('c', 'Gamma', 30, 'mm'),
      bore('d', 'Delta', 2, 'inch'),
    ]);
    // Two rows each: the first item in name order decides.
    expect(before.rangeUnits(['bore'])).toBe('["mm"]');
    const after = before.patched(new Set(['a']), [bore('a', 'Zeta', 25, 'mm')]).index;
    expect(after.rangeUnits(['bore'])).toBe('["inch"]');
  });

  it('pages through a search as one ranking, kept apart by its order, narrowing, ranges and words', () => {
    const part = (id: string, name: string, price: number, bore: number): IndexRecord<Entry> => ({
      ...record(id, name),
      entry: { ...record(id, name).entry, price },
      specs: [{ key: 'Bore', number: bore, unit: 'mm' }],
    });
    const index = ListIndex.of([
      part('a', 'Collet 10', 300, 10),
      part('b', 'Collet 20', 100, 20),
      part('c', 'Collet Chuck', 200, 30),
      part('d', 'Drive Belt', 50, 40),
    ]);
    const page = (q: string, more: Partial<ListQuery> = {}, keep?: Narrowing<Entry>) =>
      index.select({ q, sort: 'name', offset: 0, limit: 2, ...more }, keep).items.map((entry) => entry.id);
    expect(page('collet')).toEqual(['a', 'b']);
    expect(page('collet', { offset: 2 })).toEqual(['c']);
    expect(page('collet', { sort: 'price' })).toEqual(['b', 'c']);
    expect(page('collet', { f: [{ slug: 'bore', min: 15, max: null }] })).toEqual(['b', 'c']);
    expect(page('collet', {}, { key: 'not-b', keeps: (entry) => entry.id !== 'b' })).toEqual(['a', 'c']);
    expect(page('collet', {}, { key: 'not-a', keeps: (entry) => entry.id !== 'a' })).toEqual(['b', 'c']);
    expect(page('belt')).toEqual(['d']);
    expect(page('collet')).toEqual(['a', 'b']);
  });

  it('finds an item by its new name and code, and no longer by its old ones', () => {
    const before = ListIndex.of([
      record('a', 'Spring Collet 25', 'For bar work.', 'NP38-COL-25'),
      record('b', 'Drive Belt', 'V-belt.', 'DB-10'),
    ]);
    expect(ids(before, 'collet')).toEqual(['a']);
    const after = before.patched(new Set(['a']), [record('a', 'Feed Finger 25', 'For bar work.', 'FF-25')]).index;
    expect(ids(after, 'collet')).toEqual([]);
    expect(ids(after, 'finger')).toEqual(['a']);
    expect(ids(after, 'ff25')).toEqual(['a']);
    expect(ids(after, 'np38-col-25')).toEqual([]);
    // The index it came from is unchanged: requests still reading it see one catalogue.
    expect(ids(before, 'collet')).toEqual(['a']);
  });

  it('forgives a typo in a word that only a patched-in item has', () => {
    const before = ListIndex.of([record('a', 'Drive Belt')]);
    expect(ids(before, 'belt')).toEqual(['a']);
    const after = before.patched(new Set(['b']), [record('b', 'Tailstock Quill')]).index;
    expect(ids(after, 'tailstok')).toEqual(['b']);
  });
});

/** A source whose reads the test answers by hand. */
function manualSource() {
  const calls: string[] = [];
  let records = new Map<string, IndexRecord<Entry>>([['a', record('a', 'Alpha')]]);
  let changes = new Map<number, ReadonlySet<string> | 'everything'>();
  let release: (() => void) | null = null;
  let holdWholeReads = false;
  const source: ListSource<Entry> = {
    async all() {
      calls.push('all');
      if (holdWholeReads) await new Promise<void>((resolve) => (release = resolve));
      return [...records.values()];
    },
    async reached(changed) {
      calls.push(`reached ${[...changed].join(',')}`);
      return [...changed].flatMap((id) => records.get(id) ?? []);
    },
    async changesBetween(from, to) {
      const all = new Set<string>();
      for (let revision = from + 1; revision <= to; revision += 1) {
        const change = changes.get(revision);
        if (change === undefined || change === 'everything') return 'everything';
        for (const id of change) all.add(id);
      }
      return all;
    },
  };
  return {
    source,
    calls,
    write(revision: number, change: ReadonlySet<string> | 'everything', next: IndexRecord<Entry>[]) {
      records = new Map(next.map((r) => [r.id, r]));
      changes = new Map(changes).set(revision, change);
    },
    holdWholeReads(hold: boolean) {
      holdWholeReads = hold;
    },
    releaseWholeRead() {
      release?.();
    },
  };
}

describe('a search typed on', () => {
  const random = sequence(11);
  const words = ['Collet', 'Bearing', 'Bush', 'Belt', 'Gear', 'Guide', 'Valve', 'XNP38 adapter', 'beam', 'Be'];
  const records = Array.from({ length: 300 }, (_, n) =>
    record(
      `id-${n}`,
      `${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 40)}`,
      random() < 0.3 ? `fits ${words[Math.floor(random() * words.length)]}` : '',
      random() < 0.4 ? `NP${Math.floor(random() * 60)}-COL-${n}` : null,
    ),
  );
  const typed = [
    ['b', 'be', 'bea', 'bear', 'beari', 'bearin', 'bearing', 'bearing 1', 'bearing 12'],
    ['c', 'co', 'col', 'cole', 'colet', 'colet 3'],
    ['n', 'np', 'np3', 'np38', 'np38-', 'np38-c', 'np38-col'],
    ['g', 'gu', 'gui', 'guide 2'],
  ];
  const gears: Narrowing<Entry> = { key: 'gears', keeps: (entry) => entry.name.toLowerCase().startsWith('g') };

  it('answers each key as a fresh index does, among all items and within a narrowing', () => {
    const index = ListIndex.of(records);
    for (const keys of typed) {
      for (const q of keys) {
        expect(ids(index, q), q).toEqual(ids(ListIndex.of(records), q));
        const narrowed = (at: ListIndex<Entry>) => at.select(query(q), gears).items.map((entry) => entry.id);
        expect(narrowed(index), `${q} among gears`).toEqual(narrowed(ListIndex.of(records)));
      }
    }
  });

  it('tries only what the key before it matched', () => {
    const index = ListIndex.of(records);
    const rankOf = vi.spyOn(SearchQuery.prototype, 'rankOf');
    ids(index, 'v');
    const matchedV = index.select(query('v')).total;
    rankOf.mockClear();
    ids(index, 'va');
    expect(rankOf.mock.calls.length).toBe(matchedV);
    expect(matchedV).toBeLessThan(records.length);
  });
});

describe('a search index made ahead of the first search', () => {
  const records = Array.from({ length: 1_200 }, (_, n) =>
    record(`id-${n}`, `${['Collet', 'Bearing', 'Gear'][n % 3]} ${n}`, n % 5 === 0 ? 'hardened bearing steel' : ''),
  );
  const searches = ['b', 'bearin', 'beering', 'gear 11', 'steel'];
  const answers = (index: ListIndex<Entry>) => searches.map((q) => ids(index, q));

  it('is made a slice at a time, giving the event loop a turn between slices', async () => {
    const index = ListIndex.of(records);
    let turns = 0;
    await index.prepareSearch(async () => {
      turns += 1;
      // Each turn comes before the index is complete: a search is not yet answered from it.
      expect(index.searchPrepared).toBe(false);
    });
    // 1,200 records in slices of 500: two turns between three slices.
    expect(turns).toBe(2);
    expect(index.searchPrepared).toBe(true);
    expect(answers(index)).toEqual(answers(ListIndex.of(records)));
  });

  it('is finished by a search that comes while it is being made, which answers as a fresh index does', async () => {
    const index = ListIndex.of(records);
    let searchedMidway: string[][] = [];
    let turns = 0;
    await index.prepareSearch(async () => {
      turns += 1;
      if (turns === 1) searchedMidway = answers(index);
    });
    expect(turns).toBe(1);
    expect(searchedMidway).toEqual(answers(ListIndex.of(records)));
    expect(answers(index)).toEqual(searchedMidway);
  });

  it('is ready before an index read whole is served', async () => {
    const manual = manualSource();
    const indexes = new ListIndexes(manual.source);
    expect(indexes.current).toBeNull();
    const index = await indexes.get(0);
    expect(index.searchPrepared).toBe(true);
    manual.write(1, 'everything', [record('a', 'Alpha'), record('z', 'Zulu')]);
    expect((await indexes.get(1)).searchPrepared).toBe(true);
    expect(indexes.current?.revision).toBe(1);
  });
});

describe('list indexes moving with the catalogue revision', () => {
  it('read the list whole once, then only the items each revision changed', async () => {
    const manual = manualSource();
    const indexes = new ListIndexes(manual.source);
    expect(ids(await indexes.get(0))).toEqual(['a']);
    manual.write(1, new Set(['b']), [record('a', 'Alpha'), record('b', 'Beta')]);
    manual.write(2, new Set(['a']), [record('a', 'Gamma'), record('b', 'Beta')]);
    expect(ids(await indexes.get(2))).toEqual(['b', 'a']);
    expect(manual.calls).toEqual(['all', 'reached b,a']);
  });

  it('read the list whole when a revision changed everything or left no record', async () => {
    const manual = manualSource();
    const indexes = new ListIndexes(manual.source);
    await indexes.get(0);
    manual.write(1, 'everything', [record('a', 'Alpha'), record('c', 'Charlie')]);
    expect(ids(await indexes.get(1))).toEqual(['a', 'c']);
    // Revision 3 has no record (written by a release that kept none): read whole.
    manual.write(2, new Set(['c']), [record('a', 'Alpha')]);
    expect(ids(await indexes.get(3))).toEqual(['a']);
    expect(manual.calls).toEqual(['all', 'all', 'all']);
  });

  it('serve visitors the previous index while the list is read whole; staff and get() wait for it', async () => {
    const manual = manualSource();
    const indexes = new ListIndexes(manual.source);
    await indexes.get(0);
    manual.write(1, 'everything', [record('a', 'Alpha'), record('z', 'Zulu')]);
    manual.holdWholeReads(true);
    const visitor = await indexes.serve(1);
    expect(visitor.revision).toBe(0);
    expect(ids(visitor.index)).toEqual(['a']);
    let staffDone = false;
    const staff = indexes.serve(1, { current: true }).then((served) => {
      staffDone = true;
      return served;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(staffDone).toBe(false);
    manual.releaseWholeRead();
    const fresh = await staff;
    expect(fresh.revision).toBe(1);
    expect(ids(fresh.index)).toEqual(['a', 'z']);
    expect((await indexes.serve(1)).revision).toBe(1);
    // One whole read served everyone.
    expect(manual.calls).toEqual(['all', 'all']);
  });

  it('serve visitors the new revision when it is only a patch (they wait milliseconds, not an older list)', async () => {
    const manual = manualSource();
    const indexes = new ListIndexes(manual.source);
    await indexes.get(0);
    manual.write(1, new Set(['b']), [record('a', 'Alpha'), record('b', 'Beta')]);
    const served = await indexes.serve(1);
    expect(served.revision).toBe(1);
    expect(ids(served.index)).toEqual(['a', 'b']);
  });

  it('try again after a failed read instead of keeping the failure', async () => {
    const manual = manualSource();
    let fail = true;
    const indexes = new ListIndexes({
      ...manual.source,
      all: async () => {
        if (fail) throw new Error('database away');
        return manual.source.all();
      },
    });
    await expect(indexes.get(0)).rejects.toThrow('database away');
    fail = false;
    expect(ids(await indexes.get(0))).toEqual(['a']);
  });
});

describe('a cached search across patches', () => {
  it('is said unchanged only when a fresh search would give the same entries, through hundreds of random edits', async () => {
    const random = sequence(2711);
    // Near-misses on purpose: "colet" is one typo from "collet" and "colett"; "bush" begins "bushing".
    const words = ['Collet', 'Colett', 'Bush', 'Bushing', 'Spindle', 'Gear', 'Gears', 'Chuck', 'Belt', 'Árbor'];
    const nameOf = () =>
      `${words[Math.floor(random() * words.length)]} ${words[Math.floor(random() * words.length)]} ${Math.floor(random() * 30)}`;
    const manual = manualSource();
    let current = new Map<string, IndexRecord<Entry>>();
    for (let n = 0; n < 150; n += 1) current.set(`id-${n}`, record(`id-${n}`, nameOf()));
    manual.write(0, 'everything', [...current.values()]);
    const indexes = new ListIndexes(manual.source);
    const queries = ['collet', 'colet', 'bush', 'gear 1', 'chuck belt', 'arbor', 'spindle 2'];
    const cached = new Map<string, { ids: string[]; meaning: string; revision: number }>();
    const answer = async (q: string, revision: number) => {
      const index = await indexes.get(revision);
      cached.set(q, { ids: ids(index, q), meaning: index.searchQuery(q).meaning, revision });
    };
    for (const q of queries) await answer(q, 0);
    let kept = 0;
    let dropped = 0;
    for (let revision = 1; revision <= 300; revision += 1) {
      const changed = new Set<string>();
      // Now and then a revision that changed everything: the list is read whole.
      const everything = revision % 97 === 0;
      for (let e = 0, edits = 1 + Math.floor(random() * 3); e < edits; e += 1) {
        const id = `id-${Math.floor(random() * 180)}`;
        changed.add(id);
        current = new Map(current);
        if (random() < 0.15) current.delete(id);
        else current.set(id, record(id, nameOf()));
      }
      manual.write(revision, everything ? 'everything' : changed, [...current.values()]);
      for (const q of queries) {
        const before = cached.get(q)!;
        if (await indexes.searchUnchanged(q, before.meaning, before.revision, revision)) {
          kept += 1;
          expect(ids(ListIndex.of([...current.values()]), q), `${q} at ${revision}`).toEqual(before.ids);
        } else {
          dropped += 1;
          await answer(q, revision);
        }
      }
    }
    // Both happen: the test proves searches are kept, not only that nothing wrong is kept.
    expect(kept).toBeGreaterThan(300);
    expect(dropped).toBeGreaterThan(100);
  });

  it('is not said unchanged once a word an edit brings gives the query another meaning', async () => {
    const manual = manualSource();
    manual.write(0, 'everything', [record('a', 'Drive Spindles'), record('b', 'Drive Belt')]);
    const indexes = new ListIndexes(manual.source);
    const index = await indexes.get(0);
    expect(ids(index, 'spindel drive')).toEqual([]);
    const meaning = index.searchQuery('spindel drive').meaning;
    // "spindle" is one swap from "spindel" and begins "Spindles": the untouched item a now matches,
    // while the new item c, without "drive", does not.
    manual.write(1, new Set(['c']), [record('a', 'Drive Spindles'), record('b', 'Drive Belt'), record('c', 'Spindle')]);
    expect(await indexes.searchUnchanged('spindel drive', meaning, 0, 1)).toBe(false);
    expect(ids(await indexes.get(1), 'spindel drive')).toEqual(['a']);
  });
});

describe("a cached answer's survivor", () => {
  it('judges the patches since it last held, so a page and a search outlive more saves than are remembered', async () => {
    const manual = manualSource();
    const fixed = [record('a', 'Arbor'), record('b', 'Belt')];
    manual.write(0, 'everything', [...fixed, record('z', 'Zeta 0')]);
    const indexes = new ListIndexes(manual.source);
    const index = await indexes.get(0);
    const { ids: onPage, ends } = index.select({ q: '', sort: 'name', offset: 0, limit: 2 });
    const page = indexes.pageSurvivor({ sort: 'name', ends, ids: new Set(onPage), ranges: [], units: '' }, 0);
    const search = indexes.searchSurvivor('arbor', index.searchQuery('arbor').meaning, 0);
    // More saves than the patches the indexes keep (256): judged from revision 0 each time, both
    // would be dropped once the first patches are forgotten.
    for (let revision = 1; revision <= 300; revision += 1) {
      manual.write(revision, new Set(['z']), [...fixed, record('z', `Zeta ${revision}`)]);
      expect(await page(revision), `page at ${revision}`).toBe(true);
      expect(await search(revision), `search at ${revision}`).toBe(true);
    }
    // A save that reaches them still ends them.
    manual.write(301, new Set(['c']), [...fixed, record('z', 'Zeta 300'), record('c', 'Arbor Nut')]);
    expect(await page(301)).toBe(false);
    expect(await search(301)).toBe(false);
  });
});
