import { performance } from 'node:perf_hooks';
import { LIST_PAGE_LIMIT } from '@capstan/shared';
import { BROWSER_ACCEPT_ENCODING, type LoadFigures, type LoadTarget, load } from './api';

/**
 * What the load shedding guard costs and whom it refuses, on two servers over the same data
 * folder: one with the guard off, one as deployed.
 *
 * - Throughput: the same closed-loop autocannon run on each, in turns (off, on; then on, off) so
 *   that whatever else the machine is doing falls on both alike; good answers (2xx) per second.
 * - Fairness: a heavy client (one X-Forwarded-For, many connections) asks for random item pages
 *   as fast as it can while a light client (another X-Forwarded-For) asks for one page at a time.
 */

export interface GuardOptions {
  connections: number;
  seconds: number;
  /** Runs per server and target, in turns. */
  rounds: number;
  /** One unmeasured run per server and target first. */
  warmUpSeconds: number;
  fairnessSeconds: number;
  heavyConnections: number;
  /** Pause of the light client between one answer and its next request. */
  lightPauseMs: number;
}

/** Short runs, many turns: on a shared machine the load drifts, and turns spread it over both servers. */
export const guardOptions = (quick: boolean): GuardOptions => ({
  connections: 50,
  seconds: quick ? 1 : 5,
  rounds: quick ? 2 : 4,
  warmUpSeconds: quick ? 1 : 3,
  fairnessSeconds: quick ? 8 : 15,
  heavyConnections: 200,
  lightPauseMs: 100,
});

interface ServerRuns {
  /** 2xx answers per second over all runs. */
  okPerSecond: number;
  perRun: number[];
  /** The worst run's p99 (all answers). */
  p99Ms: number;
  requests: number;
  status503: number;
  errors: number;
}

export interface ThroughputFigures {
  name: string;
  path: string;
  connections: number;
  off: ServerRuns;
  on: ServerRuns;
  /** Good answers per second, guard on ÷ off. */
  ratio: number | null;
}

export interface FairnessFigures {
  seconds: number;
  heavy: { address: string; connections: number; requests: number; ok: number; status503: number };
  light: {
    address: string;
    tries: number;
    ok: number;
    status503: number;
    /** Other statuses, timeouts and connection errors. */
    failures: number;
    p50Ms: number | null;
    p99Ms: number | null;
    /** 2xx share of its tries. */
    successRate: number | null;
  };
}

export interface OverloadGuardFigures {
  method: string;
  throughput: ThroughputFigures[];
  fairness: FairnessFigures;
}

/** Documentation ranges, apart from the 10/8 and 172.16/12 addresses of the other runs. */
const HEAVY_ADDRESS = '198.51.100.7';
const LIGHT_ADDRESS = '203.0.113.5';
const LIGHT_TIMEOUT_MS = 10_000;

function summarize(runs: readonly LoadFigures[]): ServerRuns {
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    okPerSecond: Math.round((runs.reduce((sum, run) => sum + run.ok, 0) / seconds) * 10) / 10,
    perRun: runs.map((run) => Math.round(run.ok / run.seconds)),
    p99Ms: Math.max(...runs.map((run) => run.latencyP99Ms)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    status503: runs.reduce((sum, run) => sum + run.status503, 0),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
  };
}

async function compareThroughput(
  offOrigin: string,
  onOrigin: string,
  target: LoadTarget,
  options: GuardOptions,
  log: (message: string) => void,
): Promise<ThroughputFigures> {
  const off: LoadFigures[] = [];
  const on: LoadFigures[] = [];
  // Warm first, unmeasured and alike: the first thousands of answers compile code and fill caches.
  for (const origin of [offOrigin, onOrigin]) {
    log(`warming ${target.name} on ${origin}`);
    await load(origin, target, options.connections, options.warmUpSeconds);
  }
  for (let round = 0; round < options.rounds; round += 1) {
    const order = round % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
    for (const guard of order) {
      log(`guard ${guard}: ${target.name} c${options.connections} for ${options.seconds} s`);
      const run = await load(guard === 'on' ? onOrigin : offOrigin, target, options.connections, options.seconds);
      (guard === 'on' ? on : off).push(run);
    }
  }
  const offRuns = summarize(off);
  const onRuns = summarize(on);
  return {
    name: target.name,
    path: target.path,
    connections: options.connections,
    off: offRuns,
    on: onRuns,
    ratio: offRuns.okPerSecond === 0 ? null : Math.round((onRuns.okPerSecond / offRuns.okPerSecond) * 1000) / 1000,
  };
}

async function sparePartIds(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/api/spareparts?limit=${LIST_PAGE_LIMIT}`);
  if (!response.ok) throw new Error(`GET /api/spareparts answered ${response.status}`);
  const ids = ((await response.json()) as { id: string }[]).map((part) => part.id);
  if (ids.length === 0) throw new Error('The fairness run needs spare parts');
  return ids;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** One request at a time from its own address until `endAt` (performance.now()). */
async function lightClient(origin: string, nextPath: () => string, endAt: number, pauseMs: number) {
  const outcomes: { status: number | null; ms: number }[] = [];
  while (performance.now() < endAt) {
    const started = performance.now();
    let status: number | null = null;
    try {
      const response = await fetch(origin + nextPath(), {
        headers: { 'x-forwarded-for': LIGHT_ADDRESS, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
        signal: AbortSignal.timeout(LIGHT_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // A timeout or a refused connection: a failure, counted below.
    }
    outcomes.push({ status, ms: performance.now() - started });
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return outcomes;
}

async function measureFairness(origin: string, options: GuardOptions, log: (message: string) => void) {
  const ids = await sparePartIds(origin);
  const nextPath = () => `/product/${ids[Math.floor(Math.random() * ids.length)]!}`;
  log(
    `fairness: ${options.heavyConnections} connections from one address and one visitor, ${options.fairnessSeconds} s`,
  );
  const endAt = performance.now() + options.fairnessSeconds * 1000;
  const [heavy, light] = await Promise.all([
    load(
      origin,
      {
        name: 'heavy client, random item pages',
        path: '/product/{random part}',
        nextPath,
        headers: { 'x-forwarded-for': HEAVY_ADDRESS },
        acceptEncoding: BROWSER_ACCEPT_ENCODING,
      },
      options.heavyConnections,
      options.fairnessSeconds,
    ),
    lightClient(origin, nextPath, endAt, options.lightPauseMs),
  ]);
  const ok = light.filter((o) => o.status !== null && o.status >= 200 && o.status < 300).length;
  const status503 = light.filter((o) => o.status === 503).length;
  const sorted = light.map((o) => o.ms).sort((a, b) => a - b);
  const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    seconds: options.fairnessSeconds,
    heavy: {
      address: HEAVY_ADDRESS,
      connections: options.heavyConnections,
      requests: heavy.requests,
      ok: heavy.ok,
      status503: heavy.status503,
    },
    light: {
      address: LIGHT_ADDRESS,
      tries: light.length,
      ok,
      status503,
      failures: light.length - ok - status503,
      p50Ms: tenth(percentile(sorted, 50)),
      p99Ms: tenth(percentile(sorted, 99)),
      successRate: light.length === 0 ? null : Math.round((ok / light.length) * 1000) / 1000,
    },
  } satisfies FairnessFigures;
}

export const OVERLOAD_GUARD_METHOD =
  'Two servers on the same data, one with load shedding off and one as deployed; autocannon (closed loop, ' +
  "keep-alive, a browser's Accept-Encoding) runs on each in turns and counts 2xx answers per second. Fairness: " +
  'autocannon with many connections from one X-Forwarded-For on random item pages, and at the same time one ' +
  'visitor (another X-Forwarded-For) asking for one such page at a time with a short pause. Client and servers ' +
  'share the machine.';

export async function measureOverloadGuard(
  offOrigin: string,
  onOrigin: string,
  options: GuardOptions,
  log: (message: string) => void,
): Promise<OverloadGuardFigures> {
  const targets: LoadTarget[] = [
    { name: '/ (HTML)', path: '/', acceptEncoding: BROWSER_ACCEPT_ENCODING },
    { name: '/api/spareparts (list)', path: '/api/spareparts', acceptEncoding: BROWSER_ACCEPT_ENCODING },
  ];
  const throughput: ThroughputFigures[] = [];
  for (const target of targets) throughput.push(await compareThroughput(offOrigin, onOrigin, target, options, log));
  return { method: OVERLOAD_GUARD_METHOD, throughput, fairness: await measureFairness(onOrigin, options, log) };
}
