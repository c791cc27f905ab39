import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Nginx, nginxBinary } from '../../apps/server/test/helpers/nginx';
import { startS3Server } from '../../apps/server/test/helpers/s3-server';
import { load, rawBody } from './api';
import { ownedCleanup as owned } from './processes';
import { startServer } from './server';

/**
 * The scale-out row: the deployment of several servers (PostgreSQL, images in an S3
 * bucket, nginx in front as the README configures it) measured with one instance directly,
 * through nginx, and with two instances behind nginx. On 2 cores a second instance cannot add
 * throughput; the row shows the set-up works and what the proxy costs.
 */

export type ScaleOutSetup = 'direct A' | 'nginx → A' | 'nginx → A + B';
export const SCALE_OUT_SETUPS: readonly ScaleOutSetup[] = ['direct A', 'nginx → A', 'nginx → A + B'];

export interface ScaleOutRun {
  setup: ScaleOutSetup;
  target: string;
  path: string;
  requestsPerSecond: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface ScaleOutFigures {
  /** null when measured; otherwise why not (no PostgreSQL URL, no nginx). */
  notMeasured: string | null;
  connections: number;
  seconds: number;
  runs: ScaleOutRun[];
}

const TARGETS = [
  { name: 'list GET /api/spareparts', path: '/api/spareparts' },
  { name: 'page GET /', path: '/' },
] as const;
const CONNECTIONS = 10;
// A first request builds each instance's cached answers; through nginx round robin reaches both.
const WARM_UP_REQUESTS = 10;
/** An unmeasured run before each measured one. */
const WARM_UP_SECONDS = 1;

/** The admin URL a throwaway database is made with: BENCH_DATABASE_URL, else CI's TEST_PG_URL. */
const adminDatabaseUrl = (): string | undefined =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_PG_URL || undefined;

/** A new empty database next to the admin URL's; `drop` removes it even with servers still connected. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => query(`drop database if exists ${name} with (force)`) };
}

export async function measureScaleOut(options: {
  repoRoot: string;
  webDistDir: string;
  seconds: number;
  quick: boolean;
  log: (message: string) => void;
}): Promise<ScaleOutFigures> {
  const figures: ScaleOutFigures = { notMeasured: null, connections: CONNECTIONS, seconds: options.seconds, runs: [] };
  const skip = (reason: string) => {
    options.log(`scale-out: not measured: ${reason}`);
    return { ...figures, notMeasured: reason };
  };

  const adminUrl = adminDatabaseUrl();
  if (!adminUrl) return skip('no PostgreSQL (set BENCH_DATABASE_URL or TEST_PG_URL to an admin URL)');
  try {
    await nginxBinary();
  } catch (error) {
    return skip(error instanceof Error ? error.message : String(error));
  }
  let database: { url: string; drop: () => Promise<void> };
  try {
    database = await createDatabase(adminUrl);
  } catch (error) {
    const where = new URL(adminUrl).host;
    return skip(
      `cannot create a database on PostgreSQL at ${where}: ${error instanceof Error ? error.message : error}`,
    );
  }

  // Stopped in reverse order of starting; the servers are also the bench's tracked children.
  const stops: (() => Promise<void>)[] = [owned(database.drop)];
  try {
    const s3 = await startS3Server(`bench-${randomBytes(6).toString('hex')}`);
    stops.push(owned(s3.stop));
    const dataDirs = await Promise.all(['a', 'b'].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `bench-scale-${n}-`))));
    stops.push(
      owned(() => Promise.all(dataDirs.map((d) => fs.rm(d, { recursive: true, force: true }))).then(() => {})),
    );
    const env = {
      DATABASE_URL: database.url,
      ...s3.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      // nginx connects from loopback and overwrites X-Forwarded-For: only it is believed.
      TRUST_PROXY: '127.0.0.1',
      // Behind a proxy every instance names the site's one address.
      PUBLIC_URL: 'https://www.bench.test',
    };
    const common = { repoRoot: options.repoRoot, webDistDir: options.webDistDir, loadShedding: false };

    options.log(
      `scale-out: instance A on PostgreSQL + S3 (seeding the demo catalogue${options.quick ? '' : ', waiting for its pictures'})`,
    );
    // Drawing the pictures into the bucket takes most of a minute on 2 cores. The full run waits so
    // that it is not measured beside that work; the smoke run only shows the set-up works.
    const a = await startServer({ ...common, dataDir: dataDirs[0]!, waitForDemoPictures: !options.quick, env });
    stops.push(owned(a.stop));

    const measure = async (setup: ScaleOutSetup, origin: string) => {
      for (const target of TARGETS) {
        // The first set-up would otherwise also measure the JIT and the instance's first answers.
        for (let i = 0; i < WARM_UP_REQUESTS; i += 1) await rawBody(origin + target.path);
        await load(origin, target, CONNECTIONS, WARM_UP_SECONDS);
        options.log(`scale-out: ${setup}, ${target.name} c${CONNECTIONS}`);
        const run = await load(origin, target, CONNECTIONS, options.seconds);
        figures.runs.push({
          setup,
          target: target.name,
          path: target.path,
          requestsPerSecond: run.requestsPerSecond,
          latencyP99Ms: run.latencyP99Ms,
          requests: run.requests,
          non2xx: run.non2xx,
          errors: run.errors + run.timeouts,
        });
      }
    };

    await measure('direct A', a.origin);
    const nginxA = await Nginx.start([a.origin]);
    const stopNginxA = owned(() => nginxA.stop());
    stops.push(stopNginxA);
    await measure('nginx → A', nginxA.url);
    await stopNginxA();

    options.log('scale-out: instance B on the same database and bucket');
    // The catalogue is seeded and its pictures are in the bucket: B only serves.
    const b = await startServer({ ...common, dataDir: dataDirs[1]!, env: { ...env, SEED_DEMO: 'false' } });
    stops.push(owned(b.stop));
    const nginxAB = await Nginx.start([a.origin, b.origin]);
    stops.push(owned(() => nginxAB.stop()));
    await measure('nginx → A + B', nginxAB.url);
    return figures;
  } finally {
    for (const stop of stops.reverse()) {
      // One that fails (a database still busy) must not keep the others running.
      await stop().catch((error: unknown) => options.log(`scale-out: cleanup failed: ${String(error)}`));
    }
  }
}
