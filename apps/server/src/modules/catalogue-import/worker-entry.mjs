/**
 * Starts a worker thread on a module of the server (`workerData.entry`, a file URL). The server
 * runs its TypeScript through tsx, whose loader a worker thread does not inherit on Node 20
 * (`execArgv: ['--import', 'tsx']` leaves `.ts` unknown there), so a `.ts` entry is loaded through
 * tsx's API; a `.js` entry (a compiled build) is imported as it is.
 */
import { workerData } from 'node:worker_threads';

const { entry } = workerData;
if (entry.endsWith('.ts')) {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(entry, import.meta.url);
} else {
  await import(entry);
}
