/**
 * `npm run bench:load [-- --quick] [-- --spare-parts N] [-- --out FILE]`: only the server-load
 * parts of `npm run bench` (the load shedding guard and the open-loop load mix), with their
 * budgets, for work on the server's behaviour under load without the browser parts.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { loadMixOptions, runLoadMix } from './load-mix';
import { loadMixBudgets, loadMixSection } from './load-mix-report';
import { guardOptions, measureOverloadGuard } from './load-shedding';
import { overloadGuardBudgets, overloadGuardSection } from './load-shedding-report';
import { runBenchScript } from './processes';
import { startGrownServer } from './grown-server';
import { budgetTable, printSection } from './report-format';
import { startServer } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const { server: seeded, dataDir } = await startGrownServer({
    repoRoot,
    webDistDir: options.webDistDir,
    spareParts: options.sparePartsLarge,
    log,
  });
  await seeded.stop();
  const overloadGuard = await measureOverloadGuard(
    (loadShedding) => startServer({ repoRoot, dataDir, webDistDir: options.webDistDir, loadShedding }),
    guardOptions(options.quick),
    log,
  );
  log('starting the server as deployed (load shedding on) for the load mix');
  const on = await startServer({ repoRoot, dataDir, webDistDir: options.webDistDir });
  const loadMix = await runLoadMix(on.origin, loadMixOptions(options.quick), on.exitInfo, log);
  await on.stop();

  const budgets = [...overloadGuardBudgets(overloadGuard), ...loadMixBudgets(loadMix)];
  const report = { startedAt, finishedAt: new Date().toISOString(), options, overloadGuard, loadMix, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    [
      ...printSection(overloadGuardSection(overloadGuard)),
      ...printSection(loadMixSection(loadMix)),
      '\nBudgets (informational)',
      budgetTable(budgets),
    ].join('\n'),
  );
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
  if (loadMix.serverExited !== null || loadMix.healthAfter.status === null) process.exitCode = 1;
}

runBenchScript(main);
