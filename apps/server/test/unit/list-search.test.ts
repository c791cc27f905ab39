import { describe, expect, it } from 'vitest';
import {
  rankBySearch,
  searchFieldsOf,
  SearchQuery,
  SearchVocabulary,
  withinOneEdit,
  type SearchSource,
} from '../../src/modules/catalogue/list-search';

describe('withinOneEdit', () => {
  it.each([
    ['collet', 'collet'],
    ['colet', 'collet'], // a letter left out
    ['colllet', 'collet'], // one too many
    ['coller', 'collet'], // one replaced
    ['colelt', 'collet'], // neighbours swapped
    ['ocllet', 'collet'],
  ])('%s ~ %s', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true);
    expect(withinOneEdit(b, a)).toBe(true);
  });

  it.each([
    ['clet', 'collet'], // two left out
    ['callot', 'collet'], // two replaced
    ['cloelt', 'collet'], // two swaps
    ['bearing', 'collet'],
  ])('%s is more than one edit from %s', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false);
  });
});

describe('SearchVocabulary.corrections', () => {
  const vocabulary = new SearchVocabulary(['spring collet 25 mm', 'tool holder', 'collets and bearings 12345']);

  it('offers the catalogue words one edit away from a word of 5+ letters', () => {
    expect(vocabulary.corrections('colet')).toEqual(['collet']);
    expect(vocabulary.corrections('collets')).toEqual(['collet']);
    expect(vocabulary.corrections('bearinsg')).toEqual(['bearings']);
  });

  it('guesses nothing for short words or numbers', () => {
    expect(vocabulary.corrections('tool')).toEqual([]);
    expect(vocabulary.corrections('holdr')).toEqual(['holder']);
    expect(vocabulary.corrections('12346')).toEqual([]);
  });
});

const items: (SearchSource & { id: string })[] = [
  { id: 'bearing', code: 'NP38-BRG-6205', name: 'Spindle Bearing 6205', description: 'Deep groove, sealed.' },
  { id: 'collet', code: 'NP38-COL-25', name: 'Spring Collet 25 mm', description: 'Hardened steel.' },
  { id: 'collet-50', code: 'NP50-COL-40', name: 'Spring Collet 40 mm', description: 'For bars up to 40 mm.' },
  {
    id: 'holder',
    code: 'TH-10',
    name: 'Tool Holder',
    description: 'Holds a collet adaptor.',
    fits: ['Capstan Lathe NP-38', 'NP-38'],
  },
  { id: 'belt', code: null, name: 'Drive Belt', description: 'V-belt.', fits: ['Kovai Turret 45', 'KT-45'] },
  { id: 'np', code: 'NP', name: 'Odd part', description: 'Its code is a prefix of others.' },
];

function search(text: string): string[] {
  const vocabulary = SearchVocabulary.of(items.map(searchFieldsOf));
  return rankBySearch(items, searchFieldsOf, new SearchQuery(text, vocabulary)).map((item) => item.id);
}

describe('search ranking', () => {
  it('puts an exact part number first, however it is typed', () => {
    expect(search('NP38-COL-25')).toEqual(['collet']);
    expect(search('np38 col 25')).toEqual(['collet']);
    expect(search('np38/col/25')).toEqual(['collet']);
  });

  it('puts an exact code before codes it begins, and those before names and descriptions', () => {
    // "np" is NP's whole code, a prefix of NP38-… and NP50-…, and a word in no name.
    expect(search('np')[0]).toBe('np');
    expect(search('np').slice(1, 4).sort()).toEqual(['bearing', 'collet', 'collet-50']);
  });

  it('lists code prefixes, then names, then descriptions, then fits', () => {
    // NP38-… by prefix; Tool Holder only through the machine it fits (NP-38).
    expect(search('np38')).toEqual(['bearing', 'collet', 'holder']);
    // Collets by name before the holder whose description mentions a collet.
    expect(search('collet')).toEqual(['collet', 'collet-50', 'holder']);
  });

  it('forgives one typo in a word of 5+ letters, after the exact matches of the same place', () => {
    expect(search('colet')).toEqual(['collet', 'collet-50', 'holder']);
    expect(search('sprnig collet')).toEqual(['collet', 'collet-50']);
    expect(search('bearign')).toEqual(['bearing']);
    // Four letters: no guessing.
    expect(search('belr')).toEqual([]);
  });

  it('finds the parts that fit a machine by its name or code', () => {
    expect(search('turret')).toEqual(['belt']);
    expect(search('kt-45')).toEqual(['belt']);
    expect(search('capstan lathe holder')).toEqual(['holder']);
  });

  it("ranks a part found by a machine's whole name by the weakest place of its words", () => {
    const fitting: SearchSource[] = [
      { name: 'Lathe Belt for Capstan', description: 'Flat belt.', fits: ['Capstan Lathe NP-38'] },
      { name: 'Capstan Oil', description: 'For the slides.', fits: ['Capstan Lathe NP-38'] },
      { name: 'Tool Holder', description: 'For a capstan.', fits: ['Capstan Lathe NP-38'] },
      { code: 'CL-7', name: 'Lathe Key', description: 'Chuck key.', fits: ['Capstan Lathe NP-38'] },
      { name: 'Wiper', description: 'Felt.', fits: ['Capstan Lathe NP-38'] },
      { name: 'Lathe Oil', description: 'For a capstan.', fits: ['Capstan Lathe NP-38'] },
    ];
    const fields = fitting.map(searchFieldsOf);
    const query = new SearchQuery('capstan lathe', SearchVocabulary.of(fields));
    // Both words in the name (not as one phrase): the name's tier.
    expect(query.tierOf(fields[0]!)).toBe('name');
    // "lathe" only among the machines it fits, whatever else the name holds.
    expect(query.tierOf(fields[1]!)).toBe('fits');
    // "capstan" in the description, "lathe" only in the fits.
    expect(query.tierOf(fields[2]!)).toBe('fits');
    // "lathe" in the name and "capstan"… only in the fits: the code "CL-7" is not a word of it.
    expect(query.tierOf(fields[3]!)).toBe('fits');
    expect(query.tierOf(fields[4]!)).toBe('fits');
    // One word in the name, the other in the description: the description's tier.
    expect(query.tierOf(fields[5]!)).toBe('description');
    // A code that begins with a word counts as found in the name.
    const coded = searchFieldsOf({ code: 'NP38-X', name: 'Capstan Nut', description: '', fits: ['NP-38 Capstan'] });
    expect(new SearchQuery('np-38 capstan', SearchVocabulary.of([coded])).tierOf(coded)).toBe('name');
  });

  it('matches words where a word starts, and the whole text anywhere (SPEC §5)', () => {
    // "40" starts a word only in "Spring Collet 40 mm"; "25 mm" would be inside "125 mm" too.
    expect(search('collet 4')).toEqual(['collet-50']);
    // Not a word start, but the text as typed is in the name: SPEC's substring search still finds it.
    expect(search('ollet 25')).toEqual(['collet']);
    expect(search('pring')).toEqual(['collet', 'collet-50']);
    expect(search('roove')).toEqual(['bearing']);
    // Two word parts that are not word starts and not one substring: nothing.
    expect(search('prin olle 40')).toEqual([]);
  });

  it('finds a code whole or by its beginning, never by its middle, also among other words', () => {
    expect(search('col-25')).toEqual([]);
    expect(search('np38-col spring')).toEqual(['collet']);
  });

  it('needs every word somewhere', () => {
    expect(search('collet 40')).toEqual(['collet-50']);
    expect(search('collet bearing')).toEqual([]);
  });

  it('keeps the given order within a tier', () => {
    const reversed = [...items].reverse();
    const vocabulary = SearchVocabulary.of(items.map(searchFieldsOf));
    const ids = rankBySearch(reversed, searchFieldsOf, new SearchQuery('spring', vocabulary)).map((item) => item.id);
    expect(ids).toEqual(['collet-50', 'collet']);
  });
});

describe('SearchQuery.narrows', () => {
  const vocabulary = SearchVocabulary.of(items.map(searchFieldsOf));
  const narrows = (text: string, wider: string) =>
    new SearchQuery(text, vocabulary).narrows(new SearchQuery(wider, vocabulary));
  const matchesOf = (text: string) => new Set(search(text));

  it('holds for a query typed on from another, word by word, and then its matches are among the wider ones', () => {
    for (const [wider, text] of [
      ['b', 'be'],
      ['be', 'bea'],
      ['spring', 'spring c'],
      ['spring c', 'spring collet 2'],
      ['np3', 'np38-c'],
      ['np38', 'np38-col spring'],
    ] as const) {
      expect(narrows(text, wider), `${wider} → ${text}`).toBe(true);
      const widerMatches = matchesOf(wider);
      for (const id of search(text)) expect(widerMatches.has(id), `${id} for ${text}`).toBe(true);
    }
  });

  it('does not hold where a match of the query may not match the shorter one', () => {
    // A typo forgiven: "colet" finds "collet" by its correction, which "cole" is not the start of.
    expect(narrows('colet', 'cole')).toBe(false);
    // Letters and digits found without separators ("np3" inside a compact text), which "np" is not looked for as.
    expect(narrows('np3', 'np')).toBe(false);
    // Not a continuation at all, or a word split in two.
    expect(narrows('bear', 'be a')).toBe(false);
    expect(narrows('gear', 'bear')).toBe(false);
    expect(narrows('spring', '')).toBe(false);
  });
});
