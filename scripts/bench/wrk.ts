import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { type LoadFigures, type LoadTarget, rawBody } from './api';

const run = promisify(execFile);

/**
 * wrk (Debian's package), the load generator WordPress and this site were first measured with. It is
 * C with an event loop per thread: at 9,000 requests/s it needs a fraction of a core, where
 * autocannon, in Node, took a whole core of this 2-core machine away from the server and so
 * capped what the home page rows could show (decision 060).
 */
export function wrkInstalled(): boolean {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // `wrk --version` prints its banner and exits 1; only a missing binary is ENOENT.
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** One wrk run against `target`, as the same figures autocannon's runs give. */
export async function loadWithWrk(
  origin: string,
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  if (target.method !== undefined && target.method !== 'GET') throw new Error('the wrk runs are GETs only');
  if (target.nextPath || target.distinctClients || target.body)
    throw new Error(`${target.name}: wrk runs one fixed GET`);
  const headers = { ...target.headers, ...(target.acceptEncoding ? { 'accept-encoding': target.acceptEncoding } : {}) };
  const args = [
    `--threads=${Math.min(2, connections)}`,
    `--connections=${connections}`,
    `--duration=${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['--header', `${name}: ${value}`]),
    origin + target.path,
  ];
  const { stdout } = await run('wrk', args, { maxBuffer: 1024 * 1024 });
  const parsed = parseWrkOutput(stdout);
  // As after autocannon's runs: the next measurement starts once the server answers normally.
  await rawBody(`${origin}/api/services/featured`);
  const failed = parsed.non2xx + parsed.errors + parsed.timeouts;
  return {
    name: target.name,
    method: 'GET',
    path: target.path,
    connections,
    seconds,
    requestsPerSecond: parsed.requestsPerSecond,
    latencyP50Ms: parsed.latencyP50Ms,
    latencyP99Ms: parsed.latencyP99Ms,
    requests: parsed.requests,
    errors: parsed.errors,
    timeouts: parsed.timeouts,
    non2xx: parsed.non2xx,
    // wrk counts answers that were not 2xx or 3xx, without their status codes.
    status429: 0,
    status503: 0,
    ok: Math.max(0, parsed.requests - failed),
    // By kind only: wrk names neither the statuses nor the socket errors.
    failures: Object.fromEntries(
      (
        [
          ['not 2xx or 3xx', parsed.non2xx],
          ['socket errors', parsed.errors],
          ['timeouts', parsed.timeouts],
        ] as const
      ).filter(([, count]) => count > 0),
    ),
    bodyBytes: target.bodyBytes ?? null,
  };
}

export interface WrkFigures {
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  non2xx: number;
  /** Connect, read and write errors. */
  errors: number;
  timeouts: number;
}

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** wrk's text report read into figures; throws on a report it does not recognise, never guesses. */
export function parseWrkOutput(text: string): WrkFigures {
  const latency = (percent: string): number => {
    const match = new RegExp(`^\\s+${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(text);
    if (!match) throw new Error(`wrk's report has no ${percent}% latency (was --latency given?):\n${text}`);
    return Number(match[1]) * UNIT_MS[match[2]!]!;
  };
  const requests = /^\s*(\d+) requests in /m.exec(text);
  const perSecond = /^Requests\/sec:\s+([\d.]+)/m.exec(text);
  if (!requests || !perSecond) throw new Error(`not a wrk report:\n${text}`);
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requests: Number(requests[1]),
    requestsPerSecond: Number(perSecond[1]),
    latencyP50Ms: latency('50'),
    latencyP99Ms: latency('99'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(text)?.[1] ?? 0),
    errors: sockets ? Number(sockets[1]) + Number(sockets[2]) + Number(sockets[3]) : 0,
    timeouts: sockets ? Number(sockets[4]) : 0,
  };
}
