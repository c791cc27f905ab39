import type { QueryWord, SearchFields, SearchQuery } from './list-search';

/**
 * Which items of an index a search may match, told by a signature of each item's letter pairs
 * rather than by trying its texts (decision 035): at 25,000 parts a part number or a rare word is
 * ranked among a few dozen candidates instead of by 25,000 calls of `rankOf`. The candidates are
 * always a superset of what `rankOf` accepts, which still decides every match and its tier.
 *
 * An item matches only if its code begins with the whole query (`code`, `code-prefix`), or if
 * every word of the query passes `mayContain`: it occurs in the item's texts, begins its code, or
 * (a word with digits) occurs in its compact texts, or a correction of it occurs in its texts. A
 * name or description that holds the whole query holds each of its words, so it is one of those.
 * A text that holds a word holds each of the word's letter pairs, so its signature has their bits.
 */

/** Bits per signature: an item's 150-odd letter pairs set about a quarter of 512. */
const SIGNATURE_BITS = 512;
const SIGNATURE_WORDS = SIGNATURE_BITS / 32;
/** A 32-bit hash shifted right by this keeps the 9 bits that number 512. */
const PAIR_SHIFT = 32 - Math.log2(SIGNATURE_BITS);

/** Which of the signature's bits the letter pair (a, b) sets, 0..511. */
const pairBit = (a: number, b: number): number => (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) >>> PAIR_SHIFT;

/** The signature of an item's searchable texts: one bit per letter pair they hold. */
function signatureOf(fields: SearchFields): Int32Array {
  const signature = new Int32Array(SIGNATURE_WORDS);
  for (const text of [fields.all, fields.allCompact]) {
    for (let at = 1; at < text.length; at += 1) {
      const bit = pairBit(text.charCodeAt(at - 1), text.charCodeAt(at));
      signature[bit >> 5]! |= 1 << (bit & 31);
    }
  }
  return signature;
}

// Made once per item's fields, which a patched index shares with the index it came from.
const signatures = new WeakMap<SearchFields, Int32Array>();

/** Makes the signature of an item's fields ahead of the candidates that will take it (ListIndex.prepareSearch()). */
export function prepareSignature(fields: SearchFields): void {
  signatureOfItem(fields);
}

function signatureOfItem(fields: SearchFields): Int32Array {
  let signature = signatures.get(fields);
  if (signature === undefined) {
    signature = signatureOf(fields);
    signatures.set(fields, signature);
  }
  return signature;
}

/** The bits a text holding `pattern` must have, as signature words and masks; null when it has no letter pair. */
function patternBits(pattern: string): { words: number[]; bits: number[] } | null {
  if (pattern.length < 2) return null;
  const words: number[] = [];
  const bits: number[] = [];
  for (let at = 1; at < pattern.length; at += 1) {
    const bit = pairBit(pattern.charCodeAt(at - 1), pattern.charCodeAt(at));
    words.push(bit >> 5);
    bits.push(1 << (bit & 31));
  }
  return { words, bits };
}

type PatternBits = NonNullable<ReturnType<typeof patternBits>>;

/**
 * Words shorter than this narrow too little to pay for the look: "co" is in most items. They are
 * left to rankOf, as is a word with a pattern this short (its compact form: "a-1" is "a1").
 */
const MIN_PATTERN_LENGTH = 3;

export class SearchCandidates {
  /** Every item's signature, one after another: SIGNATURE_WORDS numbers per position. */
  private readonly signatures: Int32Array;
  private readonly codes: readonly string[];

  /** `fields` by position, as the index holds them; `signatures`, theirs when already made (patched()). */
  constructor(fields: readonly SearchFields[], signatures?: Int32Array) {
    this.codes = fields.map((item) => item.code);
    if (signatures !== undefined) {
      this.signatures = signatures;
      return;
    }
    this.signatures = new Int32Array(fields.length * SIGNATURE_WORDS);
    fields.forEach((item, position) => this.signatures.set(signatureOfItem(item), position * SIGNATURE_WORDS));
  }

  /**
   * These candidates for a patched list: `from[position]` is where a kept item stood here, or
   * -1 for a new item; `fields` are the patched list's. A patch keeps its items in order, so the
   * kept signatures are copied in runs rather than looked up one by one (a save at 25,000 parts
   * made them all again: 2 % of a server's time while staff saved a part a second).
   */
  patched(from: ArrayLike<number>, fields: readonly SearchFields[]): SearchCandidates {
    const signatures = new Int32Array(fields.length * SIGNATURE_WORDS);
    let position = 0;
    while (position < from.length) {
      const start = from[position]!;
      if (start < 0) {
        signatures.set(signatureOfItem(fields[position]!), position * SIGNATURE_WORDS);
        position += 1;
        continue;
      }
      let end = position + 1;
      while (end < from.length && from[end] === start + (end - position)) end += 1;
      signatures.set(
        this.signatures.subarray(start * SIGNATURE_WORDS, (start + end - position) * SIGNATURE_WORDS),
        position * SIGNATURE_WORDS,
      );
      position = end;
    }
    return new SearchCandidates(fields, signatures);
  }

  /**
   * A mark (1) for each position `query` may match; null when no word is long enough to narrow
   * the search, so that every item must be tried.
   */
  of(query: SearchQuery): Uint8Array | null {
    let candidates: Uint8Array | null = null;
    for (const word of query.words) {
      const patterns = patternsOf(word);
      if (patterns === null) continue;
      const found = new Uint8Array(this.codes.length);
      for (const pattern of patterns) this.markHolding(pattern, found);
      this.markCodesStarting(word.asCode, found);
      if (candidates === null) candidates = found;
      else for (let position = 0; position < found.length; position += 1) candidates[position]! &= found[position]!;
    }
    if (candidates !== null) this.markCodesStarting(query.compact, candidates);
    return candidates;
  }

  /** Marks the positions whose signature has every bit of `pattern`. */
  private markHolding({ words, bits }: PatternBits, found: Uint8Array): void {
    const signatures = this.signatures;
    for (let position = 0, base = 0; position < found.length; position += 1, base += SIGNATURE_WORDS) {
      let all = true;
      for (let n = 0; n < words.length && all; n += 1) all = (signatures[base + words[n]!]! & bits[n]!) !== 0;
      if (all) found[position] = 1;
    }
  }

  private markCodesStarting(prefix: string, found: Uint8Array): void {
    if (prefix === '') return;
    const codes = this.codes;
    for (let position = 0; position < codes.length; position += 1) {
      if (codes[position]!.startsWith(prefix)) found[position] = 1;
    }
  }
}

/** The letter pairs of what `mayContain` looks for a word as; null when one of them is too short. */
function patternsOf({ word, compact, corrections }: QueryWord): PatternBits[] | null {
  const texts = [word, ...corrections, ...(compact === null ? [] : [compact])];
  if (texts.some((text) => text.length < MIN_PATTERN_LENGTH)) return null;
  return texts.map((text) => patternBits(text)!);
}
