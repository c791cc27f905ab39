import { performance } from 'node:perf_hooks';
import { LIST_PAGE_LIMIT } from '@capstan/shared';
import { BROWSER_ACCEPT_ENCODING, type LoadFigures, type LoadTarget, load } from './api';
import { processCpuSeconds } from './proc-counters';

/**
 * What the load shedding guard (decision 058) costs and whom it refuses, on two servers over the
 * same data folder: one with the guard off, one as deployed.
 *
 * - Throughput: the same closed-loop autocannon run on each, in one-second turns (off, on, on,
 *   off, …) so that whatever else the machine is doing falls on both alike; good answers (2xx)
 *   per second, and every answer of the guard-on server counted: at loads the server carries,
 *   none may be refused.
 * - Fairness: a heavy client (one X-Forwarded-For, many connections) asks for random item pages
 *   as fast as it can while a light client (another X-Forwarded-For) asks for one page at a time.
 */

export interface GuardOptions {
  /** The closed-loop concurrencies measured: loads the server carries, so nothing may be shed. */
  connectionLevels: readonly number[];
  /** Measured seconds per server and round, run as turns of `sliceSeconds`. */
  seconds: number;
  /**
   * Length of one turn. Load on this machine drifts over seconds: in 5 s turns on `/` the rounds'
   * ratios (on ÷ off) spread from 73 % to 114 % in one run; a pair of servers run in 1 s turns gave
   * ratios from 89 % to 111 % per pair of turns.
   */
  sliceSeconds: number;
  /** Rounds per target, each on a new pair of servers (off and on) run in turns. */
  rounds: number;
  /** One unmeasured run per server of a round first. */
  warmUpSeconds: number;
  fairnessSeconds: number;
  heavyConnections: number;
  /** Pause of the light client between one answer and its next request. */
  lightPauseMs: number;
}

/** Short runs, many turns: on a shared machine the load drifts, and turns spread it over both servers. */
export const guardOptions = (quick: boolean): GuardOptions => ({
  connectionLevels: [10, 50],
  seconds: quick ? 1 : 5,
  sliceSeconds: 1,
  rounds: quick ? 2 : 6,
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
  /** 2xx answers over all runs. */
  ok: number;
  status503: number;
  /** Answers other than 2xx and 503. */
  otherNon2xx: number;
  errors: number;
  /** Server CPU time per request over all runs (µs; null without /proc): the guard's own cost, unmoved by what else runs. */
  cpuMicrosPerRequest: number | null;
}

export interface ThroughputFigures {
  name: string;
  path: string;
  connections: number;
  off: ServerRuns;
  on: ServerRuns;
  /**
   * Good answers per second, guard on ÷ off: the median of the rounds' ratios (each round runs both
   * servers back to back), so a minute in which the machine was busier counts once, not in a total.
   */
  ratio: number | null;
  /** The same over all runs pooled (the figure before rounds were paired). */
  pooledRatio: number | null;
}

/** A server under test: where it answers and its process, for its CPU time. */
export interface GuardServer {
  origin: string;
  pid: number | null;
  stop: () => Promise<void>;
}

/** Starts a new server over the bench's data, load shedding on or off. */
export type StartGuardServer = (loadShedding: boolean) => Promise<GuardServer>;

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

interface MeasuredRun extends LoadFigures {
  cpuSeconds: number | null;
}

function summarize(runs: readonly MeasuredRun[]): ServerRuns {
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const cpuSeconds = runs.some((run) => run.cpuSeconds === null)
    ? null
    : runs.reduce((sum, run) => sum + run.cpuSeconds!, 0);
  return {
    okPerSecond: Math.round((runs.reduce((sum, run) => sum + run.ok, 0) / seconds) * 10) / 10,
    perRun: runs.map((run) => Math.round(run.ok / run.seconds)),
    p99Ms: Math.max(...runs.map((run) => run.latencyP99Ms)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    ok: runs.reduce((sum, run) => sum + run.ok, 0),
    status503: runs.reduce((sum, run) => sum + run.status503, 0),
    otherNon2xx: runs.reduce((sum, run) => sum + run.non2xx - run.status503, 0),
    errors: runs.reduce((sum, run) => sum + run.errors + run.timeouts, 0),
    cpuMicrosPerRequest: cpuSeconds === null || requests === 0 ? null : Math.round((cpuSeconds * 1e6) / requests),
  };
}

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const thousandths = (value: number | null) => (value === null ? null : Math.round(value * 1000) / 1000);

async function measuredLoad(server: GuardServer, target: LoadTarget, connections: number, seconds: number) {
  const before = processCpuSeconds(server.pid);
  const run = await load(server.origin, target, connections, seconds);
  const after = processCpuSeconds(server.pid);
  return { ...run, cpuSeconds: before === null || after === null ? null : after - before } satisfies MeasuredRun;
}

/** One server's turns of a round as one run: counts and seconds added, the worst turn's p50 and p99 kept. */
function joinTurns(turns: readonly MeasuredRun[]): MeasuredRun {
  const add = (key: 'seconds' | 'requests' | 'errors' | 'timeouts' | 'non2xx' | 'status429' | 'status503' | 'ok') =>
    turns.reduce((sum, turn) => sum + turn[key], 0);
  const first = turns[0]!;
  const seconds = add('seconds');
  const requests = add('requests');
  return {
    ...first,
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    latencyP50Ms: Math.max(...turns.map((turn) => turn.latencyP50Ms)),
    latencyP99Ms: Math.max(...turns.map((turn) => turn.latencyP99Ms)),
    errors: add('errors'),
    timeouts: add('timeouts'),
    non2xx: add('non2xx'),
    status429: add('status429'),
    status503: add('status503'),
    ok: add('ok'),
    cpuSeconds: turns.some((turn) => turn.cpuSeconds === null)
      ? null
      : turns.reduce((sum, turn) => sum + turn.cpuSeconds!, 0),
  };
}

/**
 * Each round starts a new pair of servers (off and on, together) and runs them in short turns: two
 * processes of the same build differ by up to 15% in throughput on this kind of machine (measured
 * with two guard-off servers beside one guard-on), which would otherwise decide the ratio.
 */
async function compareThroughput(
  startServer: StartGuardServer,
  target: LoadTarget,
  connections: number,
  options: GuardOptions,
  log: (message: string) => void,
): Promise<ThroughputFigures> {
  const off: MeasuredRun[] = [];
  const on: MeasuredRun[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    const [offServer, onServer] = await Promise.all([startServer(false), startServer(true)]);
    try {
      // Warm first, unmeasured and alike: the first thousands of answers compile code and fill caches.
      for (const { origin } of [offServer, onServer]) {
        log(`round ${round + 1}: warming ${target.name} on ${origin}`);
        await load(origin, target, connections, options.warmUpSeconds);
      }
      log(
        `round ${round + 1}: ${target.name} c${connections}, ${options.seconds} s per server in ` +
          `${options.sliceSeconds} s turns`,
      );
      const turns = { off: [] as MeasuredRun[], on: [] as MeasuredRun[] };
      const slices = Math.max(1, Math.round(options.seconds / options.sliceSeconds));
      for (let slice = 0; slice < slices; slice += 1) {
        // off, on, on, off, off, on…: neither server always goes first, after the other's load.
        const order = (round + slice) % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const);
        for (const guard of order) {
          const server = guard === 'on' ? onServer : offServer;
          turns[guard].push(await measuredLoad(server, target, connections, options.sliceSeconds));
        }
      }
      off.push(joinTurns(turns.off));
      on.push(joinTurns(turns.on));
    } finally {
      await Promise.all([offServer.stop(), onServer.stop()]);
    }
  }
  const offRuns = summarize(off);
  const onRuns = summarize(on);
  const roundRatios = off.flatMap((offRun, round) => {
    const onRun = on[round]!;
    return offRun.ok === 0 ? [] : [onRun.ok / onRun.seconds / (offRun.ok / offRun.seconds)];
  });
  return {
    name: target.name,
    path: target.path,
    connections,
    off: offRuns,
    on: onRuns,
    ratio: thousandths(median(roundRatios)),
    pooledRatio: offRuns.okPerSecond === 0 ? null : thousandths(onRuns.okPerSecond / offRuns.okPerSecond),
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
  'Per target and concurrency, per round a new pair of servers on the same data, one with load shedding off and one ' +
  "as deployed; autocannon (closed loop, keep-alive, a browser's Accept-Encoding) runs on each in one-second turns " +
  '(off, on, on, off, …) and counts 2xx answers per second and every other answer; the ratio is the median of the ' +
  "rounds' ratios, and each server's CPU time per " +
  "request (from /proc) shows the guard's own cost apart from what else the machine does. Fairness: " +
  'autocannon with many connections from one X-Forwarded-For on random item pages, and at the same time one ' +
  'visitor (another X-Forwarded-For) asking for one such page at a time with a short pause. Client and servers ' +
  'share the machine.';

export async function measureOverloadGuard(
  startServer: StartGuardServer,
  options: GuardOptions,
  log: (message: string) => void,
): Promise<OverloadGuardFigures> {
  const targets: LoadTarget[] = [
    { name: '/ (HTML)', path: '/', acceptEncoding: BROWSER_ACCEPT_ENCODING },
    { name: '/api/spareparts (list)', path: '/api/spareparts', acceptEncoding: BROWSER_ACCEPT_ENCODING },
  ];
  const throughput: ThroughputFigures[] = [];
  for (const target of targets) {
    for (const connections of options.connectionLevels) {
      throughput.push(await compareThroughput(startServer, target, connections, options, log));
    }
  }
  const onServer = await startServer(true);
  try {
    return {
      method: OVERLOAD_GUARD_METHOD,
      throughput,
      fairness: await measureFairness(onServer.origin, options, log),
    };
  } finally {
    await onServer.stop();
  }
}
