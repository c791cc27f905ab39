/**
 * `node --import tsx scripts/bench/run-installed-base.ts [-- --out FILE]`: issue 40's figures alone, as
 * `npm run bench` takes them: the register of 20,000 installed machines searched by serial and by
 * phone (SQLite and PostgreSQL), a service request with 3 photos from a throttled phone, and the
 * service report PDF's render time. The reminders' daily run has its own script
 * (run-service-reminders.ts), also part of `npm run bench`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { installedBaseBudgets, installedBaseSection } from './installed-base-report';
import { measureRegisterSearch } from './installed-base-search';
import { runBenchScript } from './processes';
import { budgetTable, printSection } from './report-format';
import { measureServiceReportRender } from './service-report-render';
import { measureServiceRequestPhotos } from './service-request-photos';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const registerSearch = await measureRegisterSearch({ repoRoot, webDistDir: options.webDistDir, log });
  const servicePhotos = await measureServiceRequestPhotos({ repoRoot, webDistDir: options.webDistDir, log });
  const serviceReport = await measureServiceReportRender();
  const installedBase = { registerSearch, servicePhotos, serviceReport };
  const budgets = installedBaseBudgets(installedBase);
  const report = { startedAt, finishedAt: new Date().toISOString(), options, installedBase, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log([...printSection(installedBaseSection(installedBase)), '\nBudgets', budgetTable(budgets)].join('\n'));
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
}

runBenchScript(main);
