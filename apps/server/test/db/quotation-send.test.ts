import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_NAME, gstStateName, type Inquiry, type Quotation } from '@capstan/shared';
import { QUOTATION_REPLY_LIMIT } from '../../src/modules/quotations/quotation-buyer.routes';
import { TestSmtpServer, waitFor, type ReceivedMail } from '../helpers/smtp';
import { createQuotation, postForm, sendInquiry, sendQuotation, tokenOf } from '../helpers/quotations';
import { signInAs, wholeState } from '../helpers/staff';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';

let smtp: TestSmtpServer;
let t: TestApp;
let token: string;

beforeAll(async () => {
  smtp = new TestSmtpServer();
  await smtp.start();
  t = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kovai Precision Machines <noreply@kovaiprecision.test>',
      MAIL_RETRY_MIN_SECONDS: '0.05',
      PUBLIC_URL: 'https://kovaiprecision.example',
    },
  });
  token = await t.login();
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const get = <T>(url: string) =>
  t.app.inject({ method: 'GET', url, headers: bearer(token) }).then((response) => {
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  });

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

/** The attachments of a MIME message nodemailer wrote: each part's headers and its bytes (base64 decoded). */
function attachments(raw: string): { type: string; filename: string; bytes: Buffer }[] {
  const found: { type: string; filename: string; bytes: Buffer }[] = [];
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    if (!/Content-Disposition:\s*attachment/i.test(head)) continue;
    const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
    found.push({
      type: /Content-Type:\s*([^;\r\n]+)/i.exec(unfolded)?.[1]?.trim() ?? '',
      filename: /filename="?([^";\r\n]+)"?/i.exec(unfolded)?.[1] ?? '',
      bytes: Buffer.from(rest.join('\n\n').replace(/\s+/g, ''), 'base64'),
    });
  }
  return found;
}

const subjectOf = (mail: ReceivedMail) =>
  /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ') ?? '';

describe('sending', () => {
  it('emails the buyer the stored PDF and the absolute link, copies the assignee, and marks the inquiry quoted', async () => {
    const sales = await signInAs(t, 'sales', 'meena.sales@kovaiprecision.test');
    const inquiry = await sendInquiry(t.app);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(sales.token) });
    const salesId = me.json<{ user: { id: string } }>().user.id;
    const assigned = await t.app.inject({
      method: 'PUT',
      url: `/api/inquiries/${inquiry.id}`,
      headers: bearer(token),
      payload: { assigneeId: salesId, status: 'contacted' },
    });
    expect(assigned.statusCode).toBe(200);
    await waitFor('the assignment email', () => smtp.received.some((mail) => mail.to.includes(sales.email)));
    smtp.received.length = 0;

    const quotation = await createQuotation(t.app, sales.token, inquiry.id);
    const answer = await sendQuotation(t.app, sales.token, quotation.id);
    expect(answer).toEqual({
      status: 'sent',
      link: expect.stringMatching(/^https:\/\/kovaiprecision\.example\/q\/[A-Za-z0-9_-]{43}$/),
    });
    const sent = await get<Quotation>(`/api/quotations/${quotation.id}`);
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).not.toBeNull();
    expect(sent.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await get<Inquiry>(`/api/inquiries/${inquiry.id}`)).status).toBe('quoted');

    await waitFor('the quotation and its copy', () => smtp.received.length >= 2);
    const toBuyer = smtp.received.find((mail) => mail.to.includes('senthil@buyer.example.in'));
    const copy = smtp.received.find((mail) => mail.to.includes(sales.email));
    expect(toBuyer).toBeDefined();
    expect(copy).toBeDefined();
    expect(subjectOf(toBuyer!)).toBe(`Quotation ${quotation.number} from ${COMPANY_NAME}`);
    expect(toBuyer!.text).toContain(answer.link);
    expect(toBuyer!.text).toContain('₹1,181.00');
    expect(/^Reply-To: (.*)$/m.exec(toBuyer!.raw)?.[1]).toContain(sales.email);
    for (const mail of [toBuyer!, copy!]) {
      const [pdf, ...others] = attachments(mail.raw);
      expect(others).toEqual([]);
      expect(pdf?.type).toBe('application/pdf');
      expect(pdf?.filename).toBe(`${quotation.number.replace(/\//g, '-')}.pdf`);
      expect(createHash('sha256').update(pdf!.bytes).digest('hex')).toBe(sent.pdfSha256);
    }
    // A colleague's copy does not carry the buyer's link: opening it would mark the quotation viewed.
    expect(copy!.raw).not.toContain(tokenOf(answer.link));
    // The quotation keeps only the token's hash (the link itself is in the buyer's email alone).
    const rows = await t.ctx.db
      .selectFrom('quotations')
      .select(['token_hash'])
      .where('id', '=', quotation.id)
      .execute();
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(tokenOf(answer.link)).digest('hex') }]);
    const kept = (await wholeState(t)).quotations ?? [];
    expect(kept.some((row) => row.includes(tokenOf(answer.link)))).toBe(false);

    // The outbox row names the PDF rather than holding it.
    const row = await t.ctx.db
      .selectFrom('outbox')
      .select(['attachment_quotation_id', 'html_body', 'text_body'])
      .where('kind', '=', 'quotation.buyer')
      .executeTakeFirstOrThrow();
    expect(row.attachment_quotation_id).toBe(quotation.id);
    expect(row.text_body.length + row.html_body.length).toBeLessThan(5000);
  });

  it('copies the notification addresses when nobody looks after the inquiry', async () => {
    smtp.received.length = 0;
    const inquiry = await sendInquiry(t.app);
    await waitFor('the inquiry emails', () => smtp.received.length >= 2);
    smtp.received.length = 0;
    const quotation = await createQuotation(t.app, token, inquiry.id);
    await sendQuotation(t.app, token, quotation.id);
    await waitFor('the quotation and its copy', () => smtp.received.length >= 2);
    expect(
      smtp.received
        .map((mail) => mail.to)
        .flat()
        .sort(),
    ).toEqual([ADMIN_EMAIL, 'senthil@buyer.example.in'].sort());
  });
});

describe('the buyer’s page', () => {
  async function sentQuotation(overrides: Record<string, unknown> = {}) {
    const inquiry = await sendInquiry(t.app, { locale: 'ta', ...overrides });
    const quotation = await createQuotation(t.app, token, inquiry.id);
    const { link } = await sendQuotation(t.app, token, quotation.id);
    return { inquiry, quotation, link, token: tokenOf(link) };
  }

  it('shows the quotation in the buyer’s language, without script, noindex or a referrer, and marks it viewed once', async () => {
    const { quotation, token: linkToken } = await sentQuotation();
    const page = await t.app.inject({ method: 'GET', url: `/q/${linkToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    const html = page.body;
    expect(html).toMatch(/^<!doctype html>\s*<html lang="ta">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
    expect(html).toContain(`<title>விலைப்புள்ளி ${quotation.number}`);
    expect(html).not.toMatch(/<script|noindex/i);
    expect(html).toContain('Rupees One Thousand One Hundred Eighty-One Only');
    expect(html).toContain('₹1,181.00');
    // The place of supply by its Tamil name (தமிழ்நாடு), with its code.
    const place = quotation.placeOfSupply.code;
    expect(gstStateName(place, 'ta')).not.toBe(gstStateName(place, 'en'));
    expect(html).toContain(`<dd>${gstStateName(place, 'ta')} (${place})</dd>`);
    expect(html).toContain(`<form class="card" method="post" action="/q/${linkToken}/accept">`);
    expect(html).toContain(`<form class="card" method="post" action="/q/${linkToken}/changes">`);
    expect(html).toContain('<label for="accept-name">உங்கள் பெயர்</label>');
    expect(html).toContain(`href="/q/${linkToken}/pdf"`);

    const viewed = await get<Quotation>(`/api/quotations/${quotation.id}`);
    expect(viewed.status).toBe('viewed');
    expect(viewed.viewedAt).not.toBeNull();
    await outboxSettled();
    const before = await wholeState(t);
    await t.app.inject({ method: 'GET', url: `/q/${linkToken}` });
    expect(await wholeState(t)).toEqual(before);

    const pdf = await t.app.inject({ method: 'GET', url: `/q/${linkToken}/pdf` });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(createHash('sha256').update(pdf.rawPayload).digest('hex')).toBe(viewed.pdfSha256);
  });

  it('accepts with a plain form post: the inquiry is won, staff told; a repeat records nothing', async () => {
    const { inquiry, quotation, token: linkToken } = await sentQuotation();
    const refused = await postForm(t.app, `/q/${linkToken}/accept`, { name: ' ', purchaseOrder: '' }, '10.93.0.1');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('உங்கள் பெயர் தேவை');
    expect(refused.body).toContain('aria-invalid="true"');

    smtp.received.length = 0;
    const accepted = await postForm(
      t.app,
      `/q/${linkToken}/accept`,
      { name: 'Senthil Kumar', purchaseOrder: 'PO/2026/118' },
      '10.93.0.1',
    );
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`/q/${linkToken}`);
    const after = await get<Quotation>(`/api/quotations/${quotation.id}`);
    expect(after).toMatchObject({
      status: 'accepted',
      acceptance: { name: 'Senthil Kumar', purchaseOrder: 'PO/2026/118' },
    });
    expect(after.acceptedAt).not.toBeNull();
    expect((await get<Inquiry>(`/api/inquiries/${inquiry.id}`)).status).toBe('won');
    await waitFor('the acceptance email', () => smtp.received.some((mail) => subjectOf(mail).startsWith('Accepted:')));

    const page = await t.app.inject({ method: 'GET', url: `/q/${linkToken}` });
    expect(page.body).toContain('Senthil Kumar ஏற்றுக்கொண்டார்');
    expect(page.body).not.toContain('/accept"');

    await outboxSettled();
    const before = await wholeState(t);
    const again = await postForm(t.app, `/q/${linkToken}/accept`, { name: 'Someone else' }, '10.93.0.1');
    expect(again.statusCode).toBe(303);
    expect(await wholeState(t)).toEqual(before);
  });

  it('records a request for changes and tells staff', async () => {
    const { quotation, token: linkToken } = await sentQuotation();
    smtp.received.length = 0;
    const asked = await postForm(
      t.app,
      `/q/${linkToken}/changes`,
      { message: 'Please quote 3 pieces\nand 60 days credit' },
      '10.93.1.1',
    );
    expect(asked.statusCode).toBe(303);
    const after = await get<Quotation>(`/api/quotations/${quotation.id}`);
    expect(after.status).toBe('changes_requested');
    expect(after.changeRequests).toEqual([
      { message: 'Please quote 3 pieces\nand 60 days credit', at: expect.any(String) },
    ]);
    await waitFor('the changes email', () => smtp.received.some((mail) => mail.text.includes('60 days credit')));
    const page = await t.app.inject({ method: 'GET', url: `/q/${linkToken}` });
    expect(page.body).toContain('மாற்றங்களைக் கேட்டீர்கள்');
    // It can still be accepted.
    expect(page.body).toContain(`action="/q/${linkToken}/accept"`);
  });

  it('refuses an expired quotation plainly and offers no Accept', async () => {
    const { quotation, token: linkToken } = await sentQuotation({ locale: 'en' });
    await t.ctx.db
      .updateTable('quotations')
      .set({ valid_until: '2020-01-31' })
      .where('id', '=', quotation.id)
      .execute();
    expect((await get<Quotation>(`/api/quotations/${quotation.id}`)).status).toBe('expired');
    expect((await get<Quotation[]>('/api/quotations?status=expired')).map((q) => q.id)).toContain(quotation.id);
    expect((await get<Quotation[]>('/api/quotations?status=sent')).map((q) => q.id)).not.toContain(quotation.id);
    const page = await t.app.inject({ method: 'GET', url: `/q/${linkToken}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This quotation expired on 31 Jan 2020 and can no longer be accepted.');
    expect(page.body).not.toContain('<form');
    await outboxSettled();
    const before = await wholeState(t);
    const late = await postForm(t.app, `/q/${linkToken}/accept`, { name: 'Late Buyer' }, '10.93.2.1');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('expired');
    expect(await wholeState(t)).toEqual(before);
  });

  it('answers a link that opens no quotation with a 404 page', async () => {
    for (const url of ['/q/not-a-token', `/q/${'A'.repeat(43)}`, `/q/${'A'.repeat(43)}/pdf`]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain('Quotation not found');
    }
    const post = await postForm(t.app, `/q/${'A'.repeat(43)}/accept`, { name: 'X' }, '10.93.3.1');
    expect(post.statusCode).toBe(404);
  });

  it('limits replies per address', async () => {
    const { token: linkToken } = await sentQuotation();
    for (let index = 0; index < QUOTATION_REPLY_LIMIT; index++) {
      const asked = await postForm(t.app, `/q/${linkToken}/changes`, { message: `Change ${index}` }, '10.93.4.1');
      expect(asked.statusCode).toBe(303);
    }
    const over = await postForm(t.app, `/q/${linkToken}/changes`, { message: 'One more' }, '10.93.4.1');
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.body).toContain('பல பதில்களை அனுப்பியுள்ளீர்கள்');
    expect(over.body).toContain('One more');
  });
});
