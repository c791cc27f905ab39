import { describe, expect, it } from 'vitest';
import { compareRows, parseCompareIds } from './compare-rows';

const machine = (specificationList: Parameters<typeof compareRows>[0][number]['specificationList']) => ({
  specificationList,
});

describe('compareRows', () => {
  it('aligns rows by key whatever the spelling, in first-seen order, missing ones empty', () => {
    const rows = compareRows([
      machine([
        { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
        { key: 'Control', value: 'Manual' },
      ]),
      machine([
        { key: 'Spindle speed', value: 'max', number: 2000, unit: 'rpm' },
        { key: 'bar  Capacity', value: '', number: 50, unit: 'mm' },
      ]),
    ]);
    expect(rows.map((row) => row.key)).toEqual(['Bar capacity', 'Control', 'Spindle speed']);
    expect(rows[0]!.cells.map((cell) => cell?.text)).toEqual(['38 mm', '50 mm']);
    expect(rows[1]!.cells).toEqual([{ text: 'Manual', entered: null }, null]);
    expect(rows[2]!.cells.map((cell) => cell?.text ?? null)).toEqual([null, '2,000 rpm (max)']);
    expect(rows.map((row) => row.differs)).toEqual([true, true, true]);
  });

  it('shows a row in the unit most machines use, converting the others and saying what was entered', () => {
    const [bar, power] = compareRows([
      machine([
        { key: 'Bar capacity', value: '', number: 38, unit: 'mm' },
        { key: 'Motor power', value: '', number: 5, unit: 'HP' },
      ]),
      machine([
        { key: 'Bar capacity', value: '', number: 1.5, unit: 'inch' },
        { key: 'Motor power', value: '', number: 3.7285, unit: 'kW' },
      ]),
      machine([
        { key: 'Bar capacity', value: '', number: 38.1, unit: 'mm' },
        { key: 'Motor power', value: '', number: 5, unit: 'HP' },
      ]),
    ]);
    expect(bar!.cells).toEqual([
      { text: '38 mm', entered: null },
      { text: '38.1 mm', entered: '1.5 inch' },
      { text: '38.1 mm', entered: null },
    ]);
    expect(bar!.differs).toBe(true);
    // 3.7285 kW is 5 HP: the same, once converted.
    expect(power!.cells.map((cell) => cell?.text)).toEqual(['5 HP', '5 HP', '5 HP']);
    expect(power!.differs).toBe(false);
  });

  it('leaves rows whose units cannot be converted as entered', () => {
    const [row] = compareRows([
      machine([{ key: 'Weight', value: '', number: 1200, unit: 'kg' }]),
      machine([{ key: 'Weight', value: 'about 1.2 tonnes' }]),
    ]);
    expect(row!.cells.map((cell) => cell?.text)).toEqual(['1,200 kg', 'about 1.2 tonnes']);
    expect(row!.differs).toBe(true);
  });

  it('marks nothing as different for a single machine', () => {
    expect(compareRows([machine([{ key: 'Type', value: 'All geared' }])])[0]!.differs).toBe(false);
  });
});

describe('parseCompareIds', () => {
  it('keeps ids once each, at most the maximum, and drops what is not an id', () => {
    const a = '00000000-0000-4000-8000-000000000001';
    const b = '00000000-0000-4000-8000-000000000002';
    expect(parseCompareIds(`${a},nope,${b},${a}`, 4)).toEqual([a, b]);
    expect(parseCompareIds(`${a},${b}`, 1)).toEqual([a]);
    expect(parseCompareIds(null, 4)).toEqual([]);
  });
});
