import { describe, expect, it } from 'vitest';
import { checkNumbers } from './quotation-numbering';
import { quotationBudgets } from './quotation-report';

describe("the numbering bench's check", () => {
  it('finds duplicates, gaps and a second series', () => {
    expect(checkNumbers(['KPM/Q/2026-27/0001', 'KPM/Q/2026-27/0002', 'KPM/Q/2026-27/0003'])).toEqual({
      distinctNumbers: 3,
      duplicates: [],
      gaps: [],
      series: ['KPM/Q/2026-27'],
      firstNumber: 'KPM/Q/2026-27/0001',
      lastNumber: 'KPM/Q/2026-27/0003',
    });
    const bad = checkNumbers(['KPM/Q/2026-27/0002', 'KPM/Q/2026-27/0002', 'KPM/Q/2026-27/0005', 'X/Q/2026-27/0003']);
    expect(bad.distinctNumbers).toBe(3);
    expect(bad.duplicates).toEqual(['KPM/Q/2026-27/0002']);
    expect(bad.gaps).toEqual([4]);
    expect(bad.series).toEqual(['KPM/Q/2026-27', 'X/Q/2026-27']);
  });

  it('passes the budget only with every quotation created under a distinct number and no gap', () => {
    const numbers = Array.from({ length: 200 }, (_, index) => `KPM/Q/2026-27/${String(index + 1).padStart(4, '0')}`);
    const numbering = {
      notMeasured: null,
      requests: 200,
      created: 200,
      failures: {},
      ...checkNumbers(numbers),
      wallMs: 1,
      latencyP50Ms: 1,
      latencyP99Ms: 1,
      perInstance: [],
      method: '',
      buyerPage: { notMeasured: null, figures: null, method: '' },
    };
    const pdf = {
      lines: 50,
      coldMs: [120],
      coldP50Ms: 120,
      coldP99Ms: 120,
      coldMaxMs: 120,
      coldCpuMedianMs: 130,
      fontsMedianMs: 3,
      warmMedianMs: 60,
      bytes: 1,
      pages: 3,
      method: '',
    };
    const [pdfRow, numberingRow] = quotationBudgets({ pdf, numbering });
    expect(pdfRow).toMatchObject({ value: '120.0 ms', pass: true });
    expect(numberingRow).toMatchObject({ value: '200 distinct, no gaps', pass: true });
    const [, short] = quotationBudgets({
      pdf,
      numbering: { ...numbering, created: 199, ...checkNumbers(numbers.slice(1)) },
    });
    expect(short).toMatchObject({ value: '199 distinct, 1 not created', pass: false });

    const scores = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 };
    const lighthouseFigures = (overrides: Partial<typeof scores>) => ({
      url: '/q/x',
      preset: 'mobile' as const,
      runs: 3,
      ...scores,
      ...overrides,
      lcpMs: 700,
      tbtMs: 0,
      speedIndexMs: 700,
      cls: 0,
      mainThreadMs: 400,
      totalBytes: 1,
      lcpRunsMs: [],
      tbtRunsMs: [],
    });
    const buyerRow = (overrides: Partial<typeof scores>) =>
      quotationBudgets({
        pdf,
        numbering: {
          ...numbering,
          buyerPage: { notMeasured: null, figures: lighthouseFigures(overrides), method: '' },
        },
      })[2];
    expect(buyerRow({})).toMatchObject({ value: '100 / 100 / 100 / 100', pass: true });
    expect(buyerRow({ performance: 98 })).toMatchObject({ value: '98 / 100 / 100 / 100', pass: false });
    expect(quotationBudgets({ pdf, numbering })[2]).toMatchObject({ value: 'n/a', pass: null });
  });
});
