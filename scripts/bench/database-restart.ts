import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Nginx, nginxBinary } from '../../apps/server/test/helpers/nginx';
import { PrivatePostgres } from '../../apps/server/test/helpers/private-postgres';
import { startS3Server } from '../../apps/server/test/helpers/s3-server';
import { BROWSER_ACCEPT_ENCODING } from './api';
import { ownedCleanup as owned } from './processes';
import { readerPaths } from './reads-under-edits';
import { type BudgetRow, ms, type Section } from './report-format';
import { startServer } from './server';
import { percentile } from './stats';

/**
 * Issue 37's "PostgreSQL restart under load": the README's cluster (two instances on one
 * PostgreSQL and one bucket, nginx in front with its retry rules) read by visitors (lists,
 * searches, product pages, `/`) while PostgreSQL is stopped and started again. Every answer is
 * recorded with when it was asked, so the figures say what visitors got before, while the
 * database was away, in the first 5 s after its return, and after that (where nothing may fail).
 */

interface Outcome {
  /** When the request left, in ms from the run's start. */
  at: number;
  ms: number;
  /** 0: no answer (a refused or timed-out connection). */
  status: number;
}

export interface RestartWindow {
  requests: number;
  ok: number;
  failed: number;
  /** The slowest answer, failed or not. */
  maxMs: number | null;
  p99Ms: number | null;
}

export interface DatabaseRestartFigures {
  /** null when measured; otherwise why not (no PostgreSQL programs, no nginx). */
  notMeasured: string | null;
  connections: number;
  /** How long PostgreSQL was down. */
  awayMs: number;
  before: RestartWindow;
  away: RestartWindow;
  /** Requests sent in the first 5 s after PostgreSQL accepted connections again. */
  firstFiveSeconds: RestartWindow;
  afterFiveSeconds: RestartWindow;
  /** From PostgreSQL's return to the last failed request (null: none failed after it returned). */
  lastFailureAfterReturnMs: number | null;
  /** Both instances still running at the end: a database outage must not end a process. */
  instancesRunning: boolean;
}

/** What a failure after the return counts from: the database accepts connections again. */
const SETTLE_MS = 5000;
const REQUEST_TIMEOUT_MS = 15_000;

const EMPTY_WINDOW: RestartWindow = { requests: 0, ok: 0, failed: 0, maxMs: null, p99Ms: null };

function windowOf(outcomes: readonly Outcome[]): RestartWindow {
  if (outcomes.length === 0) return EMPTY_WINDOW;
  const times = outcomes.map((outcome) => outcome.ms);
  const ok = outcomes.filter((outcome) => outcome.status >= 200 && outcome.status < 300).length;
  return {
    requests: outcomes.length,
    ok,
    failed: outcomes.length - ok,
    maxMs: percentile(times, 100),
    p99Ms: percentile(times, 99),
  };
}

export async function measureDatabaseRestart(options: {
  repoRoot: string;
  webDistDir: string;
  connections: number;
  /** Reading before the stop, and after the return. */
  beforeSeconds: number;
  afterSeconds: number;
  awaySeconds: number;
  log: (message: string) => void;
}): Promise<DatabaseRestartFigures> {
  const { connections, log } = options;
  const skip = (reason: string): DatabaseRestartFigures => {
    log(`database restart: not measured: ${reason}`);
    return {
      notMeasured: reason,
      connections,
      awayMs: 0,
      before: EMPTY_WINDOW,
      away: EMPTY_WINDOW,
      firstFiveSeconds: EMPTY_WINDOW,
      afterFiveSeconds: EMPTY_WINDOW,
      lastFailureAfterReturnMs: null,
      instancesRunning: false,
    };
  };
  try {
    await nginxBinary();
  } catch (error) {
    return skip(error instanceof Error ? error.message : String(error));
  }

  const stops: (() => Promise<void>)[] = [];
  try {
    let postgres: PrivatePostgres;
    try {
      // A server of its own: the row stops it, which the shared one must never be.
      postgres = await PrivatePostgres.create();
    } catch (error) {
      return skip(error instanceof Error ? error.message : String(error));
    }
    stops.push(owned(() => postgres.destroy()));
    const s3 = await startS3Server(`bench-${randomBytes(6).toString('hex')}`);
    stops.push(owned(s3.stop));
    const dataDirs = await Promise.all(
      ['a', 'b'].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `bench-restart-${n}-`))),
    );
    stops.push(
      owned(() => Promise.all(dataDirs.map((d) => fs.rm(d, { recursive: true, force: true }))).then(() => {})),
    );
    const env = {
      DATABASE_URL: postgres.url,
      ...s3.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'https://www.bench.test',
    };
    // As deployed: load shedding on, as a visitor would meet it.
    const common = { repoRoot: options.repoRoot, webDistDir: options.webDistDir };
    log('database restart: instances A and B on a PostgreSQL of their own, behind nginx');
    const a = await startServer({ ...common, dataDir: dataDirs[0]!, env });
    stops.push(owned(a.stop));
    const b = await startServer({ ...common, dataDir: dataDirs[1]!, env: { ...env, SEED_DEMO: 'false' } });
    stops.push(owned(b.stop));
    const nginx = await Nginx.start([a.origin, b.origin]);
    stops.push(owned(() => nginx.stop()));

    const listed = (await (await fetch(`${nginx.url}/api/spareparts?limit=50`)).json()) as { id: string }[];
    const nextPath = readerPaths(listed.map((entry) => entry.id));
    // Every path once first, as on a site that has been up a while: the figures before the stop
    // are then the steady state, not the first answers being built.
    for (let turn = 0; turn < 4 * listed.length; turn += 1) {
      await (
        await fetch(nginx.url + nextPath(), { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } })
      ).arrayBuffer();
    }
    const started = performance.now();
    const outcomes: Outcome[] = [];
    let reading = true;
    const reader = async () => {
      while (reading) {
        const at = performance.now() - started;
        let status = 0;
        try {
          const response = await fetch(nginx.url + nextPath(), {
            headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          await response.arrayBuffer();
          status = response.status;
        } catch {
          // No answer: counted as failed, status 0.
        }
        outcomes.push({ at, ms: performance.now() - started - at, status });
        // A failure answers at once; without a pause the readers would spin on it.
        if (status === 0 || status >= 500) await sleep(20);
      }
    };

    log(`database restart: c${connections} readers, ${options.beforeSeconds} s before the stop`);
    const readers = Promise.all(Array.from({ length: connections }, () => reader()));
    await sleep(options.beforeSeconds * 1000);
    const stoppedAt = performance.now() - started;
    await postgres.stop();
    log(`database restart: PostgreSQL stopped for ${options.awaySeconds} s`);
    await sleep(options.awaySeconds * 1000);
    await postgres.start();
    const returnedAt = performance.now() - started;
    log(`database restart: PostgreSQL is back; reading ${options.afterSeconds} s more`);
    await sleep(options.afterSeconds * 1000);
    reading = false;
    await readers;

    const failedAfterReturn = outcomes.filter(
      (outcome) => outcome.at >= returnedAt && (outcome.status < 200 || outcome.status >= 300),
    );
    return {
      notMeasured: null,
      connections,
      awayMs: returnedAt - stoppedAt,
      before: windowOf(outcomes.filter((outcome) => outcome.at < stoppedAt)),
      away: windowOf(outcomes.filter((outcome) => outcome.at >= stoppedAt && outcome.at < returnedAt)),
      firstFiveSeconds: windowOf(
        outcomes.filter((outcome) => outcome.at >= returnedAt && outcome.at < returnedAt + SETTLE_MS),
      ),
      afterFiveSeconds: windowOf(outcomes.filter((outcome) => outcome.at >= returnedAt + SETTLE_MS)),
      lastFailureAfterReturnMs:
        failedAfterReturn.length === 0
          ? null
          : failedAfterReturn.reduce((latest, outcome) => Math.max(latest, outcome.at), returnedAt) - returnedAt,
      instancesRunning: a.exitInfo() === null && b.exitInfo() === null,
    };
  } finally {
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => log(`database restart: cleanup failed: ${String(error)}`));
    }
  }
}

export function databaseRestartSection(figures: DatabaseRestartFigures): Section {
  const title = '\nPostgreSQL restart under load: two instances behind nginx, list, search, product page and /';
  if (figures.notMeasured !== null) return [title, `not measured: ${figures.notMeasured}`];
  const row = (name: string, window: RestartWindow) => [
    name,
    String(window.requests),
    String(window.ok),
    String(window.failed),
    ms(window.p99Ms),
    ms(window.maxMs),
  ];
  return [
    `${title}, c${figures.connections}; PostgreSQL away ${(figures.awayMs / 1000).toFixed(1)} s`,
    {
      headers: ['requests sent', 'requests', '2xx', 'failed', 'p99 ms', 'max ms'],
      rows: [
        row('before the stop', figures.before),
        row('while PostgreSQL is away', figures.away),
        row('first 5 s after its return', figures.firstFiveSeconds),
        row('from 5 s after its return', figures.afterFiveSeconds),
      ],
    },
    `last failure after the return: ${
      figures.lastFailureAfterReturnMs === null ? 'none' : `${ms(figures.lastFailureAfterReturnMs)} ms after it`
    }; both instances running at the end: ${figures.instancesRunning}`,
  ];
}

export function databaseRestartBudgets(figures: DatabaseRestartFigures): BudgetRow[] {
  if (figures.notMeasured !== null) {
    return [
      { budget: 'PostgreSQL restart: failed requests from 5 s after its return', value: 'n/a', limit: '0', pass: null },
    ];
  }
  const { afterFiveSeconds: after } = figures;
  return [
    {
      budget: 'PostgreSQL restart: failed requests from 5 s after its return',
      value: `${after.failed} of ${after.requests}`,
      limit: '0',
      pass: after.requests > 0 && after.failed === 0 && figures.instancesRunning,
    },
  ];
}
