/**
 * A string whose byte order (PostgreSQL's `COLLATE "C"`) is SPEC §5's name order as compareNames
 * gives it (Intl.Collator 'en', base strength, numeric), so the database can page a list by name
 * (decision 069). Ties are broken as compareIndexOrder does: by the name itself, then the id.
 *
 * What the collator does, and how the key follows it:
 * - case and accents do not count: the name is decomposed, its marks dropped and lower-cased;
 *   the stroked letters (ø, ł…) read as their plain ones;
 * - spaces, then punctuation, then digits, then letters: ICU's groups, each mapped below '0' in
 *   ICU's own order of the punctuation a catalogue uses;
 * - numbers compare by value ("Part 9" before "Part 10"): a run of digits becomes its length and
 *   its digits, without leading zeros;
 * - letters of other scripts keep their code point order, which is ICU's order of the scripts.
 */

// ICU's root order of the ASCII characters that are neither letters nor digits (whitespace first).
const PUNCTUATION_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
// From 0x02 up: 0x01 separates the parts of a row's whole key (rowSortKey).
const OTHER_SYMBOL = String.fromCharCode(PUNCTUATION_ORDER.length + 2);
const punctuationKeys = new Map(
  [...PUNCTUATION_ORDER].map((character, index) => [character, String.fromCharCode(index + 2)]),
);
const SEPARATOR = '\u0001';

const MARKS = /\p{M}/gu;
// Letters with a stroke that no decomposition takes apart, yet the collator reads as the plain one.
const STROKED: Readonly<Record<string, string>> = { ø: 'o', đ: 'd', ł: 'l', ħ: 'h', ı: 'i', ß: 'ss' };
const STROKED_LETTER = /[øđłħıß]/gu;
const DIGIT_RUN_OR_CHARACTER = /\d+|[\s\S]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const WHITESPACE = /\s/u;

export function nameSortKey(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(STROKED_LETTER, (letter) => STROKED[letter]!);
  let key = '';
  for (const [part] of folded.matchAll(DIGIT_RUN_OR_CHARACTER)) {
    if (part.length > 1 || (part >= '0' && part <= '9')) {
      const digits = part.replace(/^0+(?=\d)/, '');
      // '0' + length: below the letters for any run shorter than 49 digits.
      key += String.fromCharCode(0x30 + Math.min(digits.length, 48)) + digits;
    } else if (WHITESPACE.test(part)) {
      key += punctuationKeys.get(' ')!;
    } else if (LETTER_OR_DIGIT.test(part)) {
      key += part;
    } else {
      key += punctuationKeys.get(part) ?? OTHER_SYMBOL;
    }
  }
  return key;
}

/**
 * A row's whole place in the name order, as compareIndexOrder gives it: the name's key, then the
 * name's own characters, then the id. The separator sorts below every character of a key, so a
 * key that is the start of another comes first, as in the comparison.
 */
export function rowSortKey(name: string, id: string): string {
  return `${nameSortKey(name)}${SEPARATOR}${name}${SEPARATOR}${id}`;
}
