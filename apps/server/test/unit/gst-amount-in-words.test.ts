import { describe, expect, it } from 'vitest';
import { amountInWords, formatPaise } from '@capstan/shared';

// Amounts in words in the Indian system (issue 39, decision 075), given in paise.

describe('amountInWords', () => {
  it.each([
    // The example: ₹22,30,200.
    [223_020_000, 'Rupees Twenty-Two Lakh Thirty Thousand Two Hundred Only'],
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [2_100, 'Rupees Twenty-One Only'],
    [9_900, 'Rupees Ninety-Nine Only'],
    [1_000, 'Rupees Ten Only'],
    [1_900, 'Rupees Nineteen Only'],
    [10_100, 'Rupees One Hundred One Only'],
    [9_000_000, 'Rupees Ninety Thousand Only'],
    [10_000_100, 'Rupees One Lakh One Only'],
    [111_111_100, 'Rupees Eleven Lakh Eleven Thousand One Hundred Eleven Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [12_345_678_900, 'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine Only'],
    [100_000_000_000, 'Rupees One Hundred Crore Only'],
    [100_000_000_000_000, 'Rupees One Lakh Crore Only'],
    [
      99_999_999_999_900,
      'Rupees Ninety-Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only',
    ],
  ])('%i paise: %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('says the paise after the rupees, joined by the only "and"', () => {
    expect(amountInWords(10_050)).toBe('Rupees One Hundred and Fifty Paise Only');
    expect(amountInWords(10_105)).toBe('Rupees One Hundred One and Five Paise Only');
    expect(amountInWords(223_020_099)).toBe(
      'Rupees Twenty-Two Lakh Thirty Thousand Two Hundred and Ninety-Nine Paise Only',
    );
    expect(amountInWords(50)).toBe('Rupees Zero and Fifty Paise Only');
  });

  it('refuses what is not whole paise, 0 or more', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatPaise', () => {
  it('prints rupees and paise in Indian digit grouping', () => {
    expect(formatPaise(223_020_000)).toBe('₹22,30,200.00');
    expect(formatPaise(118_060)).toBe('₹1,180.60');
    expect(formatPaise(5)).toBe('₹0.05');
  });
});
