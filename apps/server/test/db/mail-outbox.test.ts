import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminStats, AuditPage, CreateInquiryResponse, OutboxMessage, OutboxOverview } from '@capstan/shared';
import { buildApp } from '../../src/app';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { TestSmtpServer, waitFor } from '../helpers/smtp';
import { signInAs } from '../helpers/staff';
import { ACKNOWLEDGEMENT } from '../../src/modules/mail/inquiry-emails';

const FROM = 'Kovai Precision Machines <noreply@kovaiprecision.test>';

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function smtpServer(): Promise<TestSmtpServer> {
  const smtp = new TestSmtpServer();
  await smtp.start();
  cleanups.push(() => smtp.stop());
  return smtp;
}

async function appWith(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  cleanups.push(() => t.close());
  return t;
}

const mailEnv = (smtp: TestSmtpServer) => ({ SMTP_URL: smtp.url, MAIL_FROM: FROM, MAIL_RETRY_MIN_SECONDS: '0.05' });

/** Another server process's app on the same database (same config, its own connection pool). */
async function secondApp(t: TestApp): Promise<FastifyInstance> {
  const database: DatabaseHandle = createDatabase(t.config);
  const app = await buildApp({ config: t.config, database });
  cleanups.push(async () => {
    await app.close();
    await database.destroy();
  });
  return app;
}

let nextAddress = 1;
async function sendInquiry(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.60.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`,
    payload: {
      firstName: 'Lakshmi',
      lastName: 'Iyer',
      email: 'lakshmi@buyer.example.in',
      phone: '+91 98400 11223',
      service: 'capstan-lathe',
      message: 'Please quote for a capstan lathe.',
      ...overrides,
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json<CreateInquiryResponse>();
}

const outbox = async (t: TestApp) => {
  const token = await t.login();
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return response.json<OutboxOverview>();
};

const statuses = async (t: TestApp) =>
  (await t.ctx.db.selectFrom('outbox').select(['status', 'attempts', 'last_error']).execute()).map((r) => r.status);

describe('inquiry emails through a real SMTP server', () => {
  it('sends the staff notification and the buyer acknowledgement, both with the reference the API answered', async () => {
    const smtp = await smtpServer();
    const t = await appWith(mailEnv(smtp));
    const answer = await sendInquiry(t.app, {
      message: 'Need <b>two</b> lathes & a "quote"',
      product: 'CL-25 Capstan Lathe',
    });
    expect(answer.reference).toMatch(/^KPM-\d{4}-\d{5}$/);
    expect(answer).toMatchObject({ id: expect.any(String), message: 'Thank you for your inquiry!' });

    await waitFor('two emails', () => smtp.received.length === 2);
    const staff = smtp.received.find((m) => m.to.includes(ADMIN_EMAIL));
    const buyer = smtp.received.find((m) => m.to.includes('lakshmi@buyer.example.in'));
    expect(staff?.raw).toContain(answer.reference);
    expect(buyer?.raw).toContain(answer.reference);
    expect(staff?.from).toBe('noreply@kovaiprecision.test');
    // The acknowledgement gives the company's phone and hours.
    expect(buyer?.text).toContain('+91 98430 12345');
    expect(buyer?.text).toContain('Monday to Saturday 9:00 AM to 8:00 PM');
    expect(buyer?.text).toContain(`Your reference number is ${answer.reference}.`);
    // The notification has every field, the product, the back-office link, and answers go to the buyer.
    for (const field of ['Lakshmi Iyer', 'lakshmi@buyer.example.in', '+91 98400 11223', 'Capstan Lathe']) {
      expect(staff?.text).toContain(field);
    }
    expect(staff?.text).toContain('Product: CL-25 Capstan Lathe');
    expect(staff?.text).toContain('Product page: http://127.0.0.1:3000/products?q=CL-25%20Capstan%20Lathe');
    expect(staff?.text).toContain(`Open it in the back office: http://127.0.0.1:3000/admin/inquiries/${answer.id}`);
    expect(staff?.raw).toMatch(/^Reply-To: lakshmi@buyer\.example\.in/im);

    await waitFor('both marked sent', async () => (await statuses(t)).every((s) => s === 'sent'));
    // What the visitor typed is escaped in the HTML bodies, and kept as typed in the text.
    const rows = await t.ctx.db.selectFrom('outbox').selectAll().where('kind', '=', 'inquiry.staff').execute();
    expect(rows[0]?.html_body).toContain('Need &lt;b&gt;two&lt;/b&gt; lathes &amp; a &quot;quote&quot;');
    expect(rows[0]?.html_body).not.toContain('<b>two</b>');
    expect(rows[0]?.text_body).toContain('Need <b>two</b> lathes & a "quote"');
  });

  it('numbers references one after another within the year', async () => {
    const t = await appWith({});
    const first = await sendInquiry(t.app);
    const second = await sendInquiry(t.app);
    const number = (reference: string) => Number(reference.slice(-5));
    expect(second.reference.slice(0, 9)).toBe(first.reference.slice(0, 9));
    expect(number(second.reference)).toBe(number(first.reference) + 1);
  });

  it('marks a message the server refuses with a 5xx as failed, with the reason, and does not try again', async () => {
    const smtp = await smtpServer();
    smtp.answers.push(
      { code: 550, message: 'Mailbox unavailable: no such user' },
      { code: 550, message: 'Mailbox unavailable: no such user' },
    );
    const t = await appWith(mailEnv(smtp));
    await sendInquiry(t.app);
    await waitFor('both failed', async () => (await statuses(t)).every((s) => s === 'failed'));
    const overview = await outbox(t);
    expect(overview.failed).toBe(2);
    for (const message of overview.messages) {
      expect(message.status).toBe('failed');
      expect(message.attempts).toBe(1);
      expect(message.lastError).toContain('Mailbox unavailable: no such user');
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('tries again after a 4xx answer and delivers', async () => {
    const smtp = await smtpServer();
    smtp.answers.push({ code: 451, message: 'Try again later: greylisted' });
    const t = await appWith(mailEnv(smtp));
    await sendInquiry(t.app);
    await waitFor('both delivered', () => smtp.received.length === 2);
    await waitFor('both marked sent', async () => (await statuses(t)).every((s) => s === 'sent'));
    const retried = (await outbox(t)).messages.find((m) => m.attempts === 2);
    expect(retried?.lastError).toContain('greylisted');
  });

  it('loses nothing while the mail server is down and delivers once it is back', async () => {
    const smtp = await smtpServer();
    await smtp.stop();
    const t = await appWith(mailEnv(smtp));
    const answer = await sendInquiry(t.app);
    await waitFor('a failed attempt', async () => {
      const rows = await t.ctx.db.selectFrom('outbox').select(['attempts', 'status']).execute();
      return rows.length === 2 && rows.every((r) => r.attempts >= 2 && r.status !== 'failed');
    });
    const waiting = await outbox(t);
    expect(waiting.pending).toBe(2);
    expect(waiting.messages[0]?.lastError).toMatch(/ECONNREFUSED|connect/i);

    await smtp.start();
    await waitFor('both delivered', () => smtp.received.length === 2, 20_000);
    expect(smtp.received.every((m) => m.raw.includes(answer.reference))).toBe(true);
  });

  it('keeps messages pending without SMTP_URL and says so; a process with SMTP_URL sends them later', async () => {
    const t = await appWith({});
    const answer = await sendInquiry(t.app);
    const overview = await outbox(t);
    expect(overview).toMatchObject({ configured: false, pending: 2, failed: 0 });
    expect(overview.messages.map((m) => m.status)).toEqual(['pending', 'pending']);
    // The admin layout's banner reads this from the stats every screen already loads.
    const stats = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(await t.login()) });
    expect(stats.json<AdminStats>().email).toEqual({ configured: false, pending: 2, failed: 0 });

    const smtp = await smtpServer();
    const config = { ...t.config, mail: { ...t.config.mail, smtpUrl: smtp.url, from: FROM } };
    const database = createDatabase(config);
    const sender = await buildApp({ config, database });
    cleanups.push(async () => {
      await sender.close();
      await database.destroy();
    });
    await sender.ready();
    await waitFor('both delivered', () => smtp.received.length === 2);
    expect(smtp.received.every((m) => m.raw.includes(answer.reference))).toBe(true);
  });

  it('sends each message once with two processes on one database, and not again after a restart', async () => {
    const smtp = await smtpServer();
    const idle = await appWith({});
    const sent = 12;
    for (let i = 0; i < sent; i++) await sendInquiry(idle.app);

    const config = { ...idle.config, mail: { ...idle.config.mail, smtpUrl: smtp.url, from: FROM, retryMinMs: 50 } };
    const workerApps = await Promise.all(
      [0, 1].map(async () => {
        const database = createDatabase(config);
        const app = await buildApp({ config, database });
        return { app, database };
      }),
    );
    await Promise.all(workerApps.map(({ app }) => app.ready()));
    await waitFor('every message', () => smtp.received.length >= sent * 2, 20_000);
    await waitFor('all marked sent', async () => (await statuses(idle)).every((s) => s === 'sent'));
    for (const { app, database } of workerApps) {
      await app.close();
      await database.destroy();
    }

    // A restart: a fresh process on the same database finds nothing left to send.
    const restarted = await secondApp({ ...idle, config });
    await restarted.ready();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(sent * 2);
    const ids = smtp.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(sent * 2);
  });

  it('lets staff resend a failed message, which is then delivered', async () => {
    const smtp = await smtpServer();
    smtp.answers.push({ code: 554, message: 'Rejected for now' }, { code: 554, message: 'Rejected for now' });
    const t = await appWith(mailEnv(smtp));
    await sendInquiry(t.app);
    await waitFor('both failed', async () => (await statuses(t)).every((s) => s === 'failed'));
    const token = await t.login();
    const [first] = (await outbox(t)).messages;
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${first?.id}/resend`,
      headers: bearer(token),
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json<OutboxMessage>()).toMatchObject({ id: first?.id, status: 'pending', attempts: 0 });
    await waitFor('the resent one delivered', () => smtp.received.length === 1);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/00000000-0000-4000-8000-000000000000/resend',
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/outbox' });
    expect(anonymous.statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'POST', url: `/api/admin/outbox/${first?.id}/resend` });
    expect(forged.statusCode).toBe(401);
  });

  it('records each resend in the audit trail: who, which message and the status it had', async () => {
    const smtp = await smtpServer();
    smtp.answers.push({ code: 554, message: 'Rejected for now' }, { code: 554, message: 'Rejected for now' });
    const t = await appWith(mailEnv(smtp));
    const { reference } = await sendInquiry(t.app);
    await waitFor('both failed', async () => (await statuses(t)).every((s) => s === 'failed'));
    const sales = await signInAs(t, 'sales');
    const acknowledgement = (await outbox(t)).messages.find((m) => m.kind === ACKNOWLEDGEMENT);
    expect(acknowledgement?.attempts).toBe(1);

    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${acknowledgement?.id}/resend`,
      headers: bearer(sales.token),
      remoteAddress: '10.61.0.7',
    });
    expect(resend.statusCode, resend.body).toBe(200);
    await waitFor('the resent one delivered', () => smtp.received.length === 1);
    // A message already sent can be sent again too (the buyer lost it); its entry says it had been sent.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${acknowledgement?.id}/resend`,
      headers: bearer(await t.login()),
    });
    expect(again.statusCode, again.body).toBe(200);

    const activity = await t.app.inject({
      method: 'GET',
      url: '/api/admin/activity?action=email.resend',
      headers: bearer(await t.login()),
    });
    expect(activity.statusCode).toBe(200);
    const [latest, first] = activity.json<AuditPage>().entries;
    expect(first).toMatchObject({
      action: 'email.resend',
      actor: { email: sales.email },
      ip: '10.61.0.7',
      target: { type: 'email', id: acknowledgement?.id, exists: true },
      changes: { status: { before: 'failed', after: 'pending' }, attempts: { before: 1, after: 0 } },
    });
    expect(first?.target?.label).toContain(reference);
    expect(latest).toMatchObject({
      actor: { email: ADMIN_EMAIL },
      changes: { status: { before: 'sent', after: 'pending' } },
    });
    expect(activity.json<AuditPage>().entries).toHaveLength(2);
  });

  it('records nothing and changes nothing when the resend is refused', async () => {
    const t = await appWith({});
    await sendInquiry(t.app);
    const [message] = (await outbox(t)).messages;
    await t.ctx.db
      .updateTable('outbox')
      .set({ status: 'sending', lease_until: new Date(Date.now() + 60_000).toISOString() })
      .where('id', '=', message?.id ?? '')
      .execute();
    const token = await t.login();
    const busy = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${message?.id}/resend`,
      headers: bearer(token),
    });
    expect(busy.statusCode).toBe(409);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/outbox/00000000-0000-4000-8000-000000000000/resend',
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);
    const editor = await signInAs(t, 'editor');
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${message?.id}/resend`,
      headers: bearer(editor.token),
    });
    expect(forbidden.statusCode).toBe(403);
    const row = await t.ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', message?.id ?? '')
      .executeTakeFirst();
    expect(row?.status).toBe('sending');
    const entries = await t.ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'email.resend')
      .execute();
    expect(entries).toEqual([]);
  });
});
