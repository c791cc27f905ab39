import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { stopChild, track } from './processes';
import { freePort } from './server';
import { median } from './stats';

/** The README's promise for a fresh clone on a small machine. */
export const FIRST_START_BUDGET_MS = 10_000;
const GIVE_UP_MS = 180_000;

export interface FirstStartFigures {
  /** `npm start` on an empty DATA_DIR (web build present) → first 200 on `/`, per run. */
  firstStartMs: number[];
  firstStartMedianMs: number | null;
  /** The same on the data folder the run before left (seeded; pictures maybe unfinished). */
  restartMs: number[];
  restartMedianMs: number | null;
}

async function firstOkHome(origin: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    const status = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`/ did not answer 200 within ${GIVE_UP_MS} ms of npm start:\n${output()}`);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * npm exits on SIGTERM before the server it started has finished its graceful shutdown: wait
 * for the port to close, so the next run neither meets the old server nor shares the CPU with it.
 */
async function untilClosed(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (await accepts(port)) {
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not stop`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Milliseconds from spawning `npm start` to the first 200 on `/`; the server is stopped after. */
async function timeStart(repoRoot: string, dataDir: string, webDistDir: string, fixedPort?: number): Promise<number> {
  const port = fixedPort ?? (await freePort());
  const started = performance.now();
  const child = track(
    spawn('npm', ['start'], {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      // As an operator would run it: no admin given (one is generated), demo seeding on.
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDistDir },
    }),
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  try {
    await firstOkHome(`http://127.0.0.1:${port}`, child, () => output);
    return performance.now() - started;
  } finally {
    await stopChild(child);
    await untilClosed(port);
  }
}

/**
 * Fresh starts (each on its own empty folder), each followed by a restart on what it left.
 * `port`: a fixed one instead of a free one.
 */
export async function measureFirstStart(
  repoRoot: string,
  webDistDir: string,
  runs: number,
  port?: number,
): Promise<FirstStartFigures> {
  const firstStartMs: number[] = [];
  const restartMs: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-first-start-'));
    try {
      firstStartMs.push(await timeStart(repoRoot, dataDir, webDistDir, port));
      restartMs.push(await timeStart(repoRoot, dataDir, webDistDir, port));
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  return { firstStartMs, firstStartMedianMs: median(firstStartMs), restartMs, restartMedianMs: median(restartMs) };
}
