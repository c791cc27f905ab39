import { describe, expect, it } from 'vitest';
import {
  convertSpecNumber,
  formatSpecification,
  itemCodeSchema,
  machineCategorySlug,
  SPEC_UNITS,
  specificationListSchema,
  specUnitFamily,
} from '@capstan/shared';

describe('formatSpecification', () => {
  it('prints the number in the Indian locale, a space and the unit', () => {
    expect(formatSpecification({ value: '', number: 38, unit: 'mm' })).toBe('38 mm');
    expect(formatSpecification({ value: '', number: 100000, unit: 'kg' })).toBe('1,00,000 kg');
    expect(formatSpecification({ value: '', number: 1234567.891234, unit: 'mm/min' })).toBe('12,34,567.891 mm/min');
    expect(formatSpecification({ value: '', number: 0.5, unit: 'μm' })).toBe('0.5 μm');
  });

  it('puts no space before the degree sign', () => {
    expect(formatSpecification({ value: '', number: 45, unit: '°' })).toBe('45°');
  });

  it('adds the text as a remark in brackets, and prints text alone for rows without a number', () => {
    expect(formatSpecification({ value: 'max', number: 2000, unit: 'rpm' })).toBe('2,000 rpm (max)');
    expect(formatSpecification({ value: '38 mm' })).toBe('38 mm');
    expect(formatSpecification({ value: 'Hardened', number: null, unit: null })).toBe('Hardened');
  });

  it('prints a value once when the text only repeats the number and unit', () => {
    expect(formatSpecification({ value: '600 mm', number: 600, unit: 'mm' })).toBe('600 mm');
    expect(formatSpecification({ value: '600MM', number: 600, unit: 'mm' })).toBe('600 mm');
    expect(formatSpecification({ value: '1,500 rpm', number: 1500, unit: 'rpm' })).toBe('1,500 rpm');
    expect(formatSpecification({ value: '600', number: 600, unit: 'mm' })).toBe('600 mm');
    expect(formatSpecification({ value: '45°', number: 45, unit: '°' })).toBe('45°');
    // Anything more than the number is a remark and stays.
    expect(formatSpecification({ value: '600 mm max', number: 600, unit: 'mm' })).toBe('600 mm (600 mm max)');
    expect(formatSpecification({ value: '650 mm', number: 600, unit: 'mm' })).toBe('600 mm (650 mm)');
  });

  it('stores a row whose text repeats its number with the number alone', () => {
    expect(
      specificationListSchema.parse([
        { key: 'Swing', value: '600 mm', number: 600, unit: 'mm' },
        { key: 'Speed', value: 'max', number: 2000, unit: 'rpm' },
      ]),
    ).toEqual([
      { key: 'Swing', value: '', number: 600, unit: 'mm' },
      { key: 'Speed', value: 'max', number: 2000, unit: 'rpm' },
    ]);
  });

  it('prints a number without a unit as a plain count', () => {
    expect(formatSpecification({ value: '', number: 6, unit: null })).toBe('6');
  });
});

describe('convertSpecNumber and specUnitFamily', () => {
  it('converts mm and inch, kW and HP, mm/min and m/min both ways', () => {
    expect(convertSpecNumber(25.4, 'mm', 'inch')).toBeCloseTo(1, 10);
    expect(convertSpecNumber(2, 'inch', 'mm')).toBeCloseTo(50.8, 10);
    expect(convertSpecNumber(1, 'HP', 'kW')).toBeCloseTo(0.7457, 4);
    expect(convertSpecNumber(7.5, 'kW', 'HP')).toBeCloseTo(10.058, 3);
    expect(convertSpecNumber(1500, 'mm/min', 'm/min')).toBeCloseTo(1.5, 10);
    expect(convertSpecNumber(2, 'm/min', 'mm/min')).toBeCloseTo(2000, 10);
    expect(convertSpecNumber(12, 'rpm', 'rpm')).toBe(12);
  });

  it('answers null between units of different quantities', () => {
    expect(convertSpecNumber(10, 'mm', 'kg')).toBeNull();
    expect(convertSpecNumber(10, 'kW', 'rpm')).toBeNull();
    expect(convertSpecNumber(10, 'mm', 'm/min')).toBeNull();
    expect(convertSpecNumber(Number.NaN, 'mm', 'inch')).toBeNull();
  });

  it('groups exactly the convertible units', () => {
    expect(specUnitFamily('mm')).toBe(specUnitFamily('inch'));
    expect(specUnitFamily('kW')).toBe(specUnitFamily('HP'));
    expect(specUnitFamily('mm/min')).toBe(specUnitFamily('m/min'));
    const families = new Set(SPEC_UNITS.map(specUnitFamily));
    expect(families.size).toBe(SPEC_UNITS.length - 3);
  });
});

describe('specificationListSchema with typed rows', () => {
  it('accepts text rows, number + unit rows with or without a remark, and a plain count', () => {
    const parsed = specificationListSchema.parse([
      { key: 'Type', value: 'All geared' },
      { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
      { key: 'Spindle speed', value: 'max', number: '2,000', unit: 'rpm' },
      { key: 'Stations', number: 6 },
    ]);
    expect(parsed).toEqual([
      { key: 'Type', value: 'All geared' },
      { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
      { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
      { key: 'Stations', value: '', number: 6, unit: null },
    ]);
  });

  it('drops blank rows and refuses a unit outside the list, a unit without a number, a row with neither', () => {
    expect(specificationListSchema.parse([{ key: ' ', value: '', number: '' }])).toEqual([]);
    expect(specificationListSchema.safeParse([{ key: 'Bore', number: 25, unit: 'cm' }]).success).toBe(false);
    expect(specificationListSchema.safeParse([{ key: 'Bore', value: '', unit: 'mm' }]).success).toBe(false);
    expect(specificationListSchema.safeParse([{ key: 'Bore', value: '' }]).success).toBe(false);
    expect(specificationListSchema.safeParse([{ key: 'Bore', number: 'twenty', unit: 'mm' }]).success).toBe(false);
  });
});

describe('codes and category slugs', () => {
  it('accepts part numbers and refuses other characters or more than 40', () => {
    expect(itemCodeSchema.parse('  NP38-COL-25 ')).toBe('NP38-COL-25');
    expect(itemCodeSchema.safeParse('A/B_C.D 1').success).toBe(true);
    expect(itemCodeSchema.safeParse('NP38;drop').success).toBe(false);
    expect(itemCodeSchema.safeParse('X'.repeat(41)).success).toBe(false);
  });

  it('makes a slug of lower-case words joined by hyphens', () => {
    expect(machineCategorySlug('CNC lathe / Turning centre')).toBe('cnc-lathe-turning-centre');
    expect(machineCategorySlug('  Drehmaschine (Würth) ')).toBe('drehmaschine-wurth');
    expect(machineCategorySlug('***')).toBe('');
  });
});
