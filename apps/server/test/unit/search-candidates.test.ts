import { describe, expect, it } from 'vitest';
import { ListIndex } from '../../src/modules/catalogue/list-index';
import {
  rankBySearch,
  searchFieldsOf,
  SearchQuery,
  SearchVocabulary,
  type SearchSource,
} from '../../src/modules/catalogue/list-search';
import { SearchCandidates } from '../../src/modules/catalogue/search-candidates';

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const NAMES = [
  'Spring Collet',
  'Drive Belt',
  'Tool Holder',
  'Spindle Bearing',
  'Feed Finger',
  'Árbor Sleeve',
  'Chuck Key',
  'Gib Strip',
  'Coolant Pump',
  'Index Plunger',
  'Turret Bush',
  'Clutch Plate',
];
const DESCRIPTIONS = ['For bar work.', 'Hardened and ground.', 'Fits the turret.', 'V-belt, 10 mm.', '', '', '', ''];
const MACHINES = ['NP-25 All-Geared Capstan Lathe', 'NP-38 Capstan', 'NP-CL160 CNC Lathe'];

/** 600 items with codes, sizes, fitted machines and, now and then, a Tamil name; one code in no text, one model number spelled apart. */
function catalogue(): SearchSource[] {
  const random = sequence(71);
  const pick = <T>(from: readonly T[]) => from[Math.floor(random() * from.length)]!;
  return Array.from({ length: 600 }, (_, n) => ({
    code: random() < 0.8 ? `NP${pick(['25', '38', '50'])}-${pick(['COL', 'BLT', 'TH'])}-${n}` : null,
    name: `${pick(NAMES)} ${Math.floor(random() * 60)}`,
    description: pick(DESCRIPTIONS),
    fits: random() < 0.2 ? [pick(MACHINES)] : [],
    translated: n % 13 === 0 ? [{ name: 'ஸ்பிரிங் கொலெட்' }] : [],
  })).concat(
    { code: 'NP50-BLT-7', name: 'Drive Belt 7', description: '', fits: [], translated: [] },
    { code: 'XY-1', name: 'Collet for NP 50', description: '', fits: [], translated: [] },
  );
}

const QUERIES = [
  'np38-col-12', // an exact code, typed as printed
  'np38 col 12', // the same with spaces
  'np38col1', // a code's beginning
  'NP-25', // a machine's code: the parts that fit it
  'np-50', // "NP 50" in a name: found through the compact texts only
  'np-25 all-geared capstan lathe',
  'collet',
  'colet', // one typo
  'spindel bearing', // a typo among two words
  'collet 25',
  'bar work', // a description's words
  'ollet', // the middle of a name (SPEC §5: the text anywhere)
  'v-belt, 10',
  'sleeve árbor',
  'கொலெட்',
  'lathe',
  'turret',
  'col', // a keystroke prefix
  'co',
  'zzz', // nothing
  'np38-col-12 collet',
  'np50 blt 7', // a code typed in words: "blt" is in no text, only the code
];

describe('SearchCandidates', () => {
  const sources = catalogue();
  const fields = sources.map(searchFieldsOf);
  const vocabulary = SearchVocabulary.of(fields);
  const candidates = new SearchCandidates(fields);

  it.each(QUERIES)('never leaves out an item that %s matches', (text) => {
    const query = new SearchQuery(text, vocabulary);
    const marked = candidates.of(query);
    const matches = fields.flatMap((item, position) => (query.rankOf(item) === -1 ? [] : [position]));
    if (marked === null) return;
    expect(matches.filter((position) => marked[position] !== 1)).toEqual([]);
  });

  it('narrows every search with a word of 3+ letters, so that the check above is not empty', () => {
    const unnarrowed = QUERIES.filter((text) => candidates.of(new SearchQuery(text, vocabulary)) === null);
    expect(unnarrowed).toEqual(['co']);
  });

  it('narrows a part number or a rare word to a handful of items', () => {
    const code = new SearchQuery('np38-col-12', vocabulary);
    const matching = fields.filter((item) => code.rankOf(item) !== -1).length;
    const marked = candidates.of(code);
    expect(marked).not.toBeNull();
    expect(marked!.reduce((sum, mark) => sum + mark, 0)).toBeLessThanOrEqual(matching + 5);

    expect(candidates.of(new SearchQuery('zzz', vocabulary))!.every((mark) => mark === 0)).toBe(true);
  });

  it('leaves a search of 1-2 letter words to every item, and narrows by the longer words of a query', () => {
    expect(candidates.of(new SearchQuery('co', vocabulary))).toBeNull();
    const count = (text: string) =>
      candidates.of(new SearchQuery(text, vocabulary))!.reduce((sum, mark) => sum + mark, 0);
    expect(count('collet 25')).toBe(count('collet'));
  });

  it('moved to a patched list, marks what candidates made anew for that list mark', () => {
    const random = sequence(5);
    // Every tenth item taken out, a new item now and then, and a run of new items at the end.
    const from: number[] = [];
    const patchedFields = fields.flatMap((item, position) => {
      if (position % 10 === 3) return [];
      if (random() < 0.05) {
        from.push(-1, position);
        return [searchFieldsOf({ code: `NEW-${position}`, name: 'Collet Nut', description: '' }), item];
      }
      from.push(position);
      return [item];
    });
    for (let n = 0; n < 3; n += 1) {
      from.push(-1);
      patchedFields.push(searchFieldsOf({ code: null, name: `Spindle Cap ${n}`, description: 'For bar work.' }));
    }
    const moved = candidates.patched(from, patchedFields);
    const anew = new SearchCandidates(patchedFields);
    for (const text of [...QUERIES, 'collet nut', 'new-1', 'spindle cap']) {
      const query = new SearchQuery(text, vocabulary);
      expect(moved.of(query), text).toEqual(anew.of(query));
    }
    expect(moved.of(new SearchQuery('collet nut', vocabulary))!.some((mark) => mark === 1)).toBe(true);
  });

  it('gives a list index the same answers as trying every item, in every order', () => {
    const records = sources.map((source, n) => ({
      id: `id-${n}`,
      entry: {
        id: `id-${n}`,
        name: source.name,
        description: source.description,
        featured: n % 5 === 0,
        price: (n * 37) % 500,
        code: source.code ?? null,
      },
      search: source,
      specs: [],
    }));
    const index = ListIndex.of(records);
    for (const sort of ['name', 'price', 'featured'] as const) {
      const all = index.select({ q: '', sort, offset: 0, limit: 1000 }).items;
      const fieldsById = new Map(records.map((record, n) => [record.id, fields[n]!]));
      for (const text of QUERIES) {
        const tried = rankBySearch(all, (entry) => fieldsById.get(entry.id)!, new SearchQuery(text, vocabulary));
        const answered = index.select({ q: text, sort, offset: 0, limit: 1000 });
        expect(
          answered.items.map((entry) => entry.id),
          `${text} by ${sort}`,
        ).toEqual(tried.map((entry) => entry.id));
      }
    }
  });

  it('gives an index a patch replaced the same answers as before, trying every item', () => {
    const records = sources.map((source, n) => ({
      id: `id-${n}`,
      entry: { id: `id-${n}`, name: source.name, description: source.description, featured: false },
      search: source,
      specs: [],
    }));
    const old = ListIndex.of(records);
    const answers = (index: ListIndex<(typeof records)[number]['entry']>) =>
      QUERIES.map((text) => index.select({ q: text, sort: 'name', offset: 0, limit: 1000 }).items.map((e) => e.id));
    const before = answers(old);
    const renamed = { ...records[0]!, search: { ...records[0]!.search, name: 'Renamed Collet' } };
    const { index } = old.patched(new Set([renamed.id]), [renamed]);
    expect(answers(old)).toEqual(before);
    expect(index.select({ q: 'renamed', sort: 'name', offset: 0, limit: 10 }).items.map((e) => e.id)).toEqual([
      renamed.id,
    ]);
  });
});
