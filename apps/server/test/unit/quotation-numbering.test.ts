import { describe, expect, it } from 'vitest';
import { addDays, financialYear, quotationNumber } from '../../src/modules/quotations/quotation-numbering';

describe('quotation numbering', () => {
  it('counts the financial year from April to March in India time', () => {
    expect(financialYear(new Date('2027-03-31T18:29:59Z'))).toBe('2026-27'); // 23:59:59 on 31 March in India
    expect(financialYear(new Date('2027-03-31T18:30:00Z'))).toBe('2027-28'); // midnight, 1 April in India
    expect(financialYear(new Date('2026-04-01T00:00:00Z'))).toBe('2026-27');
    expect(financialYear(new Date('2026-12-31T20:00:00Z'))).toBe('2026-27'); // already 1 January in India
    expect(financialYear(new Date('2099-06-01T00:00:00Z'))).toBe('2099-00');
  });

  it('writes the prefix, the year and four digits (more past 9999), and the revision from the second', () => {
    expect(quotationNumber('KPM/Q', '2026-27', 42)).toBe('KPM/Q/2026-27/0042');
    expect(quotationNumber('KPM/Q', '2026-27', 42, 1)).toBe('KPM/Q/2026-27/0042');
    expect(quotationNumber('KPM/Q', '2026-27', 42, 2)).toBe('KPM/Q/2026-27/0042-R2');
    expect(quotationNumber('KPM', '2026-27', 12345)).toBe('KPM/2026-27/12345');
  });

  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
  });
});
