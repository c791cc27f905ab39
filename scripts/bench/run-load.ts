/**
 * `npm run bench:load [-- --quick] [-- --spare-parts N] [-- --out FILE]`: only the server-load
 * parts of `npm run bench` (the load shedding guard and the open-loop load mix), with their
 * budgets, for work on the server's behaviour under load without the browser parts.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args';
import { loadMixOptions, runLoadMix } from './load-mix';
import { loadMixBudgets, loadMixSection } from './load-mix-report';
import { guardOptions, measureOverloadGuard } from './load-shedding';
import { overloadGuardBudgets, overloadGuardSection } from './load-shedding-report';
import { cleanupAll, killAllNow, onCleanup } from './processes';
import { budgetTable, printSection } from './report-format';
import { growSpareParts } from './scale-seed';
import { startServer } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));

  log(`starting the server on ${dataDir} (seeding the demo catalogue; load shedding off)`);
  // The demo pictures are drawn after the server listens; stopped before they are all there, every
  // later server on this folder draws the rest while it is measured (the first rounds ran at half
  // speed, and that drawing counted as the guard's CPU).
  const seeded = await startServer({
    repoRoot,
    dataDir,
    webDistDir: options.webDistDir,
    loadShedding: false,
    waitForDemoPictures: true,
  });
  log(`growing to ${options.sparePartsLarge} spare parts`);
  await growSpareParts(dataDir, options.sparePartsLarge);
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

process.on('SIGINT', () => void cleanupAll().finally(() => process.exit(130)));
process.on('SIGTERM', () => void cleanupAll().finally(() => process.exit(143)));
process.on('exit', killAllNow);

main()
  .then(() => cleanupAll())
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanupAll();
    process.exitCode = 1;
  });
