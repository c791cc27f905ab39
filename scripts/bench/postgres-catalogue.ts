import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Nginx, nginxBinary } from '../../apps/server/test/helpers/nginx';
import { PrivatePostgres } from '../../apps/server/test/helpers/private-postgres';
import { startS3Server } from '../../apps/server/test/helpers/s3-server';
import { ownedCleanup as owned } from './processes';
import {
  editsFound,
  measureReadsUnderEdits,
  type ReadsUnderEditsFigures,
  readsUnderEditsSection,
  writesDone,
} from './reads-under-edits';
import { type BudgetRow, ms, type Section } from './report-format';
import { growSpareParts } from './scale-seed';
import { startServer } from './server';

/**
 * Issue 37 on PostgreSQL (decision 069): two servers behind the README's nginx, their pictures in
 * a bucket, whose lists, searches and facets the database answers, grown to each catalogue size in
 * turn, read by 50 visitors through nginx with and without the staff's writes
 * (reads-under-edits.ts). Their memory is read after each size: it must not grow with the
 * catalogue, since no process keeps a copy of it.
 */
export interface PostgresCatalogueSize {
  spareParts: number;
  /** The larger of the two servers' resident memory after the reads, and of their peaks since they started. */
  rssMb: number | null;
  peakRssMb: number | null;
  /** The peak of a second server started on the catalogue at this size, a few seconds after it is ready. */
  restartPeakRssMb: number | null;
  reads: ReadsUnderEditsFigures;
}

export interface PostgresCatalogueFigures {
  /** null when measured; otherwise why not (no PostgreSQL programs). */
  notMeasured: string | null;
  sizes: PostgresCatalogueSize[];
}

/** The catalogue sizes measured, one after the other on one server. */
export const POSTGRES_CATALOGUE_SIZES = { quick: [2000, 8000], full: [25_000, 100_000] } as const;

/** After "Serving": the start's last work (the fonts' warm-up, the first sweep) is done by then. */
const RESTART_SETTLE_MS = 5000;

/** VmRSS and VmHWM of a process, in MB. */
async function memoryOf(pid: number | null): Promise<{ rssMb: number | null; peakRssMb: number | null }> {
  if (pid === null) return { rssMb: null, peakRssMb: null };
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = (field: string) => {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : null;
  };
  return { rssMb: kb('VmRSS'), peakRssMb: kb('VmHWM') };
}

export async function measurePostgresCatalogue(options: {
  repoRoot: string;
  webDistDir: string;
  sizes: readonly number[];
  seconds: number;
  log: (message: string) => void;
}): Promise<PostgresCatalogueFigures> {
  const { log } = options;
  const stops: (() => Promise<void>)[] = [];
  try {
    let postgres: PrivatePostgres;
    try {
      postgres = await PrivatePostgres.create();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`catalogue on PostgreSQL: not measured: ${reason}`);
      return { notMeasured: reason, sizes: [] };
    }
    stops.push(owned(() => postgres.destroy()));
    try {
      await nginxBinary();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log(`catalogue on PostgreSQL: not measured: ${reason}`);
      return { notMeasured: reason, sizes: [] };
    }
    const s3 = await startS3Server(`bench-${randomBytes(6).toString('hex')}`);
    stops.push(owned(s3.stop));
    const [dataDir, secondDataDir] = await Promise.all(
      ['a', 'b'].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `bench-pg-catalogue-${n}-`))),
    );
    stops.push(
      owned(() =>
        Promise.all([dataDir, secondDataDir].map((d) => fs.rm(d!, { recursive: true, force: true }))).then(() => {}),
      ),
    );
    const env = { DATABASE_URL: postgres.url, ...s3.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
    // As the SQLite row (grown-server.ts): the readers are a closed loop, which a shedding server
    // would partly answer with fast 503s.
    const common = { repoRoot: options.repoRoot, webDistDir: options.webDistDir, loadShedding: false };
    log('catalogue on PostgreSQL: servers A and B behind nginx, their pictures in a bucket');
    const server = await startServer({ ...common, dataDir: dataDir!, waitForDemoPictures: true, env });
    stops.push(owned(server.stop));
    const second = await startServer({ ...common, dataDir: secondDataDir!, env: { ...env, SEED_DEMO: 'false' } });
    stops.push(owned(second.stop));
    const nginx = await Nginx.start([server.origin, second.origin]);
    stops.push(owned(() => nginx.stop()));

    const sizes: PostgresCatalogueSize[] = [];
    for (const spareParts of options.sizes) {
      log(`catalogue on PostgreSQL: growing to ${spareParts} spare parts`);
      await growSpareParts(dataDir!, spareParts, postgres.url, { pictures: false });
      const reads = await measureReadsUnderEdits({
        session: { origin: nginx.url, email: server.adminEmail, password: server.adminPassword },
        instances: [server.origin, second.origin],
        spareParts,
        connections: 50,
        seconds: options.seconds,
        log,
      });
      const memories = await Promise.all([memoryOf(server.pid), memoryOf(second.pid)]);
      const larger = (pick: (memory: (typeof memories)[number]) => number | null) =>
        memories.map(pick).reduce<number | null>((max, mb) => (mb === null ? max : Math.max(max ?? 0, mb)), null);
      const memory = { rssMb: larger((m) => m.rssMb), peakRssMb: larger((m) => m.peakRssMb) };
      // A server (re)started on a catalogue this size: what it reads at start must not grow with it.
      log(`catalogue on PostgreSQL: a second server started at ${spareParts} spare parts`);
      const restarted = await startServer({ ...common, dataDir: dataDir!, env: { ...env, SEED_DEMO: 'false' } });
      await new Promise((resolve) => setTimeout(resolve, RESTART_SETTLE_MS));
      const restartPeakRssMb = (await memoryOf(restarted.pid)).peakRssMb;
      await restarted.stop();
      sizes.push({ spareParts, ...memory, restartPeakRssMb, reads });
    }
    return { notMeasured: null, sizes };
  } finally {
    for (const stop of stops.reverse()) {
      await stop().catch((error: unknown) => log(`catalogue on PostgreSQL: cleanup failed: ${String(error)}`));
    }
  }
}

export function postgresCatalogueSection(figures: PostgresCatalogueFigures): Section {
  const title =
    '\nThe catalogue on PostgreSQL, two servers behind nginx (lists, searches and facets answered by the database)';
  if (figures.notMeasured !== null) return [title, `not measured: ${figures.notMeasured}`];
  return [
    title,
    {
      headers: ['spare parts', 'larger RSS MB', 'larger peak RSS MB', 'peak of a server started at this size MB'],
      rows: figures.sizes.map((size) => [
        String(size.spareParts),
        ms(size.rssMb),
        ms(size.peakRssMb),
        ms(size.restartPeakRssMb),
      ]),
    },
    ...figures.sizes.flatMap((size) => readsUnderEditsSection(size.reads)),
  ];
}

/** At most this much resident memory per process, whatever the catalogue's size (issue 37). */
const MEMORY_LIMIT_MB = 250;

export function postgresCatalogueBudgets(figures: PostgresCatalogueFigures): BudgetRow[] {
  if (figures.notMeasured !== null || figures.sizes.length === 0) {
    return [{ budget: 'memory per process on PostgreSQL', value: 'n/a', limit: `≤ ${MEMORY_LIMIT_MB} MB`, pass: null }];
  }
  const rows: BudgetRow[] = figures.sizes.flatMap((size) => [
    {
      budget: `memory per process on PostgreSQL @${size.spareParts} (peak)`,
      value: `${ms(size.peakRssMb)} MB`,
      limit: `≤ ${MEMORY_LIMIT_MB} MB`,
      pass: size.peakRssMb !== null && size.peakRssMb <= MEMORY_LIMIT_MB,
    },
    {
      budget: `memory of a server started on PostgreSQL @${size.spareParts} (peak)`,
      value: `${ms(size.restartPeakRssMb)} MB`,
      limit: `≤ ${MEMORY_LIMIT_MB} MB`,
      pass: size.restartPeakRssMb !== null && size.restartPeakRssMb <= MEMORY_LIMIT_MB,
    },
  ]);
  for (const size of figures.sizes) {
    const written = writesDone(size.reads);
    const ratio = size.reads.withEdits.requestsPerSecond / size.reads.withoutEdits.requestsPerSecond;
    const narrowedRatio =
      size.reads.narrowedWithEdits.requestsPerSecond / size.reads.narrowedWithoutEdits.requestsPerSecond;
    rows.push(
      {
        budget: `PostgreSQL, 2 servers: reads with staff writing ÷ without @${size.spareParts}`,
        value: `${(ratio * 100).toFixed(0)} %`,
        limit: '≥ 90 %',
        pass: written && ratio >= 0.9,
      },
      {
        budget: `PostgreSQL, 2 servers: narrowed lists with staff writing ÷ without @${size.spareParts}`,
        value: `${(narrowedRatio * 100).toFixed(0)} %`,
        limit: '≥ 90 %',
        pass: written && narrowedRatio >= 0.9,
      },
      {
        budget: `PostgreSQL, 2 servers: their p99 with staff writing @${size.spareParts}`,
        value: `${ms(size.reads.withEdits.latencyP99Ms)} ms`,
        limit: '≤ 150 ms',
        pass: written && size.reads.withEdits.latencyP99Ms <= 150,
      },
      {
        budget: `PostgreSQL, 2 servers: an edit found by a search on each (max) @${size.spareParts}`,
        value: `${ms(size.reads.visibleMaxMs)} ms`,
        limit: '≤ 2000 ms',
        pass: editsFound(size.reads),
      },
    );
  }
  return rows;
}
