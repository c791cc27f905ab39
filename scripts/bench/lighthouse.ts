import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CHROME_FLAGS, CHROME_PATH } from './browser';
import { onCleanup, stopChild, track } from './processes';
import { freePort } from './server';
import { median } from './stats';

export type Preset = 'mobile' | 'desktop';

const MAX_RETRIES = 2;
/** Every retried Lighthouse failure of this process, for the report's warnings. */
export const retries: string[] = [];

export interface LighthouseFigures {
  url: string;
  preset: Preset;
  runs: number;
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  /** How soon the first screen looks finished (the goal compares it with a stock WordPress's). */
  speedIndexMs: number | null;
  cls: number | null;
  /** Lighthouse's main-thread work breakdown: script, style, layout and paint, all of it (issue 36). */
  mainThreadMs: number | null;
  totalBytes: number | null;
  /** Each run's figure, in run order: the medians of near-zero TBTs hide how they spread. */
  lcpRunsMs: number[];
  tbtRunsMs: number[];
}

/** A page to run Lighthouse on, and what to do before each run (put the static limit's file back). */
export interface LighthouseTarget {
  url: string;
  beforeRun?: () => Promise<void>;
}

interface LighthouseReport {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/**
 * One Chromium for every Lighthouse run, started and ended by us (Lighthouse connects to it by
 * port and leaves it alone), so nothing outlives the bench.
 */
export async function startLighthouseChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-profile-'));
  const chrome = track(
    spawn(
      CHROME_PATH,
      [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
      {
        detached: true,
        stdio: 'ignore',
      },
    ),
  );
  const stop = async () => {
    await stopChild(chrome);
    await fs.rm(profile, { recursive: true, force: true });
  };
  const unregister = onCleanup(stop);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/json/version`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > deadline || chrome.exitCode !== null) {
      await stop();
      throw new Error('Chromium for Lighthouse did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    stop: async () => {
      unregister();
      await stop();
    },
  };
}

async function runOnce(repoRoot: string, chromePort: number, url: string, preset: Preset): Promise<LighthouseReport> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-lh-'));
  const outFile = path.join(outDir, 'report.json');
  try {
    const args = [
      url,
      `--port=${chromePort}`,
      '--output=json',
      `--output-path=${outFile}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--quiet',
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    ];
    const child = track(
      spawn(path.join(repoRoot, 'node_modules/.bin/lighthouse'), args, {
        cwd: repoRoot,
        detached: true,
        stdio: ['ignore', 'ignore', 'pipe'],
      }),
    );
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-5000)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    if (code !== 0) throw new Error(`Lighthouse exited with ${code} on ${url} (${preset}):\n${stderr}`);
    const report = JSON.parse(await fs.readFile(outFile, 'utf8')) as LighthouseReport;
    if (report.runtimeError) {
      throw new Error(`Lighthouse ${report.runtimeError.code} on ${url}: ${report.runtimeError.message}`);
    }
    return report;
  } finally {
    await fs.rm(outDir, { recursive: true, force: true });
  }
}

async function runWithRetries(
  repoRoot: string,
  chromePort: number,
  target: LighthouseTarget,
  preset: Preset,
): Promise<LighthouseReport> {
  // Lighthouse sometimes loses the trace (NO_NAVSTART: "Please run Lighthouse again"); a run
  // is retried twice before the bench counts Lighthouse as broken.
  for (let attempt = 1; ; attempt += 1) {
    await target.beforeRun?.();
    try {
      return await runOnce(repoRoot, chromePort, target.url, preset);
    } catch (error) {
      if (attempt > MAX_RETRIES) throw error;
      retries.push(
        `${target.url} (${preset}): ${error instanceof Error ? (error.message.split('\n')[1] ?? error.message) : String(error)}`,
      );
    }
  }
}

function summarize(url: string, preset: Preset, reports: LighthouseReport[]): LighthouseFigures {
  const score = (id: string) =>
    median(
      reports
        .map((r) => r.categories[id]?.score)
        .filter((s): s is number => typeof s === 'number')
        .map((s) => s * 100),
    );
  const runs = (id: string) =>
    reports.map((r) => r.audits[id]?.numericValue).filter((v): v is number => typeof v === 'number');
  const audit = (id: string) => median(runs(id));
  return {
    url,
    preset,
    runs: reports.length,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    speedIndexMs: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
    mainThreadMs: audit('mainthread-work-breakdown'),
    totalBytes: audit('total-byte-weight'),
    lcpRunsMs: runs('largest-contentful-paint'),
    tbtRunsMs: runs('total-blocking-time'),
  };
}

export async function lighthouse(
  repoRoot: string,
  chromePort: number,
  url: string,
  preset: Preset,
  runs: number,
): Promise<LighthouseFigures> {
  const [figures] = await lighthouseInterleaved(repoRoot, chromePort, [{ url }], preset, runs);
  return figures!;
}

/**
 * Runs the targets in turn, `runs` rounds of one run each (A B A B …), so a page and the limit it
 * is compared with see the same machine: a slow minute then slows both, not just one of them.
 */
export async function lighthouseInterleaved(
  repoRoot: string,
  chromePort: number,
  targets: readonly LighthouseTarget[],
  preset: Preset,
  runs: number,
): Promise<LighthouseFigures[]> {
  const reports: LighthouseReport[][] = targets.map(() => []);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, target] of targets.entries()) {
      reports[index]!.push(await runWithRetries(repoRoot, chromePort, target, preset));
    }
  }
  return targets.map((target, index) => summarize(target.url, preset, reports[index]!));
}
