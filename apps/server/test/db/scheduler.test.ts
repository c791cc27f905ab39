import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateInquiryResponse } from '@capstan/shared';
import { followUpDigestJob } from '../../src/modules/inquiries/follow-up-digest-job';
import { FOLLOW_UP_DIGEST } from '../../src/modules/mail/follow-up-digest-email';
import { runsOf } from '../../src/modules/scheduler/scheduled-runs.repository';
import { type ScheduledJob, Scheduler } from '../../src/modules/scheduler/scheduler';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as never;

/** A job due as `occurrence` that counts its runs, optionally failing. */
function countingJob(name: string, occurrence: string, fail = false): ScheduledJob & { runs: number } {
  const counted = { runs: 0 };
  return Object.assign(counted, {
    name,
    dueOccurrence: () => occurrence,
    async run() {
      counted.runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (fail) throw new Error('the mail server said no');
      return `run ${counted.runs}`;
    },
  });
}

describe('the scheduler', () => {
  it('runs each occurrence once across processes racing for it', async () => {
    const job = countingJob('race', '2026-11-27');
    const processes = Array.from({ length: 4 }, () => new Scheduler(t.ctx.db, [job], silent));
    await Promise.all(processes.map((scheduler) => scheduler.tick()));
    await Promise.all(processes.map((scheduler) => scheduler.tick()));
    expect(job.runs).toBe(1);
    const runs = await runsOf(t.ctx.db, 'race');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ occurrence: '2026-11-27', outcome: 'done', detail: 'run 1' });
    expect(processes.map((scheduler) => scheduler.owner)).toContain(runs[0]!.claimed_by);
  });

  it('takes over an occurrence whose process died mid-run once its lease has run out, not before', async () => {
    const now = new Date('2026-11-27T04:00:00Z');
    const unfinished = (occurrence: string, leaseUntil: string) =>
      t.ctx.db
        .insertInto('scheduled_runs')
        .values({
          job: 'takeover',
          occurrence,
          claimed_by: 'a-killed-process',
          lease_until: leaseUntil,
          started_at: '2026-11-27T03:00:00.000Z',
          finished_at: null,
          outcome: null,
          detail: null,
        })
        .execute();
    await unfinished('expired', '2026-11-27T03:10:00.000Z');
    await unfinished('still-held', '2026-11-27T04:05:00.000Z');

    const expired = countingJob('takeover', 'expired');
    const scheduler = new Scheduler(t.ctx.db, [expired], silent);
    await scheduler.tick(now);
    expect(expired.runs).toBe(1);

    const held = countingJob('takeover', 'still-held');
    await new Scheduler(t.ctx.db, [held], silent).tick(now);
    expect(held.runs).toBe(0);

    const runs = await runsOf(t.ctx.db, 'takeover');
    expect(runs.find((run) => run.occurrence === 'expired')).toMatchObject({
      claimed_by: scheduler.owner,
      outcome: 'done',
    });
    expect(runs.find((run) => run.occurrence === 'still-held')).toMatchObject({
      claimed_by: 'a-killed-process',
      outcome: null,
    });
  });

  it('records a failed run with its reason and does not run it again', async () => {
    const job = countingJob('failing', '2026-11-27', true);
    const scheduler = new Scheduler(t.ctx.db, [job], silent);
    await scheduler.tick();
    await scheduler.tick();
    expect(job.runs).toBe(1);
    expect(await runsOf(t.ctx.db, 'failing')).toMatchObject([{ outcome: 'failed', detail: 'the mail server said no' }]);
  });
});

describe('the morning follow-up digest', () => {
  let address = 1;
  async function inquiry(firstName: string, assigneeId: string | null, followUpOn: string | null, status?: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      remoteAddress: `10.66.0.${address++}`,
      payload: {
        firstName,
        lastName: 'Digest',
        email: 'buyer@example.in',
        phone: '+91 98430 55555',
        product: 'CL-25 Capstan Lathe',
        message: 'Please quote.',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<CreateInquiryResponse>();
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${id}`,
      headers: bearer(await t.login()),
      payload: { assigneeId, followUpOn, ...(status ? { status } : {}) },
    });
    expect(update.statusCode, update.body).toBe(200);
  }

  it('emails each colleague their open inquiries due today or overdue, once a day from 08:00 in India', async () => {
    const idOf = async (email: string) =>
      (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const priya = await signInAs(t, 'sales', 'priya.digest@kovaiprecision.test');
    const ravi = await signInAs(t, 'sales', 'ravi.digest@kovaiprecision.test');
    const [priyaId, raviId] = [await idOf(priya.email), await idOf(ravi.email)];
    await inquiry('Overdue', priyaId, '2026-11-20');
    await inquiry('Today', priyaId, '2026-11-27');
    await inquiry('Tomorrow', priyaId, '2026-11-28');
    await inquiry('Closed', priyaId, '2026-11-20', 'closed');
    await inquiry('Ravis', raviId, '2026-11-27');
    await inquiry('Nobodys', null, '2026-11-20');

    const job = followUpDigestJob(t.ctx);
    // 07:59 in India is 02:29 UTC: not yet; 08:00 is 02:30.
    expect(job.dueOccurrence(new Date('2026-11-27T02:29:00Z'))).toBeNull();
    expect(job.dueOccurrence(new Date('2026-11-27T02:30:00Z'))).toBe('2026-11-27');

    const at = new Date('2026-11-27T03:00:00Z');
    const schedulers = [new Scheduler(t.ctx.db, [job], silent), new Scheduler(t.ctx.db, [job], silent)];
    await Promise.all(schedulers.map((scheduler) => scheduler.tick(at)));
    await schedulers[0]!.tick(new Date('2026-11-27T10:00:00Z'));

    const digests = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', FOLLOW_UP_DIGEST).execute();
    expect(digests.map((message) => JSON.parse(message.recipients) as string[]).sort()).toEqual([
      [priya.email],
      [ravi.email],
    ]);
    const toPriya = digests.find((message) => message.recipients.includes(priya.email))!;
    expect(toPriya.subject).toBe('Follow-ups for 27 Nov 2026: 2 inquiries to follow up today (1 overdue)');
    expect(toPriya.text_body).toMatch(/Overdue Digest, CL-25 Capstan Lathe — overdue since 20 Nov 2026/);
    expect(toPriya.text_body).toMatch(/Today Digest, CL-25 Capstan Lathe — today/);
    expect(toPriya.text_body).not.toMatch(/Tomorrow|Closed|Nobodys/);
    expect(toPriya.text_body.indexOf('Overdue')).toBeLessThan(toPriya.text_body.indexOf('Today Digest'));

    // The next day is another occurrence.
    await schedulers[1]!.tick(new Date('2026-11-28T03:00:00Z'));
    expect(
      await t.ctx.db.selectFrom('outbox').select('id').where('kind', '=', FOLLOW_UP_DIGEST).execute(),
    ).toHaveLength(4);
  });
});
