import { spawn } from 'node:child_process';
import os from 'node:os';
import { ownedCleanup, stopChild, track } from './processes';

/**
 * A busy machine (issue 36): one process per core that spins at normal priority, so the browser
 * gets about half of what it would on a quiet machine, as it does when a build, a test run or a
 * second tab's work shares the computer. Returns the function that stops them.
 */
export function busyMachine(cores = os.availableParallelism()): () => Promise<void> {
  const spinners = Array.from({ length: cores }, () =>
    track(spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore', detached: true })),
  );
  return ownedCleanup(async () => {
    await Promise.all(spinners.map((spinner) => stopChild(spinner, 1000)));
  });
}
