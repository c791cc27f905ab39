import { describe, expect, it } from 'vitest';
import { GST_STATE_CODES, GST_STATES, gstStateCodeByName, gstStateName, LOCALES } from '@capstan/shared';

describe('GST state names in the reader’s language', () => {
  it('names every state code in each language, each name once', () => {
    for (const locale of LOCALES) {
      const names = GST_STATE_CODES.map((code) => gstStateName(code, locale));
      expect(names.every((name) => name.trim() !== '')).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    }
    expect(gstStateName('33', 'en')).toBe(GST_STATES['33']);
    expect(gstStateName('33', 'ta')).toBe('தமிழ்நாடு');
    expect(gstStateName('27', 'hi')).toBe('महाराष्ट्र');
  });

  it('writes Tamil names in Tamil script and Hindi names in Devanagari', () => {
    for (const code of GST_STATE_CODES) {
      expect(gstStateName(code, 'ta')).toMatch(/^[\u0B80-\u0BFF\s()]+$/);
      expect(gstStateName(code, 'hi')).toMatch(/^[\u0900-\u097F\s()]+$/);
    }
  });

  it('shows a code it does not know as it is', () => {
    expect(gstStateName('40', 'ta')).toBe('40');
    expect(gstStateName('', 'hi')).toBe('');
  });

  it('finds a code by its name in any language, case and spaces ignored', () => {
    expect(gstStateCodeByName('  TAMIL NADU ')).toBe('33');
    expect(gstStateCodeByName('தமிழ்நாடு')).toBe('33');
    expect(gstStateCodeByName('कर्नाटक')).toBe('29');
    expect(gstStateCodeByName('Madras')).toBeUndefined();
  });
});
