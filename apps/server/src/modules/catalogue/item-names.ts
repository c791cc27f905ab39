import type { SearchSource } from './list-search';

// Everything but letters and digits: "NP-38", "np 38" and "NP38" all read "np38". Marks stay:
// Tamil and Devanagari vowel signs are part of their words.
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{M}\p{N}]+/u;

/** `text` in lower case with only its letters and digits (split and joined: see compactCode). */
export const lettersAndDigits = (text: string): string => text.toLowerCase().split(NOT_LETTER_OR_DIGIT).join('');

/** Shorter names ("Gear", "Pin") occur inside too many ordinary sentences to mean the item. */
export const MIN_NAME_LETTERS = 6;

/**
 * The codes and names of one list's items, letters and digits only, for finding the items a
 * sentence names (the chat helper): by code, by the whole name, or by a phrase inside names.
 * Positions are the list's name order.
 */
export class ItemNames {
  private readonly byCode = new Map<string, number[]>();
  /** Each item's names: English first, then its Tamil and Hindi ones (decision 072). */
  private readonly names: readonly (readonly string[])[];

  constructor(sources: readonly SearchSource[]) {
    this.names = sources.map((source) => [
      lettersAndDigits(source.name),
      ...(source.translated ?? []).flatMap((t) => (t.name ? [lettersAndDigits(t.name)] : [])),
    ]);
    sources.forEach((source, position) => {
      const code = source.code ? lettersAndDigits(source.code) : '';
      if (code === '') return;
      const same = this.byCode.get(code);
      if (same) same.push(position);
      else this.byCode.set(code, [position]);
    });
  }

  /** The items whose code is `code` (letters and digits only). */
  withCode(code: string): readonly number[] {
    return this.byCode.get(code) ?? [];
  }

  /** The items whose whole name occurs in `text` (letters and digits only). */
  namedWithin(text: string): number[] {
    const found: number[] = [];
    this.names.forEach((names, position) => {
      if (names.some((name) => name.length >= MIN_NAME_LETTERS && text.includes(name))) found.push(position);
    });
    return found;
  }

  /** The items whose name contains `phrase` (letters and digits only). */
  namesContaining(phrase: string): number[] {
    const found: number[] = [];
    if (phrase === '') return found;
    this.names.forEach((names, position) => {
      if (names.some((name) => name.includes(phrase))) found.push(position);
    });
    return found;
  }
}
