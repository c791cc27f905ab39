import type { ChildProcess } from 'node:child_process';

/**
 * Every child the bench starts (server, Chromium for Lighthouse, Lighthouse itself) is spawned
 * detached, i.e. as the leader of its own process group, and registered here so that one call
 * ends them all, also on Ctrl-C or a crash.
 */
const children = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void>>();

export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Registers async cleanup (a Playwright browser, a temporary folder); returns the unregister. */
export function onCleanup(cleanup: () => Promise<void>): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

/**
 * `stop`, run once: at the end of a bench row, or from the cleanup if the run fails or is
 * interrupted first, whichever comes first.
 */
export function ownedCleanup(stop: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  const once = () => (done ??= stop());
  const unregister = onCleanup(once);
  return async () => {
    unregister();
    await once();
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** Asks politely, then forces after `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Children first (the server must stop before its data folder goes), then the rest. */
export async function cleanupAll(): Promise<void> {
  await Promise.all([...children].map((child) => stopChild(child, 3000)));
  for (const cleanup of [...cleanups]) {
    await cleanup().catch(() => undefined);
  }
  cleanups.clear();
}

/** Synchronous last resort for process exit, when async work is no longer possible. */
export function killAllNow(): void {
  for (const child of children) killGroup(child, 'SIGKILL');
}

/**
 * Runs a bench script's `main`: every process it started is stopped on success, failure, Ctrl-C
 * or SIGTERM; a failure exits 1, with `whyFailed()` (say, that the server died) when it knows.
 */
export function runBenchScript(main: () => Promise<void>, whyFailed: () => string | null = () => null): void {
  process.on('SIGINT', () => void cleanupAll().finally(() => process.exit(130)));
  process.on('SIGTERM', () => void cleanupAll().finally(() => process.exit(143)));
  process.on('exit', killAllNow);
  main()
    .then(() => cleanupAll())
    .catch(async (error: unknown) => {
      console.error(error);
      const reason = whyFailed();
      if (reason) console.error(`\nNote: ${reason}`);
      await cleanupAll();
      process.exitCode = 1;
    });
}
