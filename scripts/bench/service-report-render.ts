/**
 * How long a closed call's service report PDF takes to render in the process that serves it
 * (issue 40): a typical report in each language, median of 5 after a first render that pays for the
 * fonts, and a report whose complaint and work done are single words of thousands of characters
 * (pasted, never typed) that the line breakers must cut. Measured here, not in the unit tests, which
 * check what the PDFs say.
 */
import { LOCALES, type Locale } from '@capstan/shared';
import { renderServiceReportPdf } from '../../apps/server/src/modules/service-requests/service-report-pdf';
import { serviceReportDocument } from '../../apps/server/test/helpers/service-report-documents';
import { median } from './stats';

export interface ServiceReportRenderFigures {
  /** Median of 5 renders of a typical report, after a first one. */
  typicalMedianMs: Record<Locale, number>;
  /** One render of the report with a 5,000-character and a 2,500-character word (Tamil). */
  longWordMs: number;
}

const RUNS = 5;

async function timed(render: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await render();
  return performance.now() - started;
}

export async function measureServiceReportRender(): Promise<ServiceReportRenderFigures> {
  const typicalMedianMs = {} as Record<Locale, number>;
  for (const locale of LOCALES) {
    const document = serviceReportDocument(locale);
    await renderServiceReportPdf(document);
    const runs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await timed(() => renderServiceReportPdf(document)));
    typicalMedianMs[locale] = median(runs) ?? Number.NaN;
  }
  const tamil = serviceReportDocument('ta');
  const longWordMs = await timed(() =>
    renderServiceReportPdf({
      ...tamil,
      symptom: 'X'.repeat(5000),
      report: { ...tamil.report, workDone: 'க'.repeat(2500) },
    }),
  );
  return { typicalMedianMs, longWordMs };
}
