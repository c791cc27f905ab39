import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { claimRun, finishRun } from './scheduled-runs.repository';

/** Work done once per occurrence across every process sharing the database. */
export interface ScheduledJob {
  readonly name: string;
  /** The occurrence due at `now` (say, today's Indian date once 08:00 has passed), or null. */
  dueOccurrence(now: Date): string | null | Promise<string | null>;
  /** How long a claim of this job holds, when its runs may outlast the runner's default lease. */
  readonly leaseMs?: number;
  /** Does the work; returns what it did, in a line, for the runs' record. */
  run(occurrence: string, now: Date): Promise<string>;
}

export interface SchedulerOptions {
  /** How often each process looks for due occurrences. */
  tickMs?: number;
  /** How long a claim holds: a run not finished by then is taken over by another process. */
  leaseMs?: number;
}

const DEFAULT_TICK_MS = 30_000;
const DEFAULT_LEASE_MS = 10 * 60_000;

/**
 * One scheduled-job runner per process; the database decides which process runs each occurrence
 * (decision 066), on SQLite and PostgreSQL alike. A process killed mid-run leaves an unfinished
 * claim that another takes over once its lease has run out.
 */
export class Scheduler {
  readonly owner = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  readonly #tickMs: number;
  readonly #leaseMs: number;
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: readonly ScheduledJob[],
    private readonly log: FastifyBaseLogger,
    options: SchedulerOptions = {},
  ) {
    this.#tickMs = options.tickMs ?? DEFAULT_TICK_MS;
    this.#leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  start(): void {
    this.#timer = setInterval(() => void this.tick(), this.#tickMs);
    this.#timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#ticking;
  }

  /** Runs every due occurrence this process can claim; one tick at a time. */
  tick(now = new Date()): Promise<void> {
    this.#ticking ??= this.#runDue(now).finally(() => {
      this.#ticking = undefined;
    });
    return this.#ticking;
  }

  async #runDue(now: Date): Promise<void> {
    for (const job of this.jobs) {
      let run;
      try {
        // A job may read its schedule from the database (the backup's time is the owner's).
        const occurrence = await job.dueOccurrence(now);
        if (!occurrence) continue;
        run = { job: job.name, occurrence, owner: this.owner };
        const claimed = await claimRun(this.db, {
          ...run,
          now: now.toISOString(),
          leaseUntil: new Date(now.getTime() + (job.leaseMs ?? this.#leaseMs)).toISOString(),
        });
        if (!claimed) continue;
      } catch (error) {
        // The database away: the next tick tries again.
        this.log.warn({ err: error, job: job.name }, 'scheduled job not claimed');
        continue;
      }
      try {
        const detail = await job.run(run.occurrence, now);
        await finishRun(this.db, { ...run, now: new Date().toISOString(), outcome: 'done', detail });
        this.log.info({ job: job.name, occurrence: run.occurrence }, `scheduled job done: ${detail}`);
      } catch (error) {
        this.log.error({ err: error, job: job.name, occurrence: run.occurrence }, 'scheduled job failed');
        await finishRun(this.db, {
          ...run,
          now: new Date().toISOString(),
          outcome: 'failed',
          detail: error instanceof Error ? error.message : String(error),
        }).catch(() => undefined);
      }
    }
  }
}
