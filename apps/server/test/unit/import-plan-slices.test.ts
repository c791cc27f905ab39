import { describe, expect, it } from 'vitest';
import { planImport } from '../../src/modules/catalogue-import/import-plan';

describe('planning a large import', () => {
  it('gives the event loop back between slices of rows, so visitors are served while it runs', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      line: index + 2,
      cells: [`SVC-${index}`, `Service ${index}`, 'Two visits a year.', '48', 'Tamil Nadu'],
    }));
    let turns = 0;
    let running = true;
    const tick = () => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const plan = await planImport({
      kind: 'services',
      sheet: {
        header: ['code', 'name', 'description', 'spec: Response time [number]', 'spec: Coverage'],
        rows,
      },
      stored: [],
      machines: [],
      categories: [],
    });
    running = false;
    expect(plan.summary).toMatchObject({ rows: 10_000, create: 10_000, invalidRows: 0 });
    // One turn at least every 250 rows: planned all at once, the loop would not have turned once.
    expect(turns).toBeGreaterThanOrEqual(39);
  });
});
