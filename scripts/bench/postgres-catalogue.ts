import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PrivatePostgres } from '../../apps/server/test/helpers/private-postgres';
import { ownedCleanup as owned } from './processes';
import { measureReadsUnderEdits, type ReadsUnderEditsFigures, readsUnderEditsSection } from './reads-under-edits';
import { type BudgetRow, ms, type Section } from './report-format';
import { growSpareParts } from './scale-seed';
import { startServer } from './server';

/**
 * Issue 37 on PostgreSQL (decision 069): one server whose lists, searches and facets the database
 * answers, grown to each catalogue size in turn, read by 50 visitors with and without a save a
 * second (reads-under-edits.ts). Its memory is read after each size: it must not grow with the
 * catalogue, since no process keeps a copy of it.
 */
export interface PostgresCatalogueSize {
  spareParts: number;
  /** The server's resident memory after the reads, and its peak since it started. */
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
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-pg-catalogue-'));
    stops.push(owned(() => fs.rm(dataDir, { recursive: true, force: true })));
    log('catalogue on PostgreSQL: one server, its pictures on disk');
    const server = await startServer({
      repoRoot: options.repoRoot,
      dataDir,
      webDistDir: options.webDistDir,
      waitForDemoPictures: true,
      // As the SQLite row (grown-server.ts): the readers are a closed loop, which a shedding server
      // would partly answer with fast 503s.
      loadShedding: false,
      env: { DATABASE_URL: postgres.url },
    });
    stops.push(owned(server.stop));

    const sizes: PostgresCatalogueSize[] = [];
    for (const spareParts of options.sizes) {
      log(`catalogue on PostgreSQL: growing to ${spareParts} spare parts`);
      await growSpareParts(dataDir, spareParts, postgres.url);
      const reads = await measureReadsUnderEdits({
        session: { origin: server.origin, email: server.adminEmail, password: server.adminPassword },
        spareParts,
        connections: 50,
        seconds: options.seconds,
        log,
      });
      const memory = await memoryOf(server.pid);
      // A server (re)started on a catalogue this size: what it reads at start must not grow with it.
      log(`catalogue on PostgreSQL: a second server started at ${spareParts} spare parts`);
      const restarted = await startServer({
        repoRoot: options.repoRoot,
        dataDir,
        webDistDir: options.webDistDir,
        loadShedding: false,
        env: { DATABASE_URL: postgres.url },
      });
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
  const title = '\nThe catalogue on PostgreSQL (lists, searches and facets answered by the database)';
  if (figures.notMeasured !== null) return [title, `not measured: ${figures.notMeasured}`];
  return [
    title,
    {
      headers: ['spare parts', 'server RSS MB', 'peak RSS MB', 'peak of a server started at this size MB'],
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
    const ratio = size.reads.withEdits.requestsPerSecond / size.reads.withoutEdits.requestsPerSecond;
    const narrowedRatio =
      size.reads.narrowedWithEdits.requestsPerSecond / size.reads.narrowedWithoutEdits.requestsPerSecond;
    rows.push(
      {
        budget: `PostgreSQL: reads with an edit a second ÷ without @${size.spareParts}`,
        value: `${(ratio * 100).toFixed(0)} %`,
        limit: '≥ 90 %',
        pass: ratio >= 0.9,
      },
      {
        budget: `PostgreSQL: narrowed lists with an edit a second ÷ without @${size.spareParts}`,
        value: `${(narrowedRatio * 100).toFixed(0)} %`,
        limit: '≥ 90 %',
        pass: narrowedRatio >= 0.9,
      },
      {
        budget: `PostgreSQL: their p99 with edits @${size.spareParts}`,
        value: `${ms(size.reads.withEdits.latencyP99Ms)} ms`,
        limit: '≤ 150 ms',
        pass: size.reads.withEdits.latencyP99Ms <= 150,
      },
      {
        budget: `PostgreSQL: an edit found by a visitor search (max) @${size.spareParts}`,
        value: `${ms(size.reads.visibleMaxMs)} ms`,
        limit: '≤ 2000 ms',
        pass: size.reads.visibleMaxMs !== null && size.reads.visibleMaxMs <= 2000 && size.reads.failedEdits === 0,
      },
    );
  }
  return rows;
}
