/**
 * Catalogue search (decision 035): part numbers first, then names, then descriptions,
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
  /** All three texts, and their compact forms, in one string: most items fail one look at it. */
  all: string;
  allCompact: string;
}

export interface SearchSource {
  code?: string | null;
  name: string;
  description: string;
  /** Names and codes of the machines it fits. */
  fits?: readonly string[];
  /**
   * Its names and descriptions in the other languages (decision 072): a Tamil or Hindi word finds
   * the item as its English one does, at the same tier.
   */
  translated?: readonly { name?: string; description?: string }[];
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

/** Query words at least this long may carry one typo ("colet" finds "collet"). */
export const TYPO_MIN_LENGTH = 5;

// Separators people type or leave out in part numbers: "NP38-COL-25", "np38 col 25", "NP38/COL/25".
const CODE_SEPARATORS = /[\s\-_./]+/g;
// Marks count as letters: Tamil and Devanagari vowel signs and viramas are marks inside a word.
const WORD_SPLIT = /[^\p{L}\p{M}\p{N}]+/u;
const HAS_LETTER = /\p{L}/u;

/**
 * Split and joined, not `replace`d: the string V8 returns from a global replace kept about 1.8 KB
 * of heap for a 170-letter description (the joined one: 230 bytes). Six of them per part, kept for
 * 25,000 parts, were most of the heap every full garbage collection marks (decision 060).
 */
export const compactCode = (code: string): string => code.toLowerCase().split(CODE_SEPARATORS).join('');

export function searchFieldsOf(source: SearchSource): SearchFields {
  const code = source.code?.trim() ?? '';
  // The code is not part of the name's text: a code matches whole or by its beginning only, so
  // "col-25" does not find every NP38-COL-25 by the middle of its number.
  const translated = source.translated ?? [];
  const name = [source.name, ...translated.map((t) => t.name ?? '')].join('\n').trimEnd().toLowerCase();
  const description = [source.description, ...translated.map((t) => t.description ?? '')]
    .join('\n')
    .trimEnd()
    .toLowerCase();
  const fits = (source.fits ?? []).join(' ').toLowerCase();
  const compact = [compactCode(name), compactCode(description), compactCode(fits)] as const;
  return {
    code: compactCode(code),
    name,
    description,
    fits,
    compact,
    all: [name, description, fits].join('\n'),
    allCompact: compact.join('|'),
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

/**
 * The words of a lower-cased text a mistyped query word may be corrected to: shorter words cannot
 * be one edit from a 5-letter query word, and numbers are never guessed.
 */
export function correctableWordsOf(text: string): string[] {
  return text.split(WORD_SPLIT).filter((word) => word.length >= TYPO_MIN_LENGTH - 1 && HAS_LETTER.test(word));
}

/** The distinct words of an index's items, for finding what a mistyped query word meant. */
export class SearchVocabulary {
  private readonly byLength = new Map<number, string[]>();
  private readonly words = new Set<string>();

  static of(fields: Iterable<SearchFields>): SearchVocabulary {
    const vocabulary = new SearchVocabulary([]);
    vocabulary.add(fields);
    return vocabulary;
  }

  constructor(texts: Iterable<string>) {
    this.addTexts(texts);
  }

  /** Takes in the words of more items (an index patched with changed items shares its vocabulary). */
  add(fields: Iterable<SearchFields>): void {
    const texts: string[] = [];
    for (const { name, description, fits } of fields) texts.push(name, description, fits);
    this.addTexts(texts);
  }

  private addTexts(texts: Iterable<string>): void {
    for (const text of texts) {
      for (const word of correctableWordsOf(text)) {
        if (this.words.has(word)) continue;
        this.words.add(word);
        const list = this.byLength.get(word.length);
        if (list === undefined) this.byLength.set(word.length, [word]);
        else list.push(word);
      }
    }
  }

  get size(): number {
    return this.words.size;
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
export interface QueryWord {
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
  /** The whole query, trimmed and lower-cased. */
  readonly needle: string;
  readonly words: readonly QueryWord[];

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

  /**
   * The catalogue words this search takes its words to mean: a word staff add can give a query
   * word another correction, and so match items that were not changed (list-index.ts, searchUnchanged).
   */
  get meaning(): string {
    return this.words.map((word) => word.corrections.join(' ')).join('|');
  }

  /**
   * Whether every item this query matches also matches `wider`, so that only `wider`'s matches
   * need trying: a visitor typing on ("b", "be", "bea") searches among fewer items at each key.
   * Each of `wider`'s words must begin the word in the same place here in every form a word is
   * compared in (as typed, as a code, without separators), and none of those words here may count
   * a typo: "collet" is a correction of "colet", and does not hold "cole". The whole query and its
   * code form must begin with `wider`'s, for the code and anywhere-in-the-text matches.
   */
  narrows(wider: SearchQuery): boolean {
    if (wider.words.length === 0 || wider.words.length > this.words.length) return false;
    if (!this.needle.startsWith(wider.needle)) return false;
    if (!this.compact.startsWith(wider.compact) || (wider.compact === '' && this.compact !== '')) return false;
    for (let at = 0; at < wider.words.length; at += 1) {
      const word = this.words[at]!;
      const before = wider.words[at]!;
      if (word.corrections.length > 0 || !word.word.startsWith(before.word)) return false;
      if (!word.asCode.startsWith(before.asCode) || (before.asCode === '' && word.asCode !== '')) return false;
      if (word.compact !== null && (before.compact === null || !word.compact.startsWith(before.compact))) return false;
    }
    return true;
  }

  /** The best tier at which `fields` matches, or null when it does not match. */
  tierOf(fields: SearchFields): SearchTier | null {
    const rank = this.rankOf(fields);
    return rank === -1 ? null : SEARCH_TIERS[rank]!;
  }

  /** tierOf as its index in SEARCH_TIERS (-1: no match): what the per-item loop uses. */
  rankOf(fields: SearchFields): number {
    if (this.words.length === 0) return -1;
    if (fields.code !== '' && this.compact !== '') {
      if (fields.code === this.compact) return CODE;
      if (fields.code.startsWith(this.compact)) return CODE_PREFIX;
    }
    // SPEC §5: the text anywhere in the name or description matches, as it always did. One look
    // at all the texts first: `all` holds the name and the description, and most items of a
    // short search hold the text nowhere (a pass over 25,000 parts per keystroke).
    const anywhere = fields.all.includes(this.needle);
    if (anywhere && fields.name.includes(this.needle)) return NAME;
    const inDescription = anywhere && fields.description.includes(this.needle);
    // Every word is in the texts when the whole query is (`all` holds them all).
    if (!anywhere && !this.everyWordMayMatch(fields)) return -1;
    // A machine's name, as typed, among the machines a part fits: the part is in the fits tier
    // unless every word is also in its name or description. Thousands of parts fit a machine, and
    // the first word found nowhere else settles it without looking for each word place by place.
    if (anywhere && !inDescription && includesAtWordStart(fields.fits, this.needle) && this.oneOnlyInFits(fields)) {
      return FITS;
    }
    // Beyond it: every word at the start of a word somewhere ("collet 25" finds "Spring Collet
    // 25 mm", "part 1" does not find "Part 21"); the item ranks by the weakest place of one.
    let place = 0;
    let typo = false;
    for (const word of this.words) {
      const found = findWord(fields, word);
      if (found === NOT_FOUND) return inDescription ? DESCRIPTION : -1;
      const wordPlace = found >> 1;
      if (wordPlace > place) place = wordPlace;
      if ((found & 1) === 1) typo = true;
    }
    const rank = NAME + place * 2 + (typo ? 1 : 0);
    return inDescription && rank > DESCRIPTION ? DESCRIPTION : rank;
  }

  /**
   * Whether every word may be found in the item (mayContain). A loop, not `every` with an arrow
   * function: the compiled server keeps functions' names (build.mjs, keepNames), which defines the
   * name of each arrow function as it is made, here once per item per search. That was nearly
   * half of the ranking's time at 25,000 parts.
   */
  private everyWordMayMatch(fields: SearchFields): boolean {
    for (const word of this.words) {
      if (!mayContain(fields, word, word.word === this.needle)) return false;
    }
    return true;
  }

  /** Whether a word is found neither in the name nor the description, nor as the item's code. */
  private oneOnlyInFits(fields: SearchFields): boolean {
    for (const { word, asCode, compact } of this.words) {
      if (asCode !== '' && fields.code !== '' && fields.code.startsWith(asCode)) continue;
      if (fields.name.includes(word) || fields.description.includes(word)) continue;
      if (compact !== null && (fields.compact[0].includes(compact) || fields.compact[1].includes(compact))) continue;
      return true;
    }
    return false;
  }
}

const CODE = SEARCH_TIERS.indexOf('code');
const CODE_PREFIX = SEARCH_TIERS.indexOf('code-prefix');
const NAME = SEARCH_TIERS.indexOf('name');
const DESCRIPTION = SEARCH_TIERS.indexOf('description');
const FITS = SEARCH_TIERS.indexOf('fits');
const NOT_FOUND = -1;

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

export function isWordChar(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return WORD_CHAR.test(String.fromCharCode(code));
}

/** Whether every character of `word` is a letter or digit (as includesAtWordStart reads them). */
export function isPlainWord(word: string): boolean {
  for (let at = 0; at < word.length; at += 1) if (!isWordChar(word.charCodeAt(at))) return false;
  return word !== '';
}

/**
 * `text` with every character that is not a letter or digit made a space, after a space: a plain
 * word (isPlainWord) is at a word start of `text` exactly when ' ' + word occurs in it, which a
 * database finds with `like` rather than a regular expression.
 */
export function wordStartText(text: string): string {
  let spaced = ' ';
  for (let at = 0; at < text.length; at += 1) spaced += isWordChar(text.charCodeAt(at)) ? text[at] : ' ';
  return spaced;
}

/** Whether `word` occurs in `text` where a word of it starts ("coll" in "spring collet", not "ollet"). */
export function includesAtWordStart(text: string, word: string): boolean {
  let from = text.indexOf(word);
  while (from !== -1) {
    if (from === 0 || !isWordChar(text.charCodeAt(from - 1))) return true;
    from = text.indexOf(word, from + 1);
  }
  return false;
}

/**
 * A cheap first look: false when `word` cannot be found anywhere in the item. `absent`: the item's
 * texts are known not to hold the word itself (rankOf has just looked).
 */
function mayContain(fields: SearchFields, { word, asCode, compact, corrections }: QueryWord, absent: boolean): boolean {
  if (!absent && fields.all.includes(word)) return true;
  if (asCode !== '' && fields.code !== '' && fields.code.startsWith(asCode)) return true;
  if (compact !== null && fields.allCompact.includes(compact)) return true;
  for (const correction of corrections) if (fields.all.includes(correction)) return true;
  return false;
}

function placeOf(fields: SearchFields, place: number): string {
  return place === 0 ? fields.name : place === 1 ? fields.description : fields.fits;
}

/** Where `word` was found: place × 2 (+1 when through a typo), or NOT_FOUND. Numbers, not objects: this runs per item. */
function findWord(fields: SearchFields, { word, asCode, compact, corrections }: QueryWord): number {
  // A part number among other words ("np38-col-25 collet") counts as found in the name.
  if (asCode !== '' && fields.code !== '' && fields.code.startsWith(asCode)) return 0;
  for (let place = 0; place < 3; place += 1) {
    if (includesAtWordStart(placeOf(fields, place), word)) return place * 2;
    if (compact !== null && fields.compact[place]!.includes(compact)) return place * 2;
  }
  if (corrections.length === 0) return NOT_FOUND;
  for (let place = 0; place < 3; place += 1) {
    const text = placeOf(fields, place);
    for (const correction of corrections) if (includesAtWordStart(text, correction)) return place * 2 + 1;
  }
  return NOT_FOUND;
}

/**
 * The entries `query` matches, best tier first and in their given order within a tier (the
 * order the visitor chose: name, price or featured).
 */
export function rankBySearch<T>(entries: readonly T[], fieldsOf: (entry: T) => SearchFields, query: SearchQuery): T[] {
  const buckets: T[][] = SEARCH_TIERS.map(() => []);
  for (const entry of entries) {
    const rank = query.rankOf(fieldsOf(entry));
    if (rank !== -1) buckets[rank]!.push(entry);
  }
  return buckets.flat();
}
