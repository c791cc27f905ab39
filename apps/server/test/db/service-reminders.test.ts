import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import type { ServiceRequestsTable } from '../../src/db/schema';
import {
  AMC_RENEWAL_REMINDER,
  ENGINEER_VISITS_DIGEST,
  OWNERS_REMINDER_DIGEST,
  WARRANTY_END_REMINDER,
} from '../../src/modules/service-reminders/service-reminder-emails';
import {
  engineerVisitsJob,
  serviceRemindersJob,
  serviceRemindersOccurrence,
} from '../../src/modules/service-reminders/service-reminder-jobs';
import { type ScheduledJob, Scheduler } from '../../src/modules/scheduler/scheduler';
import { ADMIN_EMAIL, createTestApp, onPostgres, type TestApp } from '../helpers/test-app';
import { contractRow, insertRows, installationRow, serviceRequestRow, staffRow } from '../helpers/reminder-seed';

// The after-sale reminders (issue 40) on the scheduled-job runner: AMC ends at 60, 30 and 7 days,
// warranty ends at 30, the engineers' visits of the day; each exactly once across two processes
// (two Scheduler objects with owners of their own ticking together), caught up after days without
// a server, in each reader's language.

let t: TestApp;
/**
 * What the second process reaches the database through: on PostgreSQL a pool of its own. On SQLite
 * the same connection: a second connection in this process would wait for the first one's lock
 * synchronously (SQLite's busy handler sleeps), holding up the very event loop that would release it.
 */
let other: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  other = onPostgres ? createDatabase({ dataDir: t.config.dataDir, databaseUrl: t.config.databaseUrl }) : t.database;
});
afterAll(async () => {
  if (other !== t.database) await other.destroy();
  await t.close();
});

const CREATED = '2026-01-05T04:30:00.000Z';
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

beforeEach(async () => {
  for (const table of [
    'outbox',
    'service_reminders',
    'scheduled_runs',
    'service_requests',
    'amc_contracts',
    'installations',
  ] as const) {
    await t.ctx.db.deleteFrom(table).execute();
  }
  await t.ctx.db.deleteFrom('users').where('email', '!=', ADMIN_EMAIL).execute();
});

/** Both jobs, as main.ts registers them, on the given connection. */
const jobsOn = (database: Pick<DatabaseHandle, 'db' | 'dialect'>): ScheduledJob[] => [
  serviceRemindersJob({ ...database, config: t.config }),
  engineerVisitsJob({ ...database, config: t.config }),
];

/** Two processes' schedulers ticking at the same moment: `day` at 08:00 in India. */
async function morningOf(day: string): Promise<void> {
  const at = new Date(`${day}T02:30:00Z`);
  const processes = [new Scheduler(t.ctx.db, jobsOn(t.ctx), silent), new Scheduler(other.db, jobsOn(other), silent)];
  await Promise.all(processes.map((scheduler) => scheduler.tick(at)));
}

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

interface Sent {
  kind: string;
  recipients: string[];
  subject: string;
  text: string;
}

async function outbox(kind?: string): Promise<Sent[]> {
  let query = t.ctx.db.selectFrom('outbox').select(['kind', 'recipients', 'subject', 'text_body']).orderBy('subject');
  if (kind) query = query.where('kind', '=', kind);
  return (await query.execute()).map((row) => ({
    kind: row.kind,
    recipients: JSON.parse(row.recipients) as string[],
    subject: row.subject,
    text: row.text_body,
  }));
}

async function reminders() {
  return t.ctx.db
    .selectFrom('service_reminders')
    .select(['kind', 'subject_id', 'due_on'])
    .orderBy('kind')
    .orderBy('due_on')
    .execute();
}

/** A machine with an email of its own (`{serial}@customer.test`), and optionally an AMC ending on `amcEnds`. */
async function machine(
  serial: string,
  options: { amcEnds?: string; amcStarts?: string; warrantyEnds?: string; email?: string | null; locale?: string } = {},
) {
  const row = installationRow({
    serial,
    email: options.email === undefined ? `${serial.toLowerCase()}@customer.test` : options.email,
    company: `${serial} Components`,
    locale: options.locale ?? 'en',
    ...(options.warrantyEnds ? { warranty_ends_on: options.warrantyEnds } : { warranty_ends_on: '2020-01-01' }),
  });
  await insertRows(t.ctx.db, 'installations', [row]);
  let contractId: string | null = null;
  if (options.amcEnds) {
    const contract = contractRow(row.id, {
      ends_on: options.amcEnds,
      ...(options.amcStarts ? { starts_on: options.amcStarts } : {}),
    });
    await insertRows(t.ctx.db, 'amc_contracts', [contract]);
    contractId = contract.id;
  }
  return { id: row.id, contractId };
}

describe('when the reminders are due', () => {
  it('is each morning from 07:30 in India, not before', () => {
    // 07:29 in India is 01:59 UTC; 07:30 is 02:00.
    expect(serviceRemindersOccurrence(new Date('2026-12-01T01:59:00Z'))).toBeNull();
    expect(serviceRemindersOccurrence(new Date('2026-12-01T02:00:00Z'))).toBe('2026-12-01');
    // 23:00 in India is still that day; 00:30 the next is the next day, before its 07:30.
    expect(serviceRemindersOccurrence(new Date('2026-12-01T17:30:00Z'))).toBe('2026-12-01');
    expect(serviceRemindersOccurrence(new Date('2026-12-01T19:00:00Z'))).toBeNull();
  });
});

describe('AMC renewals and warranty ends, across two processes', () => {
  const today = '2026-12-01';

  it('reminds each due customer once, the nearest threshold only, and tells each owner once', async () => {
    const due = {
      in60: await machine('AMC-60', { amcEnds: addDays(today, 60) }),
      in45: await machine('AMC-45', { amcEnds: addDays(today, 45) }),
      in30: await machine('AMC-30', { amcEnds: addDays(today, 30) }),
      in20: await machine('AMC-20', { amcEnds: addDays(today, 20) }),
      in7: await machine('AMC-7', { amcEnds: addDays(today, 7) }),
      today: await machine('AMC-0', { amcEnds: today }),
      noEmail: await machine('AMC-NOMAIL', { amcEnds: addDays(today, 25), email: null }),
    };
    await machine('AMC-61', { amcEnds: addDays(today, 61) });
    await machine('AMC-ENDED', { amcEnds: addDays(today, -1) });
    // Renewed already: a later contract follows the one ending in 30 days.
    const renewed = await machine('AMC-RENEWED', { amcEnds: addDays(today, 30) });
    await insertRows(t.ctx.db, 'amc_contracts', [
      contractRow(renewed.id, { starts_on: addDays(today, 31), ends_on: addDays(today, 395) }),
    ]);

    const warranty = {
      in30: await machine('W-30', { warrantyEnds: addDays(today, 30) }),
      in1: await machine('W-1', { warrantyEnds: addDays(today, 1) }),
      // Covered after the warranty by an AMC ending the day the warranty does: not covered.
      amcEndsWithIt: await machine('W-AMC-SAME-END', {
        warrantyEnds: addDays(today, 20),
        amcEnds: addDays(today, 20),
        amcStarts: addDays(today, -345),
      }),
      noEmail: await machine('W-NOMAIL', { warrantyEnds: addDays(today, 12), email: null }),
    };
    await machine('W-31', { warrantyEnds: addDays(today, 31) });
    await machine('W-ENDED', { warrantyEnds: addDays(today, -1) });
    // Already under an AMC from the day after the warranty ends, or one running across it.
    await machine('W-AMC-NEXT', {
      warrantyEnds: addDays(today, 10),
      amcStarts: addDays(today, 11),
      amcEnds: addDays(today, 375),
    });
    await machine('W-AMC-ACROSS', {
      warrantyEnds: addDays(today, 15),
      amcStarts: addDays(today, -100),
      amcEnds: addDays(today, 265),
    });
    await insertRows(t.ctx.db, 'users', [
      staffRow('meena.owner@kovaiprecision.test', 'owner', { locale: 'ta' }),
      staffRow('gone.owner@kovaiprecision.test', 'owner', { disabled_at: CREATED }),
      staffRow('sales@kovaiprecision.test', 'sales'),
    ]);

    await morningOf(today);
    await morningOf(today);
    await Promise.all([
      new Scheduler(t.ctx.db, jobsOn(t.ctx), silent).tick(new Date(`${today}T10:00:00Z`)),
      new Scheduler(other.db, jobsOn(other), silent).tick(new Date(`${today}T10:00:00Z`)),
    ]);

    const keys = (await reminders()).map((row) => `${row.kind} ${row.subject_id}`);
    expect(keys.sort()).toEqual(
      [
        `amc-60 ${due.in60.contractId}`,
        `amc-60 ${due.in45.contractId}`,
        `amc-30 ${due.in30.contractId}`,
        `amc-30 ${due.in20.contractId}`,
        `amc-30 ${due.noEmail.contractId}`,
        `amc-7 ${due.in7.contractId}`,
        `amc-7 ${due.today.contractId}`,
        // The contract ending with the warranty is due for renewal too.
        `amc-30 ${warranty.amcEndsWithIt.contractId}`,
        `warranty-30 ${warranty.in30.id}`,
        `warranty-30 ${warranty.in1.id}`,
        `warranty-30 ${warranty.amcEndsWithIt.id}`,
        `warranty-30 ${warranty.noEmail.id}`,
      ].sort(),
    );

    const renewals = await outbox(AMC_RENEWAL_REMINDER);
    expect(renewals.map((message) => message.recipients[0]).sort()).toEqual(
      ['amc-60', 'amc-45', 'amc-30', 'amc-20', 'amc-7', 'amc-0', 'w-amc-same-end']
        .map((serial) => `${serial}@customer.test`)
        .sort(),
    );
    const in45 = renewals.find((message) => message.recipients[0] === 'amc-45@customer.test')!;
    expect(in45.subject).toBe('Kovai Precision Machines: the AMC of your machine AMC-45 ends in 45 days');
    expect(in45.text).toContain('Dear Ramesh Kumar,');
    expect(in45.text).toContain(
      'The annual maintenance contract (AMC) of your NP-38 All-Geared Capstan Lathe, serial number AMC-45, ends on 15 Jan 2027.',
    );
    expect(renewals.find((message) => message.recipients[0] === 'amc-0@customer.test')!.subject).toMatch(/ends today$/);

    const offers = await outbox(WARRANTY_END_REMINDER);
    expect(offers.map((message) => message.recipients[0]).sort()).toEqual(
      ['w-1@customer.test', 'w-30@customer.test', 'w-amc-same-end@customer.test'].sort(),
    );
    expect(offers.find((message) => message.recipients[0] === 'w-1@customer.test')!.subject).toBe(
      'Kovai Precision Machines: the warranty of your machine W-1 ends tomorrow',
    );

    // One list per active owner, each in their language, naming the customers to call.
    const owners = await outbox(OWNERS_REMINDER_DIGEST);
    expect(owners.map((message) => message.recipients[0]).sort()).toEqual(
      [ADMIN_EMAIL, 'meena.owner@kovaiprecision.test'].sort(),
    );
    const toAdmin = owners.find((message) => message.recipients[0] === ADMIN_EMAIL)!;
    expect(toAdmin.subject).toBe('Service reminders sent on 1 Dec 2026: 12 machines');
    expect(toAdmin.text).toContain('AMC contracts ending (renewal offered):');
    expect(toAdmin.text).toContain(
      '- AMC-45 Components, NP-38 All-Geared Capstan Lathe, serial AMC-45: AMC ends on 15 Jan 2027 (emailed to amc-45@customer.test)',
    );
    expect(toAdmin.text).toContain(
      'serial AMC-NOMAIL: AMC ends on 26 Dec 2026 (no email on record: call Ramesh Kumar on +91 98430 11111)',
    );
    expect(toAdmin.text).toContain(`${t.config.publicUrl}/admin/installations/${due.in60.id}`);
    expect(toAdmin.text).toContain('Warranties ending (AMC offered):');
    const toMeena = owners.find((message) => message.recipients[0] === 'meena.owner@kovaiprecision.test')!;
    expect(toMeena.subject).toBe('1 டிச., 2026 அன்று அனுப்பிய சர்வீஸ் நினைவூட்டல்கள்: 12 மெஷின்கள்');
    expect(toMeena.text).toContain('முடியவிருக்கும் AMC ஒப்பந்தங்கள்');

    // Every email once: 7 renewals, 3 offers, 2 owners' lists, nothing else.
    expect(await outbox()).toHaveLength(12);
  });

  it('sends each threshold on its day, 60, 30 and 7 days before the end, over two months of mornings', async () => {
    const end = '2027-03-31';
    const { contractId } = await machine('AMC-DAILY', { amcEnds: end });
    for (let day = addDays(end, -65); day <= addDays(end, 2); day = addDays(day, 1)) await morningOf(day);

    expect(await reminders()).toEqual([
      { kind: 'amc-30', subject_id: contractId, due_on: end },
      { kind: 'amc-60', subject_id: contractId, due_on: end },
      { kind: 'amc-7', subject_id: contractId, due_on: end },
    ]);
    const sentOn = await t.ctx.db
      .selectFrom('outbox')
      .select(['created_at', 'subject'])
      .where('kind', '=', AMC_RENEWAL_REMINDER)
      .orderBy('created_at')
      .execute();
    expect(sentOn.map((row) => [row.created_at.slice(0, 10), row.subject.replace(/.* ends /, '')])).toEqual([
      [addDays(end, -60), 'in 60 days'],
      [addDays(end, -30), 'in 30 days'],
      [addDays(end, -7), 'in 7 days'],
    ]);
    // One owners' list on each of those three mornings, none on the others.
    expect(await outbox(OWNERS_REMINDER_DIGEST)).toHaveLength(3);
  });

  it('catches up after days without a server: the threshold passed is sent late, once, never one already overtaken', async () => {
    const end = '2027-06-30';
    const { contractId } = await machine('AMC-DOWN', { amcEnds: end });
    const { id: warrantyMachine } = await machine('W-DOWN', { warrantyEnds: end });

    // The last morning a server ran was 61 days before the end; the next, 29 days before.
    await morningOf(addDays(end, -61));
    expect(await outbox()).toHaveLength(0);
    await morningOf(addDays(end, -29));
    expect((await reminders()).map((row) => `${row.kind} ${row.subject_id}`)).toEqual([
      `amc-30 ${contractId}`,
      `warranty-30 ${warrantyMachine}`,
    ]);
    expect((await outbox(AMC_RENEWAL_REMINDER)).map((message) => message.subject)).toEqual([
      'Kovai Precision Machines: the AMC of your machine AMC-DOWN ends in 29 days',
    ]);

    // Down again until three days before the end: the 7-day reminder, once, and nothing more after.
    await morningOf(addDays(end, -3));
    await morningOf(addDays(end, -2));
    await morningOf(addDays(end, 1));
    expect((await reminders()).map((row) => row.kind)).toEqual(['amc-30', 'amc-7', 'warranty-30']);
    expect(await outbox(AMC_RENEWAL_REMINDER)).toHaveLength(2);
    expect(await outbox(WARRANTY_END_REMINDER)).toHaveLength(1);
  });

  it('reminds a contract again for its new end when staff move it', async () => {
    const end = '2027-08-31';
    const { contractId } = await machine('AMC-MOVED', { amcEnds: end });
    await morningOf(addDays(end, -30));
    await t.ctx.db
      .updateTable('amc_contracts')
      .set({ ends_on: addDays(end, 20) })
      .where('id', '=', contractId!)
      .execute();
    await morningOf(addDays(end, -29));
    expect(await reminders()).toEqual([
      { kind: 'amc-30', subject_id: contractId, due_on: end },
      { kind: 'amc-60', subject_id: contractId, due_on: addDays(end, 20) },
    ]);
  });

  it('writes to each customer in their language', async () => {
    const today = '2027-01-10';
    await machine('TA-1', { amcEnds: addDays(today, 30), locale: 'ta' });
    await machine('HI-1', { warrantyEnds: addDays(today, 30), locale: 'hi' });
    await morningOf(today);
    const [tamil] = await outbox(AMC_RENEWAL_REMINDER);
    expect(tamil!.subject).toBe('Kovai Precision Machines: உங்கள் மெஷின் TA-1-இன் AMC 30 நாட்களில் முடிகிறது');
    expect(tamil!.text).toContain('அன்புள்ள Ramesh Kumar,');
    expect(tamil!.text).toContain('ஆண்டு பராமரிப்பு ஒப்பந்தம் (AMC) 9 பிப்., 2027 அன்று முடிகிறது.');
    const [hindi] = await outbox(WARRANTY_END_REMINDER);
    expect(hindi!.subject).toBe('Kovai Precision Machines: आपकी मशीन HI-1 की वारंटी 30 दिन में ख़त्म हो रही है');
    expect(hindi!.text).toContain('प्रिय Ramesh Kumar,');
    expect(hindi!.text).toContain('की वारंटी 9 फ़र॰ 2027 को ख़त्म हो रही है।');
  });
});

describe("the engineers' visits of the day", () => {
  it('emails each engineer their open visits of the day once, in their language, and nobody without one', async () => {
    const today = '2026-12-02';
    const kannan = staffRow('kannan@kovaiprecision.test', 'service', { locale: 'ta' });
    const vikram = staffRow('vikram@kovaiprecision.test', 'service');
    const idle = staffRow('idle@kovaiprecision.test', 'service');
    const left = staffRow('left@kovaiprecision.test', 'service', { disabled_at: CREATED });
    await insertRows(t.ctx.db, 'users', [kannan, vikram, idle, left]);
    const { id: installationId } = await machine('KPM-NP38/2024-117');
    const request = (reference: string, fields: Partial<ServiceRequestsTable>) =>
      serviceRequestRow({ reference, serial: 'KPM-NP38/2024-117', visit_on: today, ...fields });
    await insertRows(t.ctx.db, 'service_requests', [
      request('SR-2026-00101', {
        assignee_id: kannan.id,
        installation_id: installationId,
        machine_down: 1,
        symptom: 'Turret does not index.',
      }),
      request('SR-2026-00102', { assignee_id: kannan.id, status: 'assigned', serial: 'UNKNOWN-9', name: 'Selvi' }),
      request('SR-2026-00103', { assignee_id: kannan.id, status: 'resolved' }),
      request('SR-2026-00104', { assignee_id: kannan.id, visit_on: addDays(today, 1) }),
      request('SR-2026-00105', { assignee_id: vikram.id, installation_id: installationId }),
      request('SR-2026-00106', { assignee_id: vikram.id, status: 'closed' }),
      request('SR-2026-00107', { assignee_id: left.id }),
      request('SR-2026-00108', { assignee_id: null }),
    ]);

    await morningOf(today);
    await morningOf(today);

    const digests = await outbox(ENGINEER_VISITS_DIGEST);
    expect(digests.map((message) => message.recipients[0]).sort()).toEqual([
      'kannan@kovaiprecision.test',
      'vikram@kovaiprecision.test',
    ]);
    const toKannan = digests.find((message) => message.recipients[0] === 'kannan@kovaiprecision.test')!;
    expect(toKannan.subject).toBe('இன்றைய உங்கள் வருகைகள், 2 டிச., 2026: 2 வருகைகள்');
    expect(toKannan.text).toContain(
      'SR-2026-00101: KPM-NP38/2024-117 Components, NP-38 All-Geared Capstan Lathe, சீரியல் எண் KPM-NP38/2024-117',
    );
    expect(toKannan.text).toContain('மெஷின் நின்றுவிட்டது.');
    expect(toKannan.text).toContain('என்ன பிரச்சினை: Turret does not index.');
    expect(toKannan.text).toContain('SR-2026-00102: Selvi, சீரியல் எண் UNKNOWN-9 (பதிவேட்டில் இல்லை)');
    expect(toKannan.text).not.toMatch(/SR-2026-0010[34]/);
    const toVikram = digests.find((message) => message.recipients[0] === 'vikram@kovaiprecision.test')!;
    expect(toVikram.subject).toBe('Your visits today, 2 Dec 2026: 1 visit');
    expect(toVikram.text).toContain('Address: 22, Avinashi Road, Peelamedu, Coimbatore 641004');
    expect(toVikram.text).toContain(`${t.config.publicUrl}/admin/service-requests/`);
    expect((await reminders()).map((row) => `${row.kind} ${row.subject_id} ${row.due_on}`).sort()).toEqual(
      [`engineer-visits ${kannan.id} ${today}`, `engineer-visits ${vikram.id} ${today}`].sort(),
    );
  });
});

describe('a run raced by another (a lease taken over mid-run)', () => {
  it('queues each reminder once when two runs of the same day overlap', async () => {
    const today = '2027-02-01';
    for (let index = 0; index < 40; index += 1) {
      await machine(`RACE-AMC-${index}`, { amcEnds: addDays(today, 1 + index) });
      await machine(`RACE-W-${index}`, { warrantyEnds: addDays(today, index % 30) });
    }
    // The runner would give the day to one process; these two runs bypass it, as a takeover does.
    const runs = [jobsOn(t.ctx)[0]!, jobsOn(other)[0]!].map((job) => job.run(today, new Date(`${today}T02:30:00Z`)));
    await Promise.all(runs);
    const counts = await t.ctx.db
      .selectFrom('outbox')
      .select(['kind', sql<number>`count(*)`.as('count')])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    // 40 contracts (up to 40 days from their end) and 40 warranties, each once; one owners' list.
    expect(counts.map((row) => [row.kind, Number(row.count)])).toEqual([
      [AMC_RENEWAL_REMINDER, 40],
      [OWNERS_REMINDER_DIGEST, 1],
      [WARRANTY_END_REMINDER, 40],
    ]);
    expect(await reminders()).toHaveLength(80);
  });
});
