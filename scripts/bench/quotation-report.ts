import type { QuotationNumberingFigures } from './quotation-numbering';
import type { QuotationPdfFigures } from './quotation-pdf';
import type { BuyerPageFigures } from './quotation-buyer-page';
import { type BudgetRow, ms, type Section } from './report-format';

/** Issue 39's budgets for quotations. */
export const QUOTATION_GOALS = { pdfColdP99Ms: 300, numberingRequests: 200 } as const;

export interface QuotationFigures {
  pdf: QuotationPdfFigures;
  numbering: QuotationNumberingFigures;
}

/** "200 distinct, no gaps" when all is well, else what went wrong. */
function numberingVerdict(figures: QuotationNumberingFigures): { value: string; pass: boolean | null } {
  if (figures.notMeasured !== null) return { value: 'n/a', pass: null };
  const failed = figures.requests - figures.created;
  const problems = [
    failed > 0 ? `${failed} not created` : '',
    figures.duplicates.length > 0 ? `${figures.duplicates.length} duplicated` : '',
    figures.gaps.length > 0 ? `${figures.gaps.length} gaps` : '',
    figures.series.length > 1 ? `${figures.series.length} series` : '',
  ].filter((problem) => problem !== '');
  const value = `${figures.distinctNumbers} distinct, ${problems.length === 0 ? 'no gaps' : problems.join(', ')}`;
  return {
    value,
    pass: problems.length === 0 && figures.distinctNumbers === QUOTATION_GOALS.numberingRequests,
  };
}

/** The four Lighthouse scores (0-100) of the buyer's page, "100 / 100 / 100 / 100", and whether all are 100. */
function buyerPageScores(page: BuyerPageFigures): { value: string; pass: boolean | null } {
  const figures = page.figures;
  if (figures === null) return { value: 'n/a', pass: null };
  const scores = [figures.performance, figures.accessibility, figures.bestPractices, figures.seo];
  return {
    value: scores.map((score) => (score === null ? 'n/a' : String(Math.round(score)))).join(' / '),
    pass: scores.every((score) => score !== null && Math.round(score) === 100),
  };
}

export function quotationBudgets({ pdf, numbering }: QuotationFigures): BudgetRow[] {
  const verdict = numberingVerdict(numbering);
  const buyerPage = buyerPageScores(numbering.buyerPage);
  return [
    {
      budget: `quotation PDF with ${pdf.lines} lines, cold (p99)`,
      value: pdf.coldP99Ms === null ? 'n/a' : `${ms(pdf.coldP99Ms)} ms`,
      limit: `≤ ${QUOTATION_GOALS.pdfColdP99Ms} ms`,
      pass: pdf.coldP99Ms === null ? null : pdf.coldP99Ms <= QUOTATION_GOALS.pdfColdP99Ms,
    },
    {
      budget: `numbering: ${QUOTATION_GOALS.numberingRequests} quotations at once through two instances on PostgreSQL`,
      value: verdict.value,
      limit: `${QUOTATION_GOALS.numberingRequests} distinct, no gaps`,
      pass: verdict.pass,
    },
    {
      budget: "buyer's quotation page on a phone, Lighthouse mobile",
      value: buyerPage.value,
      limit: '100 / 100 / 100 / 100',
      pass: buyerPage.pass,
    },
  ];
}

export function quotationSection({ pdf, numbering }: QuotationFigures): Section {
  const section: Section = [
    '\nQuotations (issue 39)',
    {
      headers: ['figure', 'value', 'goal'],
      rows: [
        [
          `PDF with ${pdf.lines} lines, cold, ${pdf.coldMs.length} processes (p50 | p99 | max)`,
          `${ms(pdf.coldP50Ms)} | ${ms(pdf.coldP99Ms)} | ${ms(pdf.coldMaxMs)} ms`,
          `p99 ≤ ${QUOTATION_GOALS.pdfColdP99Ms} ms`,
        ],
        ['PDF, cold: CPU time of the process over it (median)', `${ms(pdf.coldCpuMedianMs)} ms`, '-'],
        ['PDF, warm renders in the same processes (median)', `${ms(pdf.warmMedianMs)} ms`, '-'],
        ['fonts and start-up warm-up before the first render (median)', `${ms(pdf.fontsMedianMs)} ms`, '-'],
        [
          'PDF size | pages',
          pdf.bytes === null ? 'n/a' : `${(pdf.bytes / 1024).toFixed(0)} KB | ${pdf.pages ?? 'n/a'}`,
          '-',
        ],
      ],
    },
    `PDF cold runs: ${pdf.coldMs.map((value) => value.toFixed(0)).join(', ')} ms`,
    `PDF method: ${pdf.method}`,
  ];
  if (numbering.notMeasured !== null) {
    section.push(`numbering: not measured: ${numbering.notMeasured}`);
    return section;
  }
  const failures = Object.entries(numbering.failures)
    .map(([status, count]) => `${count} × ${status === '0' ? 'no answer' : status}`)
    .join(', ');
  section.push(
    {
      headers: ['numbering', 'value'],
      rows: [
        [
          'quotations created (201)',
          `${numbering.created} of ${numbering.requests}${failures ? ` (${failures})` : ''}`,
        ],
        ['per instance', numbering.perInstance.map((instance) => String(instance.created)).join(' + ')],
        ['distinct numbers', String(numbering.distinctNumbers)],
        ['numbers', `${numbering.firstNumber ?? 'n/a'} … ${numbering.lastNumber ?? 'n/a'}`],
        [
          'duplicates | gaps',
          `${numbering.duplicates.length} | ${numbering.gaps.length}${numbering.gaps.length > 0 ? ` (${numbering.gaps.slice(0, 10).join(', ')})` : ''}`,
        ],
        [
          'all answered after | latency p50 | p99',
          `${ms(numbering.wallMs)} | ${ms(numbering.latencyP50Ms)} | ${ms(numbering.latencyP99Ms)} ms`,
        ],
      ],
    },
    `numbering method: ${numbering.method}`,
    numbering.buyerPage.figures === null
      ? `buyer page: not measured: ${numbering.buyerPage.notMeasured ?? 'n/a'}`
      : `buyer page: LCP ${ms(numbering.buyerPage.figures.lcpMs)} ms, TBT ${ms(numbering.buyerPage.figures.tbtMs)} ms; ${numbering.buyerPage.method}`,
  );
  return section;
}
