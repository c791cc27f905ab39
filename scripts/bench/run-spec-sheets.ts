/**
 * `node --import tsx scripts/bench/run-spec-sheets.ts [-- --quick] [-- --out FILE]`: the spec sheet
 * PDF figures alone (spec-sheet.ts: English, Tamil and Hindi cold renders, cached answers) on a
 * fresh server with the demo catalogue, as `npm run bench` takes them, without the rest of the bench.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { onCleanup, runBenchScript } from './processes';
import { budgetTable, printSection } from './report-format';
import { startServer } from './server';
import { measureSpecSheets } from './spec-sheet';
import { specSheetBudgets, specSheetSection } from './spec-sheet-report';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

let onFailure: () => string | null = () => null;

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));

  log(`starting the server on ${dataDir} (seeding the demo catalogue; load shedding off)`);
  const server = await startServer({
    repoRoot,
    dataDir,
    webDistDir: options.webDistDir,
    loadShedding: false,
    waitForDemoPictures: true,
  });
  onFailure = () => server.exitInfo();
  log('spec sheet PDFs: cold renders in English, then cached, then Tamil and Hindi');
  const specSheets = await measureSpecSheets(server.origin, options.quick);
  await server.stop();

  const budgets = specSheetBudgets(specSheets);
  const report = { startedAt, finishedAt: new Date().toISOString(), specSheets, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log([...printSection(specSheetSection(specSheets)), '\nBudgets', budgetTable(budgets)].join('\n'));
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
}

runBenchScript(main, () => onFailure());
