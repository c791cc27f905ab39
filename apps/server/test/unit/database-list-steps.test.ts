import { describe, expect, it } from 'vitest';
import { dropOldestSteps } from '../../src/modules/catalogue/database-list';

const steps = (...sizes: number[]) => new Map(sizes.map((items, at) => [`${at}:${at + 1}`, { items }]));

describe('the changed items a database list keeps between revisions', () => {
  it('keeps the newest steps within both limits, oldest dropped first', () => {
    const kept = steps(10, 20, 30, 40);
    dropOldestSteps(kept, { steps: 3, items: 1000 });
    expect([...kept.keys()]).toEqual(['1:2', '2:3', '3:4']);
  });

  it("drops older steps, an import's among them, once their rows pass the item limit", () => {
    // Three price lists of 1,000 parts and a save: 40 MB of rows per process at 100,000 parts.
    const kept = steps(1000, 1000, 1000, 1);
    dropOldestSteps(kept, { steps: 8, items: 2000 });
    expect([...kept.keys()]).toEqual(['2:3', '3:4']);
  });

  it('keeps the newest step whatever it holds, and a step still being read counts as empty', () => {
    const kept = steps(5, 5000);
    dropOldestSteps(kept, { steps: 8, items: 2000 });
    expect([...kept.keys()]).toEqual(['1:2']);
    const reading = steps(1500, 0);
    dropOldestSteps(reading, { steps: 8, items: 2000 });
    expect(reading.size).toBe(2);
  });
});
