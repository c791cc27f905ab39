/**
 * `node --import tsx scripts/bench/run-service-reminders.ts [-- --quick] [-- --out FILE]`: issue 40's
 * reminders figure alone, as `npm run bench` takes it (measureServiceReminders): 20,000 installed
 * machines seeded on a fresh database, then the morning's run by two schedulers racing, timed
 * against the 10 s budget and checked: each reminder queued exactly once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addMonths, warrantyEndsOn } from '@capstan/shared';
import { createDatabase, type DatabaseHandle } from '../../apps/server/src/db/database';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type {
  AmcContractsTable,
  InstallationsTable,
  ServiceRequestsTable,
  UsersTable,
} from '../../apps/server/src/db/schema';
import { loadConfig } from '../../apps/server/src/config';
import {
  AMC_RENEWAL_REMINDER,
  ENGINEER_VISITS_DIGEST,
  OWNERS_REMINDER_DIGEST,
  WARRANTY_END_REMINDER,
} from '../../apps/server/src/modules/service-reminders/service-reminder-emails';
import {
  engineerVisitsJob,
  serviceRemindersJob,
} from '../../apps/server/src/modules/service-reminders/service-reminder-jobs';
import { Scheduler } from '../../apps/server/src/modules/scheduler/scheduler';
import { PrivatePostgres } from '../../apps/server/test/helpers/private-postgres';
import {
  contractRow,
  insertRows,
  installationRow,
  serviceRequestRow,
  staffRow,
} from '../../apps/server/test/helpers/reminder-seed';
import { parseArgs } from './args';
import { ownedCleanup, runBenchScript } from './processes';
import { budgetTable, printSection } from './report-format';
import { seededRandom } from '../../apps/server/test/helpers/seeded-random';
import {
  REMINDER_GOALS,
  type ServiceRemindersFigures,
  type ServiceRemindersRun,
  serviceRemindersBudgets,
  serviceRemindersSection,
} from './service-reminders-report';

/** The morning measured: a Monday in March, 08:00 in India. */
const TODAY = '2027-03-15';
const MORNING = new Date(`${TODAY}T02:30:00Z`);
const NEXT_MORNING = new Date('2027-03-16T02:30:00Z');
const ENGINEERS = 15;
const OWNERS = 3;
const VISITS_TODAY = 300;
const PAST_REQUESTS = 2_000;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface Seeded {
  installations: InstallationsTable[];
  contracts: AmcContractsTable[];
  staff: UsersTable[];
  requests: ServiceRequestsTable[];
}

/**
 * The register as a maker's might be after some years: machines commissioned over six years (24
 * months' warranty, so about a third still under it), an AMC on 30% of them ending anywhere from
 * six months ago to a year ahead (a tenth of those already renewed), customers reading English,
 * Tamil or Hindi, a tenth with no email; 15 engineers with 300 visits today, and past calls.
 */
function seed(machines: number): Seeded {
  const random = seededRandom(40);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const installations: InstallationsTable[] = [];
  const contracts: AmcContractsTable[] = [];
  for (let index = 0; index < machines; index += 1) {
    const serial = `KPM-${String(index + 1).padStart(6, '0')}`;
    const commissioned = addDays(TODAY, -Math.floor(random() * 6 * 365));
    const installation = installationRow({
      serial,
      company: `Customer ${index + 1} Engineering`,
      phone: `+91 9${String(800_000_000 + index).padStart(9, '0')}`,
      email: random() < 0.1 ? null : `machine${index + 1}@customer.test`,
      locale: pick(['en', 'en', 'en', 'en', 'en', 'en', 'en', 'ta', 'ta', 'hi']),
      commissioned_on: commissioned,
      warranty_months: 24,
      warranty_ends_on: warrantyEndsOn(commissioned, 24),
    });
    installations.push(installation);
    if (random() < 0.3) {
      const ends = addDays(TODAY, Math.floor(random() * 546) - 180);
      contracts.push(contractRow(installation.id, { starts_on: addDays(addMonths(ends, -12), 1), ends_on: ends }));
      if (random() < 0.1) {
        const renewedEnd = addMonths(ends, 12);
        contracts.push(contractRow(installation.id, { starts_on: addDays(ends, 1), ends_on: renewedEnd }));
      }
    }
  }
  const staff = [
    ...Array.from({ length: OWNERS }, (_, index) =>
      staffRow(`owner${index + 1}@kovaiprecision.test`, 'owner', { locale: ['ta', 'hi', null][index] ?? null }),
    ),
    ...Array.from({ length: ENGINEERS }, (_, index) =>
      staffRow(`engineer${index + 1}@kovaiprecision.test`, 'service', { locale: pick(['ta', 'hi', null]) }),
    ),
  ];
  const engineers = staff.filter((user) => user.role === 'service');
  const requests: ServiceRequestsTable[] = [];
  for (let index = 0; index < VISITS_TODAY + PAST_REQUESTS; index += 1) {
    const installation = pick(installations);
    const today = index < VISITS_TODAY;
    requests.push(
      serviceRequestRow({
        reference: `SR-2027-${String(index + 1).padStart(5, '0')}`,
        serial: installation.serial,
        installation_id: installation.id,
        status: today ? pick(['assigned', 'scheduled']) : 'closed',
        assignee_id: pick(engineers).id,
        visit_on: today ? TODAY : addDays(TODAY, -1 - Math.floor(random() * 700)),
        machine_down: random() < 0.3 ? 1 : 0,
      }),
    );
  }
  return { installations, contracts, staff, requests };
}

/**
 * What the morning must send, worked out here from the seeded rows (not by the module's SQL): AMC
 * contracts ending within 60 days, not renewed, at their nearest threshold; warranties ending
 * within 30 days with no AMC covering the next day; engineers with an open visit today.
 */
function expected(seeded: Seeded) {
  const windowOf = (days: number) => (days <= 7 ? 'amc-7' : days <= 30 ? 'amc-30' : 'amc-60');
  const daysTo = (day: string) => Math.round((Date.parse(day) - Date.parse(TODAY)) / 86_400_000);
  const byId = new Map(seeded.installations.map((row) => [row.id, row]));
  const amc = seeded.contracts.filter((contract) => {
    const days = daysTo(contract.ends_on);
    const renewed = seeded.contracts.some(
      (other) => other.installation_id === contract.installation_id && other.ends_on > contract.ends_on,
    );
    return days >= 0 && days <= 60 && !renewed;
  });
  const warranty = seeded.installations.filter((row) => {
    const days = daysTo(row.warranty_ends_on);
    const next = addDays(row.warranty_ends_on, 1);
    const covered = seeded.contracts.some(
      (contract) => contract.installation_id === row.id && contract.starts_on <= next && contract.ends_on >= next,
    );
    return days >= 0 && days <= 30 && !covered;
  });
  const engineers = new Set(seeded.requests.filter((row) => row.visit_on === TODAY).map((row) => row.assignee_id));
  return {
    reminders: amc.length + warranty.length + engineers.size,
    byKind: {
      'amc-60': amc.filter((row) => windowOf(daysTo(row.ends_on)) === 'amc-60').length,
      'amc-30': amc.filter((row) => windowOf(daysTo(row.ends_on)) === 'amc-30').length,
      'amc-7': amc.filter((row) => windowOf(daysTo(row.ends_on)) === 'amc-7').length,
      'warranty-30': warranty.length,
      'engineer-visits': engineers.size,
    } as Record<string, number>,
    emails: {
      [AMC_RENEWAL_REMINDER]: amc.filter((row) => byId.get(row.installation_id)?.email).length,
      [WARRANTY_END_REMINDER]: warranty.filter((row) => row.email).length,
      [OWNERS_REMINDER_DIGEST]: amc.length + warranty.length > 0 ? OWNERS : 0,
      [ENGINEER_VISITS_DIGEST]: engineers.size,
    } as Record<string, number>,
  };
}

async function counts(
  database: DatabaseHandle,
  table: 'service_reminders' | 'outbox',
): Promise<Record<string, number>> {
  const rows = await database.db
    .selectFrom(table)
    .select((eb) => ['kind', eb.fn.countAll<number>().as('count')])
    .groupBy('kind')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.kind, Number(row.count)]));
}

const sameCounts = (a: Record<string, number>, b: Record<string, number>) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].every((key) => (a[key] ?? 0) === (b[key] ?? 0));

/** Two schedulers (two processes' worth) ticking together: the milliseconds until both are done, and their owners. */
async function race(handles: [DatabaseHandle, DatabaseHandle], now: Date): Promise<{ ms: number; owners: string[] }> {
  const config = loadConfig({ PUBLIC_URL: 'https://www.kovaiprecision.test', LOG_LEVEL: 'silent' });
  const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;
  const schedulers = handles.map(
    (handle) =>
      new Scheduler(
        handle.db,
        [serviceRemindersJob({ ...handle, config }), engineerVisitsJob({ ...handle, config })],
        silent,
      ),
  );
  const started = performance.now();
  await Promise.all(schedulers.map((scheduler) => scheduler.tick(now)));
  return { ms: performance.now() - started, owners: schedulers.map((scheduler) => scheduler.owner) };
}

async function measureOn(
  dialect: 'sqlite' | 'postgres',
  open: () => DatabaseHandle,
  machines: number,
  log: (message: string) => void,
): Promise<ServiceRemindersRun> {
  const first = open();
  // SQLite: one connection for both schedulers. A second connection in this process would wait
  // for the first one's write lock synchronously (SQLite's busy handler sleeps), stalling the
  // event loop that would release it; two real processes each wait in their own.
  const second = dialect === 'postgres' ? open() : first;
  try {
    await migrateToLatest(first.db);
    const seeded = seed(machines);
    const seedStarted = performance.now();
    await insertRows(first.db, 'installations', seeded.installations);
    await insertRows(first.db, 'amc_contracts', seeded.contracts);
    await insertRows(first.db, 'users', seeded.staff);
    await insertRows(first.db, 'service_requests', seeded.requests);
    const seedMs = performance.now() - seedStarted;
    log(
      `service reminders (${dialect}): seeded ${machines.toLocaleString('en-IN')} machines, ` +
        `${seeded.contracts.length.toLocaleString('en-IN')} AMC contracts in ${(seedMs / 1000).toFixed(1)} s; ` +
        'the morning run, two schedulers racing',
    );
    const want = expected(seeded);
    const { ms: dailyRunMs, owners } = await race([first, second], MORNING);
    const remindersAfter = await counts(first, 'service_reminders');
    const emailsAfter = await counts(first, 'outbox');
    // The same morning again (a restart, the other process's next tick): nothing more.
    await race([first, second], new Date(MORNING.getTime() + 60 * 60_000));
    const unchanged =
      sameCounts(remindersAfter, await counts(first, 'service_reminders')) &&
      sameCounts(emailsAfter, await counts(first, 'outbox'));
    const runs = await first.db
      .selectFrom('scheduled_runs')
      .select(['job', 'claimed_by', 'outcome', 'detail'])
      .where('occurrence', '=', TODAY)
      .orderBy('job')
      .execute();
    const { ms: nextDayRunMs } = await race([first, second], NEXT_MORNING);
    const exactlyOnce = unchanged && sameCounts(remindersAfter, want.byKind) && sameCounts(emailsAfter, want.emails);
    log(
      `service reminders (${dialect}): morning run ${(dailyRunMs / 1000).toFixed(2)} s, next morning ` +
        `${(nextDayRunMs / 1000).toFixed(2)} s; exactly once: ${exactlyOnce ? 'yes' : 'NO'}`,
    );
    return {
      dialect,
      notMeasured: null,
      machines,
      contracts: seeded.contracts.length,
      seedMs,
      dailyRunMs,
      nextDayRunMs,
      reminders: remindersAfter,
      expectedReminders: want.byKind,
      emails: emailsAfter,
      expectedEmails: want.emails,
      exactlyOnce,
      runs: runs.map((run) => {
        const by = ['scheduler A', 'scheduler B'][owners.indexOf(run.claimed_by)] ?? run.claimed_by;
        return `${run.job} by ${by}: ${run.outcome ?? 'unfinished'}, ${run.detail ?? ''}`;
      }),
    };
  } finally {
    if (second !== first) await second.destroy();
    await first.destroy();
  }
}

const notMeasured = (dialect: 'sqlite' | 'postgres', reason: string, machines: number): ServiceRemindersRun => ({
  dialect,
  notMeasured: reason,
  machines,
  contracts: 0,
  seedMs: null,
  dailyRunMs: null,
  nextDayRunMs: null,
  reminders: {},
  expectedReminders: {},
  emails: {},
  expectedEmails: {},
  exactlyOnce: false,
  runs: [],
});

/** The same on a PostgreSQL of the bench's own, or why not (its programs are not installed). */
async function measureOnPostgres(
  machines: number,
  dataDir: string,
  log: (message: string) => void,
): Promise<ServiceRemindersRun> {
  let server: PrivatePostgres;
  try {
    server = await PrivatePostgres.create();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log(`service reminders (postgres): not measured: ${reason}`);
    return notMeasured('postgres', reason, machines);
  }
  const stop = ownedCleanup(() => server.destroy());
  try {
    return await measureOn('postgres', () => createDatabase({ dataDir, databaseUrl: server.url }), machines, log);
  } finally {
    await stop();
  }
}

/**
 * Seeds `machines` installed machines on a fresh SQLite file and on a fresh PostgreSQL of the
 * bench's own (when its programs are installed), and times the morning's reminders there: both
 * jobs (customers' and owners' emails; engineers' visits) on two schedulers ticking together.
 */
export async function measureServiceReminders(options: {
  machines: number;
  log: (message: string) => void;
}): Promise<ServiceRemindersFigures> {
  const { machines, log } = options;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-reminders-'));
  const removeDir = ownedCleanup(() => fs.rm(dataDir, { recursive: true, force: true }));
  try {
    const sqlite = await measureOn('sqlite', () => createDatabase({ dataDir, databaseUrl: undefined }), machines, log);
    const postgres = await measureOnPostgres(machines, dataDir, log);
    return {
      sqlite,
      postgres,
      method:
        `${machines.toLocaleString('en-IN')} installed machines written straight into a fresh, migrated database ` +
        `(commissioned over six years, 24 months' warranty; an AMC on 30%, ending from six months ago to a year ` +
        `ahead, a tenth renewed; a tenth without email; ${OWNERS} owners, ${ENGINEERS} engineers, ${VISITS_TODAY} ` +
        `visits today among ${(VISITS_TODAY + PAST_REQUESTS).toLocaleString('en-IN')} requests). Two Scheduler ` +
        'objects with the service-reminders and engineer-visits jobs tick at 08:00 in India together (on ' +
        'PostgreSQL each on a pool of its own, on SQLite on one connection); the figure is until both are done. ' +
        'Being the first run, it catches up every reminder then due. Exactly once: the reminders and emails ' +
        'queued equal those worked out from the seeded rows, and the same morning again adds none.',
    };
  } finally {
    await removeDir();
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2), repoRoot);
  const startedAt = new Date().toISOString();
  const serviceReminders = await measureServiceReminders({
    machines: options.quick ? 2_000 : REMINDER_GOALS.machines,
    log,
  });
  const budgets = serviceRemindersBudgets(serviceReminders);
  const report = { startedAt, finishedAt: new Date().toISOString(), options, serviceReminders, budgets };
  await fs.mkdir(path.dirname(options.outFile), { recursive: true });
  await fs.writeFile(options.outFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    [...printSection(serviceRemindersSection(serviceReminders)), '\nBudgets', budgetTable(budgets)].join('\n'),
  );
  console.log(`\nReport written to ${path.relative(process.cwd(), options.outFile)}`);
}

// Run when started as a script; `npm run bench` imports measureServiceReminders only.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) runBenchScript(main);
