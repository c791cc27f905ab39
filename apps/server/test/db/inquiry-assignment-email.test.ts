import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateInquiryResponse, Inquiry, InquiryAssignee } from '@capstan/shared';
import { ASSIGNMENT_NOTICE } from '../../src/modules/mail/assignment-email';
import { ASSIGNEE_REFUSED_MESSAGE } from '../../src/modules/inquiries/inquiries.service';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { TestSmtpServer, waitFor } from '../helpers/smtp';
import { signInAs } from '../helpers/staff';

let smtp: TestSmtpServer;
let t: TestApp;
let ownerToken: string;
let ownerId: string;
const staff: Record<'priya' | 'ravi' | 'editor', { id: string; email: string; token: string }> = {} as never;

const idOf = async (email: string) =>
  (await t.ctx.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

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
  ownerToken = await t.login();
  ownerId = await idOf(ADMIN_EMAIL);
  for (const [name, role] of [
    ['priya', 'sales'],
    ['ravi', 'sales'],
    ['editor', 'editor'],
  ] as const) {
    const signedIn = await signInAs(t, role, `${name}@kovaiprecision.test`);
    staff[name] = { ...signedIn, id: await idOf(signedIn.email) };
  }
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let nextAddress = 1;
async function newInquiry(firstName: string): Promise<CreateInquiryResponse> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.72.0.${nextAddress++}`,
    payload: {
      firstName,
      lastName: 'Subramanian',
      email: 'buyer@mills.example.in',
      phone: '+91 98430 55555',
      service: 'capstan-lathe',
      product: 'CL-25 Capstan Lathe',
      message: 'Need two lathes & a "quote" <soon>.\nDelivery to Tiruppur.',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateInquiryResponse>();
}

const assign = (id: string, body: Record<string, unknown>, token = ownerToken) =>
  t.app.inject({ method: 'PUT', url: `/api/inquiries/${id}`, headers: bearer(token), payload: body });

const assignmentRows = (inquiryId: string) =>
  t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', ASSIGNMENT_NOTICE)
    .where('inquiry_id', '=', inquiryId)
    .orderBy('created_at')
    .execute();

/** The inquiry's own two emails (staff and buyer) are sent too; these are the assignment emails. */
const receivedBy = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

describe('assigning an inquiry emails the colleague', () => {
  it('sends the colleague the reference, buyer, product, message and back-office link at once', async () => {
    const inquiry = await newInquiry('Karthik');
    const response = await assign(inquiry.id, { assigneeId: staff.priya.id, followUpOn: '2026-12-01' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Inquiry>().assignee).toEqual({ id: staff.priya.id, email: staff.priya.email });

    await waitFor('the assignment email', () => receivedBy(staff.priya.email).length === 1);
    const [mail] = receivedBy(staff.priya.email);
    expect(mail?.to).toEqual([staff.priya.email]);
    // A reply goes to the colleague who assigned it, not to the buyer.
    expect(mail?.raw).toMatch(new RegExp(`^Reply-To: ${ADMIN_EMAIL.replace('.', '\\.')}`, 'im'));
    for (const line of [
      `${ADMIN_EMAIL} assigned inquiry ${inquiry.reference} to you.`,
      `Reference: ${inquiry.reference}`,
      'Buyer: Karthik Subramanian',
      'Email: buyer@mills.example.in',
      'Phone: +91 98430 55555',
      'Service: Capstan lathe',
      'Product: CL-25 Capstan Lathe',
      'Follow up on: 1 Dec 2026',
      'Need two lathes & a "quote" <soon>.\nDelivery to Tiruppur.',
      `Open it in the back office: http://127.0.0.1:3000/admin/inquiries/${inquiry.id}`,
    ]) {
      expect(mail?.text.replace(/\r\n/g, '\n')).toContain(line);
    }
    const [row] = await assignmentRows(inquiry.id);
    expect(row?.subject).toBe(
      `Assigned to you: inquiry ${inquiry.reference} from Karthik Subramanian — CL-25 Capstan Lathe`,
    );
    expect(row?.html_body).toContain('Need two lathes &amp; a &quot;quote&quot; &lt;soon&gt;.');
    expect(row?.html_body).toContain(`href="http://127.0.0.1:3000/admin/inquiries/${inquiry.id}"`);
    await waitFor('marked sent', async () => (await assignmentRows(inquiry.id))[0]?.status === 'sent');
  });

  it('does not email again for the same assignment, and emails the next colleague on a reassignment', async () => {
    const inquiry = await newInquiry('Meena');
    expect((await assign(inquiry.id, { assigneeId: staff.ravi.id })).statusCode).toBe(200);
    // The same assignee again, alone or with other fields: no second email.
    expect((await assign(inquiry.id, { assigneeId: staff.ravi.id })).statusCode).toBe(200);
    expect((await assign(inquiry.id, { assigneeId: staff.ravi.id, status: 'contacted' })).statusCode).toBe(200);
    expect((await assign(inquiry.id, { followUpOn: '2026-12-05' })).statusCode).toBe(200);
    expect((await assignmentRows(inquiry.id)).map((row) => JSON.parse(row.recipients) as string[])).toEqual([
      [staff.ravi.email],
    ]);

    expect((await assign(inquiry.id, { assigneeId: staff.priya.id })).statusCode).toBe(200);
    // Unassigned, then given back: a new assignment, so a new email.
    expect((await assign(inquiry.id, { assigneeId: null })).statusCode).toBe(200);
    expect((await assign(inquiry.id, { assigneeId: staff.ravi.id })).statusCode).toBe(200);
    expect((await assignmentRows(inquiry.id)).map((row) => JSON.parse(row.recipients) as string[])).toEqual([
      [staff.ravi.email],
      [staff.priya.email],
      [staff.ravi.email],
    ]);
    await waitFor(
      'three assignment emails',
      () =>
        smtp.received.filter((mail) => mail.text.includes(`assigned inquiry ${inquiry.reference} to you`)).length === 3,
    );
  });

  it('does not email whoever assigns an inquiry to themselves', async () => {
    const inquiry = await newInquiry('Selvi');
    const own = await assign(inquiry.id, { assigneeId: staff.priya.id }, staff.priya.token);
    expect(own.statusCode, own.body).toBe(200);
    expect((await assign(inquiry.id, { assigneeId: ownerId })).statusCode).toBe(200);
    expect(await assignmentRows(inquiry.id)).toEqual([]);
  });

  it('a colleague assigning to another is named as the sender', async () => {
    const inquiry = await newInquiry('Anand');
    expect((await assign(inquiry.id, { assigneeId: ownerId }, staff.ravi.token)).statusCode).toBe(200);
    const [row] = await assignmentRows(inquiry.id);
    expect(JSON.parse(row?.recipients ?? '[]')).toEqual([ADMIN_EMAIL]);
    expect(row?.reply_to).toBe(staff.ravi.email);
    expect(row?.text_body).toContain(`${staff.ravi.email} assigned inquiry ${inquiry.reference} to you.`);
  });

  it('refuses an assignee whose role does not handle inquiries, changes nothing and emails nobody', async () => {
    const inquiry = await newInquiry('Vasanth');
    // In id order: PostgreSQL returns rows in no set order, and the mail worker updates them meanwhile.
    const outboxIds = () => t.ctx.db.selectFrom('outbox').select('id').orderBy('id').execute();
    const outboxBefore = await outboxIds();
    const refused = await assign(inquiry.id, { assigneeId: staff.editor.id, followUpOn: '2026-12-09' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: ASSIGNEE_REFUSED_MESSAGE });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/inquiries?q=${inquiry.reference}`,
      headers: bearer(ownerToken),
    });
    expect(after.json<Inquiry[]>()[0]).toMatchObject({ assignee: null, followUpOn: null });
    expect(await outboxIds()).toEqual(outboxBefore);

    const picker = await t.app.inject({ method: 'GET', url: '/api/inquiries/assignees', headers: bearer(ownerToken) });
    const emails = picker.json<InquiryAssignee[]>().map((a) => a.email);
    expect(emails).toEqual([ADMIN_EMAIL, staff.priya.email, staff.ravi.email].sort());
    expect(emails).not.toContain(staff.editor.email);
  });
});
