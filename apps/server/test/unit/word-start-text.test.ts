import { describe, expect, it } from 'vitest';
import { includesAtWordStart, isPlainWord, wordStartText } from '../../src/modules/catalogue/list-search';

const TEXTS = [
  'spring collet 25 mm round bore',
  'all-geared capstan lathe np-38',
  'sub-spindle (ip67) seal; o-rings_and wipers',
  'part 21 of the set',
  'v-belt set b-section (set of 3)',
  'ஸ்பிண்டில் bearing, स्पिंडल-gear',
  'x',
  '',
];
const WORDS = [
  'collet',
  'col',
  'ollet',
  'geared',
  'gear',
  'np',
  '38',
  'ip67',
  'rings',
  'and',
  'wipers',
  '1',
  '21',
  'set',
  'b',
  'bearing',
  'gear',
  'x',
];

describe('wordStartText', () => {
  it('finds a plain word at a word start exactly where includesAtWordStart does', () => {
    const disagreements: string[] = [];
    for (const text of TEXTS) {
      for (const word of WORDS) {
        expect(isPlainWord(word), word).toBe(true);
        if (wordStartText(text).includes(` ${word}`) !== includesAtWordStart(text, word))
          disagreements.push(`${word} in ${text}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('calls a word with a separator or a bracket not plain', () => {
    expect(isPlainWord('np-38')).toBe(false);
    expect(isPlainWord('(ip67)')).toBe(false);
    expect(isPlainWord('')).toBe(false);
  });

  it('reads Tamil and Devanagari vowel signs as part of their words (decision 072)', () => {
    // The signs are marks, not letters; a word broken at each of them would match inside words.
    expect(isPlainWord('स्पिंडल')).toBe(true);
    expect(isPlainWord('கேப்ஸ்டன்')).toBe(true);
    expect(wordStartText('கேப்ஸ்டன் லேத்')).toBe(' கேப்ஸ்டன் லேத்');
  });
});
