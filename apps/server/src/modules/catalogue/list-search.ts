/**
 * Catalogue search (issue 19, decision 035): part numbers first, then names, then descriptions,
 * then the machines a part fits; one typo forgiven in longer words. Pure functions and one
 * per-index vocabulary, so a search at 25,000 parts stays a scan of short strings in memory.
 */

/** What one item offers to search, lower-cased once per index. */
export interface SearchFields {
  /** The code with its separators taken out (`np38col25`), or '' when the item has none. */
  code: string;
  name: string;
  description: string;
  /** Names and codes of the machines a spare part fits ('' for machines and services). */
  fits: string;
  /** The three above without separators, so "np38" finds "NP-38" in them. */
  compact: readonly [string, string, string];
}

export interface SearchSource {
  code?: string | null;
  name: string;
  description: string;
  /** Names and codes of the machines it fits. */
  fits?: readonly string[];
}

/** Where a match was found, best first; the order of results across tiers. */
export const SEARCH_TIERS = [
  'code',
  'code-prefix',
  'name',
  'name-typo',
  'description',
  'description-typo',
  'fits',
  'fits-typo',
] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];

/** Query words at least this long may carry one typo (issue 19: "colet" finds "collet"). */
export const TYPO_MIN_LENGTH = 5;

// Separators people type or leave out in part numbers: "NP38-COL-25", "np38 col 25", "NP38/COL/25".
const CODE_SEPARATORS = /[\s\-_./]+/g;
const WORD_SPLIT = /[^\p{L}\p{N}]+/u;
const HAS_LETTER = /\p{L}/u;

export const compactCode = (code: string): string => code.toLowerCase().replace(CODE_SEPARATORS, '');

export function searchFieldsOf(source: SearchSource): SearchFields {
  const code = source.code?.trim() ?? '';
  // The code is not part of the name's text: a code matches whole or by its beginning only, so
  // "col-25" does not find every NP38-COL-25 by the middle of its number.
  const name = source.name.toLowerCase();
  const description = source.description.toLowerCase();
  const fits = (source.fits ?? []).join(' ').toLowerCase();
  return {
    code: compactCode(code),
    name,
    description,
    fits,
    compact: [compactCode(name), compactCode(description), compactCode(fits)],
  };
}

/**
 * True when `a` and `b` differ by at most one insertion, deletion, substitution or swap of two
 * neighbouring letters (optimal string alignment distance ≤ 1). Linear, no matrix: it only has to
 * answer "one edit or not" for thousands of vocabulary words per keystroke.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const lengthGap = a.length - b.length;
  if (lengthGap > 1 || lengthGap < -1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  // One letter inserted, deleted or replaced.
  if (restA <= 1 && restB <= 1) return true;
  // Two neighbours swapped: "colelt" / "collet".
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/** The distinct words of an index's items, for finding what a mistyped query word meant. */
export class SearchVocabulary {
  private readonly byLength = new Map<number, string[]>();

  static of(fields: Iterable<SearchFields>): SearchVocabulary {
    const texts: string[] = [];
    for (const { name, description, fits } of fields) texts.push(name, description, fits);
    return new SearchVocabulary(texts);
  }

  constructor(texts: Iterable<string>) {
    const words = new Set<string>();
    for (const text of texts) {
      for (const word of text.split(WORD_SPLIT)) {
        // Shorter words cannot be one edit from a 5-letter query word; numbers are never guessed.
        if (word.length >= TYPO_MIN_LENGTH - 1 && HAS_LETTER.test(word)) words.add(word);
      }
    }
    for (const word of words) {
      const list = this.byLength.get(word.length) ?? [];
      list.push(word);
      this.byLength.set(word.length, list);
    }
  }

  get size(): number {
    let total = 0;
    for (const list of this.byLength.values()) total += list.length;
    return total;
  }

  /** Words of the catalogue one edit away from `word` (not `word` itself); none for short words. */
  corrections(word: string): string[] {
    if (word.length < TYPO_MIN_LENGTH || !HAS_LETTER.test(word)) return [];
    const found: string[] = [];
    for (let length = word.length - 1; length <= word.length + 1; length += 1) {
      for (const candidate of this.byLength.get(length) ?? []) {
        if (candidate !== word && withinOneEdit(word, candidate)) found.push(candidate);
      }
    }
    return found;
  }
}

/** One query word and what it may have meant. */
interface QueryWord {
  word: string;
  /** The word as a code is compared (separators out): a word may be an item's code or its beginning. */
  asCode: string;
  /** Set for a word of letters and digits (a part or model number), to be found without separators. */
  compact: string | null;
  corrections: readonly string[];
}

const HAS_DIGIT = /\p{N}/u;

/** A search, read once per request and then tried against every item. */
export class SearchQuery {
  readonly compact: string;
  private readonly needle: string;
  private readonly words: readonly QueryWord[];

  constructor(text: string, vocabulary: SearchVocabulary) {
    this.needle = text.trim().toLowerCase();
    this.compact = compactCode(this.needle);
    this.words = this.needle
      .split(/\s+/)
      .filter((word) => word !== '')
      .map((word) => ({
        word,
        asCode: compactCode(word),
        compact: HAS_DIGIT.test(word) && HAS_LETTER.test(word) ? compactCode(word) : null,
        corrections: vocabulary.corrections(word),
      }));
  }

  get isEmpty(): boolean {
    return this.words.length === 0;
  }

  /** The best tier at which `fields` matches, or null when it does not match. */
  tierOf(fields: SearchFields): SearchTier | null {
    if (this.isEmpty) return null;
    if (fields.code !== '' && this.compact !== '') {
      if (fields.code === this.compact) return 'code';
      if (fields.code.startsWith(this.compact)) return 'code-prefix';
    }
    // SPEC §5: the text anywhere in the name or description matches, as it always did.
    if (fields.name.includes(this.needle)) return 'name';
    const inDescription = fields.description.includes(this.needle);
    // Beyond it: every word at the start of a word somewhere ("collet 25" finds "Spring Collet
    // 25 mm", "part 1" does not find "Part 21"); the item ranks by the weakest place of one.
    let place = 0;
    let typo = false;
    for (const word of this.words) {
      const found = findWord(fields, word);
      if (found === null) return inDescription ? 'description' : null;
      if (found.place > place) place = found.place;
      typo ||= found.typo;
    }
    const tier = TIERS_BY_PLACE[place]![typo ? 1 : 0]!;
    return inDescription && SEARCH_TIERS.indexOf(tier) > SEARCH_TIERS.indexOf('description') ? 'description' : tier;
  }
}

const TIERS_BY_PLACE: readonly (readonly [SearchTier, SearchTier])[] = [
  ['name', 'name-typo'],
  ['description', 'description-typo'],
  ['fits', 'fits-typo'],
];

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Whether `word` occurs in `text` where a word of it starts ("coll" in "spring collet", not "ollet"). */
export function includesAtWordStart(text: string, word: string): boolean {
  let from = text.indexOf(word);
  while (from !== -1) {
    if (from === 0 || !WORD_CHAR.test(text[from - 1]!)) return true;
    from = text.indexOf(word, from + 1);
  }
  return false;
}

function findWord(
  fields: SearchFields,
  { word, asCode, compact, corrections }: QueryWord,
): { place: number; typo: boolean } | null {
  // A part number among other words ("np38-col-25 collet") counts as found in the name.
  if (asCode !== '' && fields.code !== '' && fields.code.startsWith(asCode)) return { place: 0, typo: false };
  const places = [fields.name, fields.description, fields.fits];
  for (let place = 0; place < places.length; place += 1) {
    if (includesAtWordStart(places[place]!, word)) return { place, typo: false };
    if (compact !== null && fields.compact[place]!.includes(compact)) return { place, typo: false };
  }
  if (corrections.length === 0) return null;
  for (let place = 0; place < places.length; place += 1) {
    const text = places[place]!;
    if (corrections.some((correction) => includesAtWordStart(text, correction))) return { place, typo: true };
  }
  return null;
}

/**
 * The entries `query` matches, best tier first and in their given order within a tier (the
 * order the visitor chose: name, price or featured).
 */
export function rankBySearch<T>(
  entries: readonly T[],
  fieldsOf: (entry: T) => SearchFields,
  query: SearchQuery,
): T[] {
  const buckets: T[][] = SEARCH_TIERS.map(() => []);
  for (const entry of entries) {
    const tier = query.tierOf(fieldsOf(entry));
    if (tier !== null) buckets[SEARCH_TIERS.indexOf(tier)]!.push(entry);
  }
  return buckets.flat();
}
