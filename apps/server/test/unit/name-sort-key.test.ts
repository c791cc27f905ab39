import { describe, expect, it } from 'vitest';
import { demoCatalogue } from '@capstan/demo-catalogue';
import { compareNames } from '@capstan/shared';
import { nameSortKey } from '../../src/modules/catalogue/name-sort-key';

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const CRAFTED = [
  'Part 9',
  'Part 10',
  'part 2',
  'Part 02',
  'Part 9a',
  'Part-9',
  'Part_9',
  'Part (9)',
  'Part/9',
  'Part.9',
  'Part, 9',
  'Part & Co',
  'Parts',
  'Part',
  'Éclair 5',
  'eclair 40',
  'NP-38 Collet',
  'NP38 Collet',
  'NP 38 collet',
  'Spindle 1000',
  'Spindle 999',
  'Spindle 0001',
  'Ø25 Collet',
  'Z-axis',
  'α bearing',
  'ஸ்பிண்டில்',
  'स्पिंडल',
  '10 mm Collet',
  '9 mm Collet',
];

describe('nameSortKey', () => {
  it('orders names as compareNames (SPEC §5) wherever it tells them apart', () => {
    const names = [
      ...CRAFTED,
      ...demoCatalogue.machines.map((item) => item.name),
      ...demoCatalogue.spareParts.map((item) => item.name),
      ...demoCatalogue.services.map((item) => item.name),
    ];
    const disagreements: string[] = [];
    for (const a of names) {
      for (const b of names) {
        const expected = Math.sign(compareNames(a, b));
        if (expected === 0) continue;
        if (Math.sign(byteOrder(nameSortKey(a), nameSortKey(b))) !== expected) disagreements.push(`${a} | ${b}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('gives names compareNames calls equal the same key', () => {
    expect(nameSortKey('Part 09')).toBe(nameSortKey('part 9'));
    expect(nameSortKey('Éclair')).toBe(nameSortKey('ECLAIR'));
  });
});
