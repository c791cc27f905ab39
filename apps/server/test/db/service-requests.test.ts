import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVICE_REPORT_REQUIRED_MESSAGE,
  SERVICE_REQUEST_MESSAGES,
  type ServiceEngineersResponse,
  type ServiceRequest,
  type ServiceRequestListResponse,
  serviceRequestTransitionMessage,
} from '@capstan/shared';
import { indianDay } from '../../src/modules/mail/email-parts';
import { createMachine, createPart } from '../helpers/items';
import {
  attachments,
  insertInstallation,
  raisedReference,
  raiseRequest,
  requestFields,
  subjectOf,
} from '../helpers/service-requests';
import { type ReceivedMail, TestSmtpServer, waitFor } from '../helpers/smtp';
import { signInAs, wholeState } from '../helpers/staff';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

const PUBLIC_URL = 'https://kovaiprecision.example';

let smtp: TestSmtpServer;
let t: TestApp;
let token: string;
let machineId: string;
let partId: string;
let engineer: { id: string; email: string; token: string };

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kovai Precision Machines <noreply@kovaiprecision.test>',
      MAIL_RETRY_MIN_SECONDS: '0.05',
      PUBLIC_URL,
    },
  });
  token = await t.login();
  machineId = (await createMachine(t, token)).id;
  partId = (await createPart(t, token, { name: 'Clutch plate set', code: 'CP-25' })).id;
  const signedIn = await signInAs(t, 'service', 'ravi.service@kovaiprecision.test');
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(signedIn.token) });
  engineer = { id: me.json<{ user: { id: string } }>().user.id, email: signedIn.email, token: signedIn.token };
  // The engineer reads the back office in Hindi: their emails come in Hindi.
  await t.ctx.db.updateTable('users').set({ locale: 'hi' }).where('id', '=', engineer.id).execute();
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const get = async <T>(url: string, as = token): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(as) });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
};

const put = (id: string, payload: Record<string, unknown>, as = token) =>
  t.app.inject({ method: 'PUT', url: `/api/service-requests/${id}`, headers: bearer(as), payload });

async function byReference(reference: string): Promise<ServiceRequest> {
  const list = await get<ServiceRequestListResponse>(`/api/service-requests?q=${encodeURIComponent(reference)}`);
  const found = list.serviceRequests.find((request) => request.reference === reference);
  if (!found) throw new Error(`${reference} is not listed`);
  return get<ServiceRequest>(`/api/service-requests/${found.id}`);
}

/** Every queued email sent, so that the worker changes no row while a test compares snapshots. */
const outboxSettled = () =>
  waitFor('the outbox to be sent', async () => {
    const waiting = await t.ctx.db
      .selectFrom('outbox')
      .select('id')
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    return waiting.length === 0;
  });

/** How many emails have arrived once everything queued so far is sent: where to look for the next ones. */
async function mark(): Promise<number> {
  await outboxSettled();
  return smtp.received.length;
}

/** The next email to `to` received after `from` emails had arrived. */
async function mailTo(to: string, from: number): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await waitFor(`an email to ${to}`, () => {
    found = smtp.received.slice(from).find((mail) => mail.to.includes(to));
    return found !== undefined;
  });
  return found as ReceivedMail;
}

function pdfText(bytes: Buffer): string | null {
  try {
    return execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
  } catch {
    return null;
  }
}

describe('the ticket flow, with a real SMTP server', () => {
  it('takes a Tamil request from new to closed, emailing the buyer, the team and the engineer at each step', async () => {
    await insertInstallation(t, machineId, { serial: 'KPM2201/7' });
    const buyer = 'senthil@murugan-auto.example.in';

    // Raised: 201 with the reference; the buyer's email in Tamil, the team's saying the machine is down.
    let seen = await mark();
    const reference = await raisedReference(t.app, requestFields());
    expect(reference).toMatch(/^SR-\d{4}-\d{5}$/);
    const received = await mailTo(buyer, seen);
    expect(received.text).toContain(reference);
    expect(received.text).toContain('உங்கள் சர்வீஸ் கோரிக்கை எங்களுக்குக் கிடைத்துவிட்டது');
    expect(subjectOf(received)).toContain(reference);
    const team = await mailTo(ADMIN_EMAIL, seen);
    expect(subjectOf(team)).toBe(`MACHINE DOWN — service request ${reference}: KPM2201/7, Senthil Kumar`);
    expect(team.text).toContain('The customer says the machine is down.');
    expect(team.text).toContain('Spindle stops under load');
    expect(team.text).toContain(`${PUBLIC_URL}/admin/service-requests/`);

    const raised = await byReference(reference);
    expect(raised).toMatchObject({
      status: 'new',
      registered: true,
      serial: 'KPM2201/7',
      model: 'CL-25 All-Geared Capstan Lathe',
      machineDown: true,
      preferredDate: '2026-12-10',
      language: 'ta',
      overdue: false,
      assigneeId: null,
    });
    expect(raised.events.map((event) => [event.kind, event.status])).toEqual([['created', 'new']]);

    // Assigned: the engineer is told in Hindi, with the machine, the customer, the phone and the link.
    seen = await mark();
    const assigned = await put(raised.id, { assigneeId: engineer.id });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json<ServiceRequest>()).toMatchObject({ status: 'assigned', assigneeName: 'ravi.service' });
    const toEngineer = await mailTo(engineer.email, seen);
    expect(subjectOf(toEngineer)).toBe(`मशीन बंद — आपको सौंपा गया: सर्विस अनुरोध ${reference}, KPM2201/7`);
    expect(toEngineer.text).toContain(`${ADMIN_EMAIL} ने सर्विस अनुरोध ${reference} आपको सौंपा है।`);
    expect(toEngineer.text).toContain('098430 12345');
    expect(toEngineer.text).toContain('CL-25 All-Geared Capstan Lathe');
    expect(toEngineer.text).toContain('ग्राहक: Sri Murugan Auto Components');
    expect(toEngineer.text).toContain('SIDCO Industrial Estate, Kurichi');
    expect(toEngineer.text).toContain('Spindle stops under load');
    expect(toEngineer.text).toContain(`${PUBLIC_URL}/admin/service-requests/${raised.id}`);
    const toldAssigned = await mailTo(buyer, seen);
    expect(toldAssigned.text).toContain(`இன்ஜினியர் ravi.service நியமிக்கப்பட்டுள்ளார்`);

    // Scheduled: the date, in Tamil words.
    seen = await mark();
    const scheduled = await put(raised.id, { visitOn: '2026-12-11' });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json<ServiceRequest>()).toMatchObject({ status: 'scheduled', visitOn: '2026-12-11' });
    const toldDate = await mailTo(buyer, seen);
    expect(toldDate.text).toContain(indianDay('2026-12-11', 'ta'));

    // Closing straight from a visit without marking it resolved is refused; so is closing without a report.
    const early = await put(raised.id, { status: 'closed', report: { workDone: 'Replaced the clutch plates.' } });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: SERVICE_REQUEST_MESSAGES.closeFromResolved });

    seen = await mark();
    const resolved = await put(raised.id, { status: 'resolved' });
    expect(resolved.json<ServiceRequest>().status).toBe('resolved');
    expect((await mailTo(buyer, seen)).text).toContain('சரிசெய்யப்பட்டதாக');

    const noReport = await put(raised.id, { status: 'closed' });
    expect(noReport.statusCode).toBe(400);
    expect(noReport.json().issues).toEqual([
      { path: ['report', 'workDone'], message: SERVICE_REPORT_REQUIRED_MESSAGE },
    ]);

    // Closed with the report: the PDF is rendered, kept with its hash, and emailed as it is stored.
    seen = await mark();
    const report = {
      workDone: 'Replaced the clutch plates and set the clutch; ran the spindle under load for an hour.',
      partsUsed: [
        { itemId: partId, description: 'Clutch plate set CP-25', quantity: 1 },
        { description: 'Spindle oil, 1 litre', quantity: 2 },
      ],
      hours: 3.5,
    };
    const closed = await put(raised.id, { status: 'closed', report });
    expect(closed.statusCode, closed.body).toBe(200);
    const done = closed.json<ServiceRequest>();
    expect(done).toMatchObject({
      status: 'closed',
      report: { ...report, partsUsed: [{ ...report.partsUsed[0] }, { itemId: null, ...report.partsUsed[1] }] },
    });
    expect(done.closedAt).not.toBeNull();
    expect(done.events.map((event) => [event.kind, event.status, event.actorName])).toEqual([
      ['created', 'new', null],
      ['assigned', 'assigned', 'staff'],
      ['scheduled', 'scheduled', 'staff'],
      ['status', 'resolved', 'staff'],
      ['closed', 'closed', 'staff'],
    ]);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${raised.id}/report.pdf`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    const stored = download.rawPayload;
    expect(stored.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const row = await t.ctx.db
      .selectFrom('service_requests')
      .select(['report_pdf_sha256'])
      .where('id', '=', raised.id)
      .executeTakeFirstOrThrow();
    expect(createHash('sha256').update(stored).digest('hex')).toBe(row.report_pdf_sha256);

    const closing = await mailTo(buyer, seen);
    expect(closing.text).toContain('PDF');
    const [pdf, ...others] = attachments(closing.raw);
    expect(others).toEqual([]);
    expect(pdf?.type).toBe('application/pdf');
    expect(pdf?.filename).toBe(`${reference}-report.pdf`);
    expect(pdf?.bytes.equals(stored)).toBe(true);
    const text = pdfText(stored);
    if (text !== null) {
      expect(text).toContain(reference);
      expect(text).toContain('KPM2201/7');
    } else {
      expect(stored.toString('latin1')).toContain('%%EOF');
    }
    // The outbox row names the request rather than holding its PDF.
    const outboxRow = await t.ctx.db
      .selectFrom('outbox')
      .select(['attachment_service_request_id'])
      .where('kind', '=', 'service.update')
      .where('attachment_service_request_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(outboxRow.attachment_service_request_id).toBe(raised.id);

    // Each change is in the activity log.
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'target_label'])
      .where('target_id', '=', raised.id)
      .execute();
    expect(audit).toHaveLength(4);
    expect(audit.every((entry) => entry.action === 'service_request.update' && entry.target_label === reference)).toBe(
      true,
    );
    // The activity screen links each entry to the request (it still exists).
    const activity = await get<{ entries: { target: { id: string; exists: boolean } | null }[] }>(
      '/api/admin/activity?action=service_request.update',
    );
    const linked = activity.entries.filter((entry) => entry.target?.id === raised.id);
    expect(linked).toHaveLength(4);
    expect(linked.every((entry) => entry.target?.exists === true)).toBe(true);

    // Closed is final.
    await outboxSettled();
    const before = await wholeState(t);
    const reopened = await put(raised.id, { status: 'resolved' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toEqual({ message: SERVICE_REQUEST_MESSAGES.closed });
    expect(await wholeState(t)).toEqual(before);
  });

  it('takes an unknown serial as unregistered, and staff match it to a machine later', async () => {
    const machine = await insertInstallation(t, machineId, {
      serial: 'KPM-3105',
      email: 'maintenance@annai-tools.example.in',
      locale: 'en',
      company: 'Annai Precision Tools',
    });
    const seen = await mark();
    const reference = await raisedReference(
      t.app,
      requestFields({ serial: 'KPM-3I05', email: '', machineDown: false, locale: 'en' }),
      '203.0.113.20',
    );
    const team = await mailTo(ADMIN_EMAIL, seen);
    expect(subjectOf(team)).toBe(`Service request ${reference}: KPM-3I05, Senthil Kumar`);
    expect(team.text).toContain('The serial number is not in the register of installed machines');
    const request = await byReference(reference);
    expect(request).toMatchObject({ registered: false, installationId: null, model: null, email: null });
    // Nobody to write to yet: no address typed, no machine on record.
    await outboxSettled();
    expect(smtp.received.slice(seen).map((mail) => mail.to)).toEqual([[ADMIN_EMAIL]]);

    const unknown = await put(request.id, { installationId: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([
      { path: ['installationId'], message: SERVICE_REQUEST_MESSAGES.unknownInstallation },
    ]);

    const matched = await put(request.id, { installationId: machine.id });
    expect(matched.statusCode, matched.body).toBe(200);
    expect(matched.json<ServiceRequest>()).toMatchObject({
      registered: true,
      installationId: machine.id,
      model: 'CL-25 All-Geared Capstan Lathe',
      status: 'new',
    });
    expect(matched.json<ServiceRequest>().events.at(-1)).toMatchObject({
      kind: 'matched',
      detail: 'KPM-3105 (CL-25 All-Geared Capstan Lathe)',
    });

    // From now on the customer is written to at the address on record for the machine.
    const assignedAt = await mark();
    await put(request.id, { assigneeId: engineer.id });
    const told = await mailTo('maintenance@annai-tools.example.in', assignedAt);
    expect(subjectOf(told)).toBe(`Service request ${reference}: an engineer has been assigned`);
  });
});

describe('refusals change nothing', () => {
  it('refuses a bad request per field and stores nothing', async () => {
    await outboxSettled();
    const before = await wholeState(t);
    const response = await raiseRequest(
      t.app,
      { serial: 'KPM 22#1', phone: 'call me', name: '', symptom: '', email: 'nobody', preferredDate: 'soon' },
      '203.0.113.30',
    );
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ issues: { path: string[] }[] }>().issues.map((issue) => issue.path[0]);
    expect(new Set(fields)).toEqual(new Set(['serial', 'phone', 'name', 'symptom', 'email', 'preferredDate']));
    expect(await wholeState(t)).toEqual(before);
  });

  it('refuses steps the flow does not allow, with a message, and changes nothing', async () => {
    const reference = await raisedReference(t.app, requestFields({ email: '' }), '203.0.113.31');
    const request = await byReference(reference);
    const editor = await signInAs(t, 'editor');
    const editorId = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(editor.token) })).json<{
      user: { id: string };
    }>().user.id;
    await outboxSettled();
    const before = await wholeState(t);
    const refusals: [Record<string, unknown>, number, unknown][] = [
      [{ assigneeId: editorId }, 400, { path: ['assigneeId'], message: SERVICE_REQUEST_MESSAGES.unknownEngineer }],
      [{ visitOn: '2026-12-12' }, 409, SERVICE_REQUEST_MESSAGES.needsEngineer],
      [{ status: 'scheduled' }, 409, SERVICE_REQUEST_MESSAGES.needsEngineer],
      [{ status: 'resolved' }, 409, serviceRequestTransitionMessage('new', 'resolved')],
      [{ status: 'closed', report: { workDone: 'Nothing' } }, 409, SERVICE_REQUEST_MESSAGES.closeFromResolved],
      [{ status: 'bogus' }, 400, undefined],
      [
        { assigneeId: engineer.id, status: 'scheduled' },
        400,
        { path: ['visitOn'], message: SERVICE_REQUEST_MESSAGES.needsVisitDate },
      ],
      [
        { assigneeId: engineer.id, report: { workDone: 'Early' } },
        400,
        { path: ['report'], message: SERVICE_REQUEST_MESSAGES.reportOnlyOnClosing },
      ],
    ];
    for (const [payload, status, expected] of refusals) {
      const response = await put(request.id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      if (typeof expected === 'string') expect(response.json()).toEqual({ message: expected });
      else if (expected) expect(response.json().issues, JSON.stringify(payload)).toEqual([expected]);
    }
    expect(await wholeState(t)).toEqual(before);

    // A part that is not in the catalogue, when closing.
    await put(request.id, { assigneeId: engineer.id });
    await put(request.id, { status: 'resolved' });
    await outboxSettled();
    const resolvedState = await wholeState(t);
    const badPart = await put(request.id, {
      status: 'closed',
      report: {
        workDone: 'Fixed',
        partsUsed: [{ itemId: '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', description: 'A part', quantity: 1 }],
      },
    });
    expect(badPart.statusCode).toBe(400);
    expect(badPart.json().issues).toEqual([
      { path: ['report', 'partsUsed', 0, 'itemId'], message: SERVICE_REQUEST_MESSAGES.unknownPart },
    ]);
    expect(await wholeState(t)).toEqual(resolvedState);
  });

  it('goes back one step: the visit cancelled, then the engineer unassigned', async () => {
    const reference = await raisedReference(
      t.app,
      requestFields({ email: 'back@example.in', locale: 'en' }),
      '203.0.113.32',
    );
    const request = await byReference(reference);
    // Assigning and scheduling at once.
    const both = await put(request.id, { assigneeId: engineer.id, visitOn: '2026-12-15' });
    expect(both.json<ServiceRequest>()).toMatchObject({ status: 'scheduled', visitOn: '2026-12-15' });
    // One change, two lines of the timeline, in the flow's order.
    expect(both.json<ServiceRequest>().events.map((event) => [event.kind, event.detail])).toEqual([
      ['created', null],
      ['assigned', 'ravi.service'],
      ['scheduled', '2026-12-15'],
    ]);
    const seen = await mark();
    const cancelled = await put(request.id, { status: 'assigned' });
    expect(cancelled.json<ServiceRequest>()).toMatchObject({ status: 'assigned', visitOn: null });
    expect(subjectOf(await mailTo('back@example.in', seen))).toBe(
      `Service request ${reference}: the visit is cancelled`,
    );
    const unassigned = await put(request.id, { assigneeId: null });
    expect(unassigned.json<ServiceRequest>()).toMatchObject({ status: 'new', assigneeId: null });
    // An update leaves out what it does not name.
    const kept = await put(request.id, {});
    expect(kept.json<ServiceRequest>()).toMatchObject({ status: 'new', preferredDate: '2026-12-10' });
  });
});

describe('the service desk lists', () => {
  it('lists open requests with a machine down first, filters and searches', async () => {
    const quiet = await raisedReference(
      t.app,
      requestFields({ machineDown: false, phone: '+91 94433 55667', name: 'Meena R', email: '' }),
      '203.0.113.40',
    );
    const down = await raisedReference(t.app, requestFields({ machineDown: true, email: '' }), '203.0.113.41');
    const open = await get<ServiceRequestListResponse>('/api/service-requests?status=open&pageSize=100');
    const order = open.serviceRequests.map((request) => request.reference);
    expect(order.indexOf(down)).toBeLessThan(order.indexOf(quiet));
    const firstQuiet = open.serviceRequests.findIndex((request) => !request.machineDown);
    expect(open.serviceRequests.slice(firstQuiet).every((request) => !request.machineDown)).toBe(true);
    expect(open.serviceRequests.every((request) => ['new', 'assigned', 'scheduled'].includes(request.status))).toBe(
      true,
    );

    const byPhone = await get<ServiceRequestListResponse>('/api/service-requests?q=94433%2055667');
    expect(byPhone.serviceRequests.map((request) => request.reference)).toEqual([quiet]);
    const byName = await get<ServiceRequestListResponse>('/api/service-requests?q=meena');
    expect(byName.serviceRequests.map((request) => request.reference)).toEqual([quiet]);
    const closed = await get<ServiceRequestListResponse>('/api/service-requests?status=closed');
    expect(closed.serviceRequests.every((request) => request.status === 'closed')).toBe(true);
    expect(closed.total).toBe(1);
    const paged = await get<ServiceRequestListResponse>('/api/service-requests?pageSize=2&page=2');
    expect(paged).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.serviceRequests).toHaveLength(2);
    const mine = await get<ServiceRequestListResponse>(`/api/service-requests?assigneeId=${engineer.id}`);
    expect(mine.serviceRequests.every((request) => request.assigneeId === engineer.id)).toBe(true);
  });

  it('marks overdue the requests new for too long and those past their visit day', async () => {
    const stale = await byReference(await raisedReference(t.app, requestFields({ email: '' }), '203.0.113.50'));
    const late = await byReference(await raisedReference(t.app, requestFields({ email: '' }), '203.0.113.51'));
    const fresh = await byReference(await raisedReference(t.app, requestFields({ email: '' }), '203.0.113.52'));
    // Three days old: more than four working hours whatever the opening hours.
    await t.ctx.db
      .updateTable('service_requests')
      .set({ created_at: new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString() })
      .where('id', '=', stale.id)
      .execute();
    await put(late.id, { assigneeId: engineer.id, visitOn: '2026-01-05' });
    const overdue = await get<ServiceRequestListResponse>('/api/service-requests?overdue=1&pageSize=100');
    const ids = overdue.serviceRequests.map((request) => request.id);
    expect(ids).toContain(stale.id);
    expect(ids).toContain(late.id);
    expect(ids).not.toContain(fresh.id);
    expect(overdue.serviceRequests.every((request) => request.overdue)).toBe(true);
    expect((await get<ServiceRequest>(`/api/service-requests/${fresh.id}`)).overdue).toBe(false);
    // Resolved is no longer overdue, whatever its visit day.
    await put(late.id, { status: 'resolved' });
    expect((await get<ServiceRequest>(`/api/service-requests/${late.id}`)).overdue).toBe(false);
  });

  it('lists the engineers: active staff who handle service requests', async () => {
    const sales = await signInAs(t, 'sales');
    const { engineers } = await get<ServiceEngineersResponse>('/api/service-requests/engineers');
    expect(engineers).toContainEqual({ id: engineer.id, name: 'ravi.service' });
    expect(engineers.some((entry) => entry.name === sales.email.split('@')[0])).toBe(false);
    expect(engineers.every((entry) => typeof entry.id === 'string' && entry.name.length > 0)).toBe(true);
  });

  it('gives the report PDF to those who read the register, and says when there is none yet', async () => {
    const open = await byReference(await raisedReference(t.app, requestFields({ email: '' }), '203.0.113.60'));
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${open.id}/report.pdf`,
      headers: bearer(token),
    });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: SERVICE_REQUEST_MESSAGES.reportPdfMissing });
    const [closed] = (await get<ServiceRequestListResponse>('/api/service-requests?status=closed')).serviceRequests;
    const sales = await signInAs(t, 'sales');
    const editor = await signInAs(t, 'editor');
    const as = (who: string) =>
      t.app.inject({ method: 'GET', url: `/api/service-requests/${closed?.id}/report.pdf`, headers: bearer(who) });
    expect((await as(sales.token)).statusCode).toBe(200);
    expect((await as(engineer.token)).statusCode).toBe(200);
    expect((await as(editor.token)).statusCode).toBe(403);
    // Sales read reports but do not handle requests.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/service-requests', headers: bearer(sales.token) })).statusCode,
    ).toBe(403);
  });
});
