import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { onCleanup } from './processes';
import { growSpareParts, waitForSpareParts } from './scale-seed';
import { type BenchServer, startServer } from './server';

/**
 * A bench server (load shedding off) on a new data folder, removed at cleanup, with the demo
 * catalogue and its pictures, grown to `spareParts` spare parts.
 */
export async function startGrownServer(options: {
  repoRoot: string;
  webDistDir: string;
  spareParts: number;
  log: (message: string) => void;
}): Promise<{ server: BenchServer; dataDir: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-data-'));
  onCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  options.log(`starting the server on ${dataDir} (seeding the demo catalogue; load shedding off)`);
  // The demo pictures are drawn after the server listens; stopped before they are all there, every
  // later server on this folder draws the rest while it is measured (the first rounds ran at half
  // speed, and that drawing counted as the guard's CPU).
  const server = await startServer({
    repoRoot: options.repoRoot,
    dataDir,
    webDistDir: options.webDistDir,
    loadShedding: false,
    waitForDemoPictures: true,
  });
  options.log(`growing to ${options.spareParts} spare parts`);
  const grown = await growSpareParts(dataDir, options.spareParts);
  await waitForSpareParts(server.origin, grown);
  return { server, dataDir };
}
