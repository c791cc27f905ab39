import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPANY_NAME,
  MY_MACHINE_CHECK_FAILURE_WINDOW_MS,
  MY_MACHINE_CHECK_FAILURES_PER_ADDRESS,
  MY_MACHINE_CODE_MAX_TRIES,
  MY_MACHINE_CODE_REQUEST_WINDOW_MS,
  MY_MACHINE_CODE_REQUESTS_PER_ADDRESS,
  MY_MACHINE_CODE_REQUESTS_PER_SERIAL,
  MY_MACHINE_CODE_SENT_MESSAGE,
  MY_MACHINE_CODE_TTL_MS,
  MY_MACHINE_CODE_WRONG_MESSAGE,
  MY_MACHINE_SESSION_EXPIRED_MESSAGE,
  MY_MACHINE_SESSION_TTL_MS,
  MY_MACHINE_TOO_MANY_MESSAGE,
  type MyMachineResponse,
  type MyMachineSession,
  indianToday,
  phoneDigits,
} from '@capstan/shared';
import { HttpError } from '../../src/http-error';
import { authenticateMachine, openSession, requestCode } from '../../src/modules/my-machine/my-machine.service';
import { createMachine, createPart } from '../helpers/items';
import { type ReceivedMail, TestSmtpServer, waitFor } from '../helpers/smtp';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * My machine (issue 40): a buyer's one-time code by email (a real SMTP server), the session it
 * opens, what that session sees, and the throttles. Machines, contracts and service requests are
 * seeded straight into their tables: this suite is about the buyer's side only.
 */

let smtp: TestSmtpServer;
let t: TestApp;
let machineId: string;
let fittingPartId: string;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kovai Precision Machines <noreply@kovaiprecision.test>',
      MAIL_RETRY_MIN_SECONDS: '0.05',
    },
  });
  const token = await t.login();
  machineId = (
    await createMachine(t, token, {
      name: 'NP-38 Capstan Lathe',
      code: 'NP-38',
      translations: JSON.stringify({ ta: { name: 'NP-38 கேப்ஸ்டன் லேத்' }, hi: { name: 'NP-38 कैप्स्टन लेथ' } }),
    })
  ).id;
  const otherMachine = (await createMachine(t, token, { name: 'CL-25 Capstan Lathe', code: 'CL-25' })).id;
  fittingPartId = (
    await createPart(t, token, {
      name: 'Spring Collet 38 mm',
      code: 'SC-38',
      price: '2450',
      fits: JSON.stringify([machineId]),
      translations: JSON.stringify({ ta: { name: 'ஸ்பிரிங் கோலெட் 38 மிமீ' } }),
    })
  ).id;
  await createPart(t, token, { name: 'Spring Collet 25 mm', code: 'SC-25', fits: JSON.stringify([otherMachine]) });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

// Each scenario comes from an address of its own, so the per-address throttles of one never reach another.
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

let serials = 0;
const newSerial = () => `KPM-${2200 + ++serials}/26`;

interface SeededMachine {
  id: string;
  serial: string;
  phone: string;
  email: string | null;
}

async function seedMachine(
  overrides: {
    email?: string | null;
    locale?: string;
    phone?: string;
    warrantyEndsOn?: string;
    machineId?: string;
  } = {},
): Promise<SeededMachine> {
  const id = randomUUID();
  const serial = newSerial();
  const phone = overrides.phone ?? `+91 98430 ${String(10000 + serials).slice(-5)}`;
  const email = overrides.email === undefined ? `buyer${serials}@example.com` : overrides.email;
  const now = new Date().toISOString();
  await t.ctx.db
    .insertInto('installations')
    .values({
      id,
      serial,
      machine_id: overrides.machineId ?? machineId,
      model_name: 'NP-38 Capstan Lathe',
      company: 'Sri Murugan Auto Components',
      contact_name: 'R. Senthil',
      phone,
      phone_digits: phoneDigits(phone),
      email,
      gstin: null,
      state: null,
      address: null,
      locale: overrides.locale ?? 'en',
      invoice_number: null,
      invoice_date: null,
      commissioned_on: '2025-04-10',
      warranty_months: 24,
      warranty_ends_on: overrides.warrantyEndsOn ?? '2027-04-09',
      control_make: null,
      notes: null,
      created_at: now,
      updated_at: now,
      created_by: null,
    })
    .execute();
  return { id, serial, phone, email };
}

let references = 0;
async function seedRequest(
  installation: SeededMachine,
  fields: { status: string; createdAt: string; report?: Buffer; visitOn?: string },
): Promise<string> {
  const reference = `SR-2026-${String(++references).padStart(5, '0')}`;
  await t.ctx.db
    .insertInto('service_requests')
    .values({
      id: randomUUID(),
      reference,
      installation_id: installation.id,
      serial: installation.serial,
      name: 'R. Senthil',
      phone: installation.phone,
      phone_digits: phoneDigits(installation.phone),
      email: installation.email,
      symptom: `Spindle noise (${reference})`,
      machine_down: 0,
      preferred_date: null,
      status: fields.status,
      assignee_id: null,
      visit_on: fields.visitOn ?? null,
      locale: 'en',
      report: fields.report ? JSON.stringify({ workDone: 'Bearing replaced', partsUsed: [], hours: 3 }) : null,
      report_pdf: fields.report ?? null,
      report_pdf_sha256: fields.report ? createHash('sha256').update(fields.report).digest('hex') : null,
      ip: null,
      created_at: fields.createdAt,
      updated_at: fields.createdAt,
      closed_at: fields.status === 'closed' ? fields.createdAt : null,
    })
    .execute();
  return reference;
}

const askCode = (payload: Record<string, unknown>, address: string) =>
  t.app.inject({ method: 'POST', url: '/api/my-machine/code', payload, remoteAddress: address });

const askSession = (payload: Record<string, unknown>, address: string) =>
  t.app.inject({ method: 'POST', url: '/api/my-machine/session', payload, remoteAddress: address });

const view = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/my-machine${query}`, headers: bearer(token) });

const mailsTo = (email: string | null) => smtp.received.filter((mail) => email !== null && mail.to.includes(email));

/** The code of the `nth` email (1: the first) sent to the machine's address. */
async function codeFromMail(installation: SeededMachine, nth = 1): Promise<{ code: string; mail: ReceivedMail }> {
  await waitFor(`email ${nth} to ${installation.email}`, () => mailsTo(installation.email).length >= nth);
  const mail = mailsTo(installation.email)[nth - 1]!;
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in ${mail.text}`);
  return { code, mail };
}

const subjectOf = (mail: ReceivedMail) => {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  // nodemailer writes a non-ASCII subject as encoded words.
  return header.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_all, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeURIComponent(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
  );
};

/** A machine whose code was asked for and read from the email, and the session it opened. */
async function signedIn(installation: SeededMachine): Promise<MyMachineSession> {
  const address = newAddress();
  expect((await askCode({ serial: installation.serial, phone: installation.phone }, address)).statusCode).toBe(202);
  const { code } = await codeFromMail(installation, mailsTo(installation.email).length + 1);
  const response = await askSession({ serial: installation.serial, phone: installation.phone, code }, address);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MyMachineSession>();
}

const wrongCodeAnswer = { statusCode: 400, body: { message: MY_MACHINE_CODE_WRONG_MESSAGE } };
const answerOf = (response: { statusCode: number; json: () => unknown }) => ({
  statusCode: response.statusCode,
  body: response.json(),
});

describe('the whole path', () => {
  it('emails a code in the machine’s language, opens a session with it, shows the machine, serves its report and signs out', async () => {
    const machine = await seedMachine({ locale: 'ta', phone: '+91 98430 12345' });
    const openOld = await seedRequest(machine, {
      status: 'scheduled',
      createdAt: '2026-03-01T05:00:00.000Z',
      visitOn: '2026-03-04',
    });
    const report = Buffer.from('%PDF-1.4\n% a service report\n%%EOF\n');
    const closed = await seedRequest(machine, { status: 'closed', createdAt: '2026-06-01T05:00:00.000Z', report });
    const newest = await seedRequest(machine, { status: 'new', createdAt: '2026-09-01T05:00:00.000Z' });
    const today = indianToday();
    const contractId = randomUUID();
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('amc_contracts')
      .values([
        {
          id: randomUUID(),
          installation_id: machine.id,
          starts_on: '2020-01-01',
          ends_on: '2020-12-31',
          visits_included: 2,
          value_paise: null,
          notes: null,
          created_at: now,
          updated_at: now,
          created_by: null,
        },
        {
          id: contractId,
          installation_id: machine.id,
          starts_on: '2021-01-01',
          ends_on: '2099-12-31',
          visits_included: 4,
          value_paise: 4_500_000,
          notes: 'Private note for staff',
          created_at: now,
          updated_at: now,
          created_by: null,
        },
      ])
      .execute();
    await t.ctx.db
      .insertInto('amc_visits')
      .values({
        id: randomUUID(),
        contract_id: contractId,
        visited_on: today,
        engineer_id: null,
        engineer_name: 'K. Arun',
        notes: null,
        parts_used: '[]',
        created_at: now,
        created_by: null,
      })
      .execute();

    const address = newAddress();
    // The phone as the buyer types it: another way of writing the number on record.
    const asked = await askCode({ serial: machine.serial.toLowerCase(), phone: '098430 12345', locale: 'en' }, address);
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: MY_MACHINE_CODE_SENT_MESSAGE });
    expect(asked.headers['cache-control']).toBe('private, no-store');

    const { code, mail } = await codeFromMail(machine);
    expect(mail.to).toEqual([machine.email]);
    // Tamil, the installation's language, whatever the page asked in.
    expect(mail.text).toContain(`உங்கள் குறியீடு ${code}`);
    expect(mail.text).toContain('10 நிமிடங்களுக்கு');
    expect(mail.text).toContain(`${COMPANY_NAME} நிறுவனத்திலிருந்து யாரும்`);
    expect(subjectOf(mail)).toContain(machine.serial);
    expect(subjectOf(mail)).not.toContain(code);
    // Only a salted hash is stored, bound to the machine.
    const stored = await t.ctx.db
      .selectFrom('my_machine_codes')
      .selectAll()
      .where('installation_id', '=', machine.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toContain(code);
    expect(Date.parse(stored[0]!.expires_at) - Date.parse(stored[0]!.created_at)).toBe(MY_MACHINE_CODE_TTL_MS);

    const opened = await askSession({ serial: machine.serial, phone: '+919843012345', code }, address);
    expect(opened.statusCode, opened.body).toBe(200);
    const session = opened.json<MyMachineSession>();
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(MY_MACHINE_SESSION_TTL_MS - 60_000);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeLessThanOrEqual(MY_MACHINE_SESSION_TTL_MS);
    const sessions = await t.ctx.db
      .selectFrom('my_machine_sessions')
      .selectAll()
      .where('installation_id', '=', machine.id)
      .execute();
    expect(sessions.map((row) => row.token_hash)).toEqual([createHash('sha256').update(session.token).digest('hex')]);
    // The code is used up.
    expect(
      await t.ctx.db.selectFrom('my_machine_codes').select('id').where('installation_id', '=', machine.id).execute(),
    ).toEqual([]);
    expect(answerOf(await askSession({ serial: machine.serial, phone: machine.phone, code }, address))).toEqual(
      wrongCodeAnswer,
    );

    const tamil = await view(session.token, '?lang=ta');
    expect(tamil.statusCode, tamil.body).toBe(200);
    expect(tamil.headers['cache-control']).toBe('private, no-store');
    const body = tamil.json<MyMachineResponse>();
    expect(body.installation).toEqual({
      serial: machine.serial,
      model: 'NP-38 கேப்ஸ்டன் லேத்',
      machineId,
      commissionedOn: '2025-04-10',
      warrantyEndsOn: '2027-04-09',
      underWarranty: today <= '2027-04-09',
      company: 'Sri Murugan Auto Components',
    });
    expect(body.amc).toEqual({
      startsOn: '2021-01-01',
      endsOn: '2099-12-31',
      status: 'active',
      visitsIncluded: 4,
      visitsDone: 1,
      visitsLeft: 3,
    });
    expect(body.serviceRequests.map((request) => [request.reference, request.status, request.reportUrl])).toEqual([
      [newest, 'new', null],
      [closed, 'closed', `/api/my-machine/reports/${closed}.pdf`],
      [openOld, 'scheduled', null],
    ]);
    expect(body.serviceRequests[2]).toMatchObject({ visitOn: '2026-03-04', machineDown: false, closedAt: null });
    expect(body.partsThatFit).toEqual([{ id: fittingPartId, code: 'SC-38', name: 'ஸ்பிரிங் கோலெட் 38 மிமீ', price: 2450 }]);
    // Staff-only facts stay with staff.
    expect(tamil.body).not.toContain('Private note for staff');
    expect(tamil.body).not.toContain(machine.phone);
    expect(tamil.body).not.toContain('45000');

    const english = (await view(session.token)).json<MyMachineResponse>();
    expect(english.installation.model).toBe('NP-38 Capstan Lathe');
    expect(english.partsThatFit[0]?.name).toBe('Spring Collet 38 mm');
    const hindi = (await view(session.token, '?lang=hi')).json<MyMachineResponse>();
    expect(hindi.installation.model).toBe('NP-38 कैप्स्टन लेथ');
    // No Hindi name for the part: the English one.
    expect(hindi.partsThatFit[0]?.name).toBe('Spring Collet 38 mm');
    expect((await view(session.token, '?lang=fr')).statusCode).toBe(400);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/my-machine/reports/${closed}.pdf`,
      headers: bearer(session.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.equals(report)).toBe(true);
    // A request without a report, even of this machine, has none to give.
    const noReport = await t.app.inject({
      method: 'GET',
      url: `/api/my-machine/reports/${newest}.pdf`,
      headers: bearer(session.token),
    });
    expect(noReport.statusCode).toBe(404);

    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/my-machine/sign-out',
      headers: bearer(session.token),
    });
    expect(signOut.statusCode).toBe(204);
    expect(
      await t.ctx.db
        .selectFrom('my_machine_sessions')
        .select('token_hash')
        .where('installation_id', '=', machine.id)
        .execute(),
    ).toEqual([]);
    const after = await view(session.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: MY_MACHINE_SESSION_EXPIRED_MESSAGE });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/my-machine/reports/${closed}.pdf`,
          headers: bearer(session.token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers the session’s 401 alike to no token, a made-up one and a staff session', async () => {
    const staff = await t.login();
    for (const headers of [{}, bearer('x'.repeat(43)), bearer(staff), { authorization: 'Basic abc' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/my-machine', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: MY_MACHINE_SESSION_EXPIRED_MESSAGE });
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('refuses a malformed request with a message per field, storing and counting nothing', async () => {
    const address = newAddress();
    const before = await t.ctx.db.selectFrom('rate_limits').selectAll().execute();
    const bad = await askCode({ serial: 'KPM 22#01', phone: 'call me' }, address);
    expect(bad.statusCode).toBe(400);
    const issues = bad.json<{ issues: { path: string[] }[] }>().issues.map((issue) => issue.path.join('.'));
    expect(issues).toEqual(expect.arrayContaining(['serial', 'phone']));
    const badCode = await askSession({ serial: 'KPM-1', phone: '9843012345', code: '12345' }, address);
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json<{ issues: { path: string[] }[] }>().issues.map((issue) => issue.path.join('.'))).toEqual([
      'code',
    ]);
    expect(await t.ctx.db.selectFrom('rate_limits').selectAll().execute()).toEqual(before);
  });
});

describe('secrecy', () => {
  it('answers a code request the same, byte for byte, whether or not the pair is on record, and emails only a match', async () => {
    const known = await seedMachine();
    const noEmail = await seedMachine({ email: null });
    const otherPhone = await seedMachine();
    const sentBefore = smtp.received.length;
    const address = newAddress();
    const responses = [
      await askCode({ serial: known.serial, phone: known.phone }, address),
      await askCode({ serial: 'KPM-0000/00', phone: known.phone }, address),
      await askCode({ serial: otherPhone.serial, phone: '+91 90000 00000' }, address),
      await askCode({ serial: noEmail.serial, phone: noEmail.phone }, address),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(202);
      expect(response.body).toBe(responses[0]!.body);
      expect(response.headers['content-type']).toBe(responses[0]!.headers['content-type']);
      expect(response.headers['content-length']).toBe(responses[0]!.headers['content-length']);
      expect(response.headers['cache-control']).toBe(responses[0]!.headers['cache-control']);
    }
    await codeFromMail(known);
    // Time for any other email to have gone too.
    await waitFor('the outbox to be sent', async () => {
      const waiting = await t.ctx.db
        .selectFrom('outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      return waiting.length === 0;
    });
    expect(smtp.received.slice(sentBefore).map((mail) => mail.to)).toEqual([[known.email]]);
    const codes = await t.ctx.db.selectFrom('my_machine_codes').select('installation_id').execute();
    expect(codes.map((row) => row.installation_id)).not.toContain(noEmail.id);
    expect(codes.map((row) => row.installation_id)).not.toContain(otherPhone.id);
  });

  it('answers a wrong code the same for an unknown serial, a phone not on record, a wrong, expired or used code', async () => {
    const machine = await seedMachine();
    const address = newAddress();
    await askCode({ serial: machine.serial, phone: machine.phone }, address);
    const { code } = await codeFromMail(machine);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = [
      await askSession({ serial: 'KPM-0000/00', phone: machine.phone, code }, address),
      await askSession({ serial: machine.serial, phone: '+91 90000 00000', code }, address),
      await askSession({ serial: machine.serial, phone: machine.phone, code: wrong }, address),
    ];
    const expired = await seedMachine();
    await askCode({ serial: expired.serial, phone: expired.phone }, address);
    const late = await codeFromMail(expired);
    await t.ctx.db
      .updateTable('my_machine_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('installation_id', '=', expired.id)
      .execute();
    answers.push(await askSession({ serial: expired.serial, phone: expired.phone, code: late.code }, address));
    for (const response of answers) {
      expect(answerOf(response)).toEqual(wrongCodeAnswer);
      expect(response.body).toBe(answers[0]!.body);
    }
    // The phone not on record used up a try: three left of the right code.
    const row = await t.ctx.db
      .selectFrom('my_machine_codes')
      .select('attempts')
      .where('installation_id', '=', machine.id)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    const right = await askSession({ serial: machine.serial, phone: machine.phone, code }, address);
    expect(right.statusCode).toBe(200);
  });

  it(`kills a code after ${MY_MACHINE_CODE_MAX_TRIES} wrong tries, even for the right code`, async () => {
    const machine = await seedMachine();
    const address = newAddress();
    await askCode({ serial: machine.serial, phone: machine.phone }, address);
    const { code } = await codeFromMail(machine);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MY_MACHINE_CODE_MAX_TRIES; i++) {
      expect(
        answerOf(await askSession({ serial: machine.serial, phone: machine.phone, code: wrong }, address)),
      ).toEqual(wrongCodeAnswer);
    }
    expect(answerOf(await askSession({ serial: machine.serial, phone: machine.phone, code }, address))).toEqual(
      wrongCodeAnswer,
    );
    // A new code replaces the dead one and works.
    await askCode({ serial: machine.serial, phone: machine.phone }, address);
    const fresh = await codeFromMail(machine, 2);
    expect(
      await t.ctx.db.selectFrom('my_machine_codes').select('id').where('installation_id', '=', machine.id).execute(),
    ).toHaveLength(1);
    const opened = await askSession({ serial: machine.serial, phone: machine.phone, code: fresh.code }, newAddress());
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('replaces an older code with a new one', async () => {
    const machine = await seedMachine();
    const address = newAddress();
    await askCode({ serial: machine.serial, phone: machine.phone }, address);
    const first = await codeFromMail(machine);
    await askCode({ serial: machine.serial, phone: machine.phone }, address);
    const second = await codeFromMail(machine, 2);
    if (first.code !== second.code) {
      expect(
        answerOf(await askSession({ serial: machine.serial, phone: machine.phone, code: first.code }, address)),
      ).toEqual(wrongCodeAnswer);
    }
    expect(
      (await askSession({ serial: machine.serial, phone: machine.phone, code: second.code }, address)).statusCode,
    ).toBe(200);
  });

  it('lets a code work for 10 minutes and no longer', async () => {
    const issuedAt = new Date();
    const early = await seedMachine();
    await requestCode(t.ctx, { serial: early.serial, phone: early.phone }, newAddress(), issuedAt);
    const earlyCode = await codeFromMail(early);
    const justInTime = new Date(issuedAt.getTime() + MY_MACHINE_CODE_TTL_MS - 1000);
    const session = await openSession(
      t.ctx,
      { serial: early.serial, phone: early.phone, code: earlyCode.code },
      newAddress(),
      justInTime,
    );
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const late = await seedMachine();
    await requestCode(t.ctx, { serial: late.serial, phone: late.phone }, newAddress(), issuedAt);
    const lateCode = await codeFromMail(late);
    const tooLate = new Date(issuedAt.getTime() + MY_MACHINE_CODE_TTL_MS);
    const refused = openSession(
      t.ctx,
      { serial: late.serial, phone: late.phone, code: lateCode.code },
      newAddress(),
      tooLate,
    );
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 400, message: MY_MACHINE_CODE_WRONG_MESSAGE });
  });
});

describe('throttling', () => {
  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

  it(`allows ${MY_MACHINE_CODE_REQUESTS_PER_SERIAL} code requests an hour per serial, from any address, real or made up alike`, async () => {
    const machine = await seedMachine();
    const sentBefore = mailsTo(machine.email).length;
    const statuses = async (serial: string, phone: string) => {
      const seen: { statusCode: number; body: string }[] = [];
      for (let i = 0; i <= MY_MACHINE_CODE_REQUESTS_PER_SERIAL + 1; i++) {
        const response = await askCode({ serial, phone }, newAddress());
        seen.push({ statusCode: response.statusCode, body: response.body });
        if (response.statusCode === 429) {
          expect(retryAfter(response)).toBeGreaterThan(MY_MACHINE_CODE_REQUEST_WINDOW_MS / 1000 - 60);
          expect(retryAfter(response)).toBeLessThanOrEqual(MY_MACHINE_CODE_REQUEST_WINDOW_MS / 1000);
        }
      }
      return seen;
    };
    const real = await statuses(machine.serial, machine.phone);
    const madeUp = await statuses('KPM-9999/99', machine.phone);
    expect(real.map((answer) => answer.statusCode)).toEqual([
      ...Array<number>(MY_MACHINE_CODE_REQUESTS_PER_SERIAL).fill(202),
      429,
      429,
    ]);
    expect(madeUp).toEqual(real);
    expect(JSON.parse(real.at(-1)!.body)).toEqual({ message: MY_MACHINE_TOO_MANY_MESSAGE });
    await waitFor(
      'the codes to be sent',
      () => mailsTo(machine.email).length === sentBefore + MY_MACHINE_CODE_REQUESTS_PER_SERIAL,
    );
    await waitFor('the outbox to be sent', async () => {
      const waiting = await t.ctx.db
        .selectFrom('outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      return waiting.length === 0;
    });
    // Refused requests sent nothing.
    expect(mailsTo(machine.email).length).toBe(sentBefore + MY_MACHINE_CODE_REQUESTS_PER_SERIAL);
  });

  it(`allows ${MY_MACHINE_CODE_REQUESTS_PER_ADDRESS} code requests an hour per address, whatever the serials`, async () => {
    const address = newAddress();
    const statuses: number[] = [];
    let last;
    for (let i = 0; i <= MY_MACHINE_CODE_REQUESTS_PER_ADDRESS; i++) {
      last = await askCode({ serial: `KPM-ADDR-${addresses}-${i}`, phone: '+91 98430 00000' }, address);
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(MY_MACHINE_CODE_REQUESTS_PER_ADDRESS).fill(202), 429]);
    expect(last!.json()).toEqual({ message: MY_MACHINE_TOO_MANY_MESSAGE });
    expect(retryAfter(last!)).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await askCode({ serial: 'KPM-ADDR-OTHER', phone: '+91 98430 00000' }, newAddress())).statusCode).toBe(202);
  });

  it(`refuses code checks from an address after ${MY_MACHINE_CHECK_FAILURES_PER_ADDRESS} failures, even a right code`, async () => {
    const machine = await seedMachine();
    await askCode({ serial: machine.serial, phone: machine.phone }, newAddress());
    const { code } = await codeFromMail(machine);
    const address = newAddress();
    for (let i = 0; i < MY_MACHINE_CHECK_FAILURES_PER_ADDRESS; i++) {
      // Made-up serials: only the address's count can stop these.
      const response = await askSession({ serial: `KPM-GUESS-${i}`, phone: machine.phone, code: '123456' }, address);
      expect(answerOf(response)).toEqual(wrongCodeAnswer);
    }
    const refused = await askSession({ serial: machine.serial, phone: machine.phone, code }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: MY_MACHINE_TOO_MANY_MESSAGE });
    expect(retryAfter(refused)).toBeGreaterThan(MY_MACHINE_CHECK_FAILURE_WINDOW_MS / 1000 - 60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(MY_MACHINE_CHECK_FAILURE_WINDOW_MS / 1000);
    // The refused check did not touch the code: from elsewhere it still works.
    const opened = await askSession({ serial: machine.serial, phone: machine.phone, code }, newAddress());
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('does not count a right code against its address', async () => {
    const address = newAddress();
    for (let i = 0; i < MY_MACHINE_CHECK_FAILURES_PER_ADDRESS - 1; i++) {
      await askSession({ serial: `KPM-TYPO-${i}`, phone: '9843000000', code: '123456' }, address);
    }
    const first = await seedMachine();
    await askCode({ serial: first.serial, phone: first.phone }, newAddress());
    const one = await codeFromMail(first);
    expect((await askSession({ serial: first.serial, phone: first.phone, code: one.code }, address)).statusCode).toBe(
      200,
    );
    const second = await seedMachine();
    await askCode({ serial: second.serial, phone: second.phone }, newAddress());
    const two = await codeFromMail(second);
    expect((await askSession({ serial: second.serial, phone: second.phone, code: two.code }, address)).statusCode).toBe(
      200,
    );
  });
});

describe('the session', () => {
  it('sees only its own machine: another machine’s report is the same 404 as one that does not exist', async () => {
    const mine = await seedMachine();
    const theirs = await seedMachine();
    const theirReport = await seedRequest(theirs, {
      status: 'closed',
      createdAt: '2026-05-01T05:00:00.000Z',
      report: Buffer.from('%PDF-1.4\n% their report\n%%EOF\n'),
    });
    const session = await signedIn(mine);
    const answers = await Promise.all(
      [theirReport, 'SR-2026-99999', 'not-a-reference'].map((reference) =>
        t.app.inject({
          method: 'GET',
          url: `/api/my-machine/reports/${reference}.pdf`,
          headers: bearer(session.token),
        }),
      ),
    );
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Report not found' });
    }
    const body = (await view(session.token)).json<MyMachineResponse>();
    expect(body.installation.serial).toBe(mine.serial);
    expect(body.serviceRequests).toEqual([]);
    expect(body.amc).toBeNull();
    expect(JSON.stringify(body)).not.toContain(theirReport);
  });

  it('ends after 24 hours, and is then swept', async () => {
    const machine = await seedMachine();
    const session = await signedIn(machine);
    const issued = Date.parse(session.expiresAt) - MY_MACHINE_SESSION_TTL_MS;
    const open = await authenticateMachine(t.ctx, session.token, new Date(issued + MY_MACHINE_SESSION_TTL_MS - 1000));
    expect(open.installationId).toBe(machine.id);
    const ended = authenticateMachine(t.ctx, session.token, new Date(issued + MY_MACHINE_SESSION_TTL_MS));
    await expect(ended).rejects.toMatchObject({ statusCode: 401, message: MY_MACHINE_SESSION_EXPIRED_MESSAGE });
    expect(
      await t.ctx.db
        .selectFrom('my_machine_sessions')
        .select('token_hash')
        .where('installation_id', '=', machine.id)
        .execute(),
    ).toEqual([]);
    expect((await view(session.token)).statusCode).toBe(401);
  });

  it('answers the warranty and an expired contract on India’s today', async () => {
    const machine = await seedMachine({ warrantyEndsOn: '2020-01-01' });
    const now = new Date().toISOString();
    await t.ctx.db
      .insertInto('amc_contracts')
      .values({
        id: randomUUID(),
        installation_id: machine.id,
        starts_on: '2020-01-02',
        ends_on: '2021-01-01',
        visits_included: 2,
        value_paise: null,
        notes: null,
        created_at: now,
        updated_at: now,
        created_by: null,
      })
      .execute();
    const session = await signedIn(machine);
    const body = (await view(session.token)).json<MyMachineResponse>();
    expect(body.installation.underWarranty).toBe(false);
    expect(body.amc).toEqual({
      startsOn: '2020-01-02',
      endsOn: '2021-01-01',
      status: 'expired',
      visitsIncluded: 2,
      visitsDone: 0,
      visitsLeft: 2,
    });
  });
});
