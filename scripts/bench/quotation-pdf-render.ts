/**
 * One cold render of a 50-line quotation PDF, in the process this file starts (quotation-pdf.ts
 * runs it once per sample): the fonts are read and the start-up warm-up is run first, as a running
 * server has done (main.ts), then this quotation's first render is timed, then a few more. Prints its figures as one line of JSON.
 */
import { renderQuotationPdf } from '../../apps/server/src/modules/quotations/quotation-pdf';
import { warmUpQuotationPdf } from '../../apps/server/src/modules/quotations/quotation-pdf-warm-up';
import { specSheetFonts } from '../../apps/server/src/modules/spec-sheet/spec-sheet-fonts';
import { interStateDocument } from '../../apps/server/test/helpers/quotation-documents';
import { QUOTATION_PDF_LINES } from './quotation-pdf';

const WARM_RENDERS = 5;

async function main(): Promise<void> {
  const document = interStateDocument(QUOTATION_PDF_LINES);
  const fontsStarted = performance.now();
  await specSheetFonts();
  // What a running server has done once after it started (main.ts): not this document's render.
  await warmUpQuotationPdf();
  const fontsMs = performance.now() - fontsStarted;

  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const pdf = await renderQuotationPdf(document);
  const coldMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // On a busy machine the wall time waits for a core; the process's CPU time does not.
  const coldCpuMs = (cpu.user + cpu.system) / 1000;

  const warmMs: number[] = [];
  for (let run = 0; run < WARM_RENDERS; run += 1) {
    const warmStarted = performance.now();
    await renderQuotationPdf(document);
    warmMs.push(performance.now() - warmStarted);
  }
  const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  process.stdout.write(`${JSON.stringify({ fontsMs, coldMs, coldCpuMs, warmMs, bytes: pdf.length, pages })}\n`);
}

await main();
