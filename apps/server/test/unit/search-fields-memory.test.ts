import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { compactCode, searchFieldsOf, type SearchSource } from '../../src/modules/catalogue/list-search';

// A full collection on demand, so the heap measured holds only what is still referenced.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const ITEMS = 5_000;

/** Bytes of heap each value made by `make` keeps alive, after a full collection before and after. */
function heapPerValue<T>(sources: readonly T[], make: (source: T) => unknown): number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept = sources.map(make);
  collectGarbage();
  const after = process.memoryUsage().heapUsed;
  expect(kept).toHaveLength(sources.length);
  return (after - before) / sources.length;
}

/** A description like the bench catalogue's: 120-180 letters, a separator every few of them. */
const describePart = (n: number) =>
  `Hardened spring-steel push-type collet no. ${n} with three slots and a ground 16 mm bore. ` +
  `A direct replacement for the collets of our NP-25/NP-38 capstan lathes (batch ${n % 97}).`;

const sources: SearchSource[] = Array.from({ length: ITEMS }, (_, n) => ({
  code: `NP38-COL-${n}`,
  name: `Spring Collet ${n} mm`,
  description: describePart(n),
  fits: ['NP-25 All-Geared Capstan Lathe NP-25', 'NP-38 Capstan Lathe NP-38'],
}));

/**
 * The search index keeps these for every item of a list (25,000 spare parts in the bench), and a
 * full garbage collection marks all of it while requests wait (decision 060). The string a global
 * regex `replace` returns kept about 1 KB per description; a joined one takes what its letters take.
 */
describe('search fields memory', () => {
  it('a compacted description keeps about the size of its letters', () => {
    const descriptions = sources.map((source) => source.description);
    const letters = descriptions.reduce((sum, text) => sum + text.length, 0) / descriptions.length;
    const perValue = heapPerValue(descriptions, compactCode);
    // A flat one-byte string is its letters plus a 16-byte header, rounded up to 8 (measured: 1.3
    // bytes per letter here with the array slot). The replace version took 10 per letter.
    expect(perValue).toBeLessThan(letters * 2);
  });

  it('one item’s search fields keep under 8 bytes per letter of its texts', () => {
    const letters =
      sources.reduce(
        (sum, source) =>
          sum +
          (source.code ?? '').length +
          source.name.length +
          source.description.length +
          source.fits!.join(' ').length,
        0,
      ) / sources.length;
    const perItem = heapPerValue(sources, (source) => {
      const fields = searchFieldsOf(source);
      // A search reads these whole, which flattens a string made of pieces.
      void fields.all.includes('\u0000');
      void fields.allCompact.includes('\u0000');
      return fields;
    });
    // Each text is kept as itself, compacted, and within `all` and `allCompact`: about 4 copies
    // of one-byte letters, plus the objects that hold them (measured: 4.8 per letter). The replace
    // version took 18 per letter.
    expect(perItem).toBeLessThan(letters * 8);
  });
});
