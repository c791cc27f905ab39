import { describe, expect, it } from 'vitest';
import { translatorFor } from '@/testing/locale';
import { formatIndianNumber, formatRupees, savePercent } from './format';

describe('formatRupees', () => {
  it('uses Indian digit grouping with no decimals', () => {
    expect(formatRupees(1_500_000)).toBe('₹15,00,000');
    expect(formatRupees(4_500_000)).toBe('₹45,00,000');
    expect(formatRupees(28_000)).toBe('₹28,000');
    expect(formatRupees(999.6)).toBe('₹1,000');
  });

  it('says "Price on request" when there is no price', () => {
    expect(formatRupees(null)).toBe('Price on request');
    expect(formatRupees(undefined)).toBe('Price on request');
    expect(formatRupees(Number.NaN)).toBe('Price on request');
  });

  it('formats a zero price as a price', () => {
    expect(formatRupees(0)).toBe('₹0');
  });
});

describe('savePercent', () => {
  it('is the rounded saving over the original price', () => {
    expect(savePercent(1_500_000, 2_000_000)).toBe(25);
    expect(savePercent(2, 3)).toBe(33);
    expect(savePercent(1, 3)).toBe(67);
  });

  it('is null when there is nothing to compare or no saving', () => {
    expect(savePercent(null, 2_000_000)).toBeNull();
    expect(savePercent(1_500_000, null)).toBeNull();
    expect(savePercent(1_500_000, 0)).toBeNull();
    expect(savePercent(2_000_000, 2_000_000)).toBeNull();
    expect(savePercent(2_500_000, 2_000_000)).toBeNull();
  });
});

describe('formatRupees and formatIndianNumber in the page language', () => {
  it('says "Price on request" in Tamil and Hindi, with the same Indian digit grouping', () => {
    expect(formatRupees(null, translatorFor('ta'))).toBe('விலைக்குத் தொடர்புகொள்ளவும்');
    expect(formatRupees(undefined, translatorFor('hi'))).toBe('कीमत के लिए संपर्क करें');
    expect(formatRupees(1_500_000, translatorFor('ta'))).toBe('₹15,00,000');
    expect(formatRupees(1_500_000, translatorFor('hi'))).toBe('₹15,00,000');
    expect(formatIndianNumber(1_234_567, translatorFor('hi'))).toBe('12,34,567');
  });

  it('prints English byte for byte as without a translator', () => {
    const english = translatorFor('en');
    for (const amount of [null, undefined, Number.NaN, 0, 999.6, 28_000, 4_500_000]) {
      expect(formatRupees(amount, english)).toBe(formatRupees(amount));
    }
    for (const count of [0, 7, 1_000, 1_00_000, 12_34_567]) {
      expect(formatIndianNumber(count, english)).toBe(formatIndianNumber(count));
    }
  });
});
