/**
 * `npm run bench:postgres [-- --quick] [-- --out FILE]`: issue 37's catalogue on PostgreSQL alone —
 * two servers behind nginx whose lists the database answers, grown to 25,000 and then 100,000
 * spare parts (2,000 and 8,000 with --quick), their memory and 50 readers with and without a save
 * a second and an import a minute at each size (postgres-catalogue.ts). `npm run bench` runs it too.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { runBenchScript } from './processes';
import {
  measurePostgresCatalogue,
  POSTGRES_CATALOGUE_SIZES,
  postgresCatalogueBudgets,
  postgresCatalogueSection,
} from './postgres-catalogue';
import { READS_UNDER_EDITS_SECONDS } from './reads-under-edits';
import { budgetTable, printSection } from './report-format';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const postgresCatalogue = await measurePostgresCatalogue({
    repoRoot,
    webDistDir: options.webDistDir,
    // BENCH_PG_SIZES=25000: one size only, e.g. to profile it (BENCH_CPU_PROF_DIR).
    sizes: process.env.BENCH_PG_SIZES
      ? process.env.BENCH_PG_SIZES.split(',').map(Number)
      : POSTGRES_CATALOGUE_SIZES[options.quick ? 'quick' : 'full'],
    seconds: options.quick ? 5 : READS_UNDER_EDITS_SECONDS,
    log,
  });
  const budgets = postgresCatalogueBudgets(postgresCatalogue);
  const report = { startedAt, finishedAt: new Date().toISOString(), options, postgresCatalogue, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    [...printSection(postgresCatalogueSection(postgresCatalogue)), '\nBudgets', budgetTable(budgets)].join('\n'),
  );
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
}

runBenchScript(main);
