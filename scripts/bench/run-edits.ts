/**
 * `npm run bench:edits [-- --quick] [-- --spare-parts N] [-- --out FILE]`: issue 37's reads while
 * staff edit, alone — a server on SQLite grown to N spare parts (25,000 by default), 50 readers
 * with and without a save a second and an import a minute (reads-under-edits.ts), a minute each.
 * `npm run bench` runs it too.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { runBenchScript } from './processes';
import { startGrownServer } from './grown-server';
import {
  measureReadsUnderEdits,
  READS_UNDER_EDITS_SECONDS,
  readsUnderEditsBudgets,
  readsUnderEditsSection,
} from './reads-under-edits';
import { budgetTable, printSection } from './report-format';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const { server: seeded } = await startGrownServer({
    repoRoot,
    webDistDir: options.webDistDir,
    spareParts: options.sparePartsLarge,
    log,
  });
  const readsUnderEdits = await measureReadsUnderEdits({
    session: { origin: seeded.origin, email: seeded.adminEmail, password: seeded.adminPassword },
    spareParts: options.sparePartsLarge,
    connections: 50,
    seconds: options.quick ? 5 : READS_UNDER_EDITS_SECONDS,
    log,
  });
  await seeded.stop();

  const budgets = readsUnderEditsBudgets(readsUnderEdits);
  const report = { startedAt, finishedAt: new Date().toISOString(), options, readsUnderEdits, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log([...printSection(readsUnderEditsSection(readsUnderEdits)), '\nBudgets', budgetTable(budgets)].join('\n'));
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
}

runBenchScript(main);
