/**
 * `node --import tsx scripts/bench/run-quotations.ts [-- --quick] [-- --out FILE]`: issue 39's
 * quotation figures alone, as `npm run bench` takes them: the 50-line quotation PDF rendered cold
 * in fresh processes (quotation-pdf.ts), and 200 quotations created at once through two instances
 * on one PostgreSQL (quotation-numbering.ts).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { runBenchScript } from './processes';
import { measureQuotationNumbering } from './quotation-numbering';
import { measureQuotationPdf } from './quotation-pdf';
import { quotationBudgets, quotationSection } from './quotation-report';
import { budgetTable, printSection } from './report-format';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const pdf = await measureQuotationPdf({ repoRoot, quick: options.quick, log });
  const numbering = await measureQuotationNumbering({
    repoRoot,
    webDistDir: options.webDistDir,
    lighthouseRuns: options.lighthouseRuns,
    log,
  });
  const quotations = { pdf, numbering };
  const budgets = quotationBudgets(quotations);
  const report = { startedAt, finishedAt: new Date().toISOString(), options, quotations, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log([...printSection(quotationSection(quotations)), '\nBudgets', budgetTable(budgets)].join('\n'));
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
}

runBenchScript(main);
