import { compareNames } from '@capstan/shared';
import { describe, expect, it } from 'vitest';
import { firstInOrder } from '../../src/modules/catalogue/first-in-order';

interface Row {
  id: string;
  name: string;
}

const byName = (a: Row, b: Row) => compareNames(a.name, b.name);

describe('firstInOrder', () => {
  it('keeps the same first rows as sorting them all, in the name order of SPEC §5', () => {
    // A fixed pseudo-random catalogue: names with numbers, cases and repeats.
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const words = ['Collet', 'bearing', 'Spindle', 'gib', 'Tool post'];
    const rows: Row[] = Array.from({ length: 3000 }, (_, i) => ({
      id: `id-${String(i).padStart(4, '0')}`,
      name: `${words[next() % words.length]} ${next() % 120}`,
    }));
    for (const count of [1, 50, 2999, 3000, 5000]) {
      // Array.prototype.sort is stable: equal names keep the input order, as firstInOrder must.
      expect(firstInOrder(rows, count, byName)).toEqual([...rows].sort(byName).slice(0, count));
    }
    const first = firstInOrder(rows, 3, byName).map((row) => row.name);
    expect(first[0]).toMatch(/^bearing \d+$/);
  });

  it('puts "Part 9" before "Part 10" and keeps equal names in the order given', () => {
    const rows: Row[] = [
      { id: 'a', name: 'Part 10' },
      { id: 'b', name: 'part 9' },
      { id: 'c', name: 'Part 9' },
      { id: 'd', name: 'Part 2' },
    ];
    expect(firstInOrder(rows, 3, byName).map((row) => row.id)).toEqual(['d', 'b', 'c']);
  });

  it('returns nothing for a count of 0 and everything for a count beyond the rows', () => {
    const rows: Row[] = [
      { id: 'x', name: 'B' },
      { id: 'y', name: 'A' },
    ];
    expect(firstInOrder(rows, 0, byName)).toEqual([]);
    expect(firstInOrder(rows, 10, byName).map((row) => row.id)).toEqual(['y', 'x']);
  });
});
