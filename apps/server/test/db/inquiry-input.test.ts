import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inquiry } from '@capstan/shared';
import { staffNotification } from '../../src/modules/mail/inquiry-emails';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

// Each test sends from its own address, so the per-address limit never decides a result here.
let nextAddress = 1;
const freshAddress = () => `10.31.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const inquiry = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi.kumar@example.in',
  phone: '+91 98765 43210',
  message: 'Please quote for two CL-25 capstan lathes.',
  ...overrides,
});

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/inquiries', payload, remoteAddress: freshAddress() });

const postForm = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: freshAddress(),
  });

async function staffEmailOf(inquiryId: string) {
  return t.ctx.db
    .selectFrom('outbox')
    .select(['subject', 'text_body'])
    .where('inquiry_id', '=', inquiryId)
    .where('kind', '=', 'inquiry.staff')
    .executeTakeFirstOrThrow();
}

describe('one-line fields stay one line', () => {
  it('turns a line break typed into the name, phone or product into a space, in storage and in the staff email', async () => {
    const response = await post(
      inquiry({
        firstName: 'Ravi\r\nBcc: x@evil.example',
        lastName: 'Kumar\tJr',
        phone: '+91 98765\n43210',
        product: 'CL-25\nBcc: y@evil.example',
        message: 'Line one\nLine two',
      }),
    );
    expect(response.statusCode).toBe(201);
    const { id } = response.json<{ id: string }>();
    const row = await t.ctx.db.selectFrom('inquiries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: 'Ravi Bcc: x@evil.example',
      last_name: 'Kumar Jr',
      phone: '+91 98765 43210',
      product: 'CL-25 Bcc: y@evil.example',
      // The message is the one field of several lines; its breaks are the buyer's.
      message: 'Line one\nLine two',
    });

    const email = await staffEmailOf(id);
    const lines = email.text_body.split('\n');
    expect(lines).toContain('Name: Ravi Bcc: x@evil.example Kumar Jr');
    expect(lines).toContain('Product: CL-25 Bcc: y@evil.example');
    expect(lines.filter((line) => /^bcc:/i.test(line))).toEqual([]);
    expect(email.subject).not.toMatch(/[\r\n]/);
  });

  it('does the same for the form sent without JavaScript', async () => {
    const response = await postForm({
      firstName: 'Meena\r\nBcc: z@evil.example',
      lastName: 'Iyer',
      email: 'meena.oneline@example.in',
      phone: '+91 98765 00000',
      message: 'Need a quote.',
    });
    expect(response.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('inquiries')
      .selectAll()
      .where('email', '=', 'meena.oneline@example.in')
      .executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Meena Bcc: z@evil.example');
    const lines = (await staffEmailOf(row.id)).text_body.split('\n');
    expect(lines.filter((line) => /^bcc:/i.test(line))).toEqual([]);
  });

  it('the staff email never starts a line from a one-line field, even for an inquiry stored before the rule', () => {
    const stored: Inquiry = {
      id: '00000000-0000-4000-8000-000000000001',
      firstName: 'Old\nBcc: a@evil.example',
      lastName: 'Row',
      email: 'old@example.in',
      phone: '+91 98765 43210',
      service: null,
      serviceLabel: null,
      message: 'Hello',
      product: 'Pin\r\nCc: b@evil.example',
      status: 'new',
      createdAt: '2026-11-20T10:00:00.000Z',
      reference: 'KPM-2026-00001',
      assignee: null,
      followUpOn: null,
      notes: [],
      items: [
        {
          id: 'x',
          kind: 'spare',
          code: 'SC-20\nCc: c@evil.example',
          name: 'Collet\r\nBcc: d@evil.example',
          quantity: 2,
        },
      ],
    };
    const message = staffNotification({
      inquiry: stored,
      recipients: ['staff@example.com'],
      locale: 'en',
      productUrl: null,
      adminUrl: 'http://localhost/admin/inquiries/1',
    });
    const lines = message.text.split('\n');
    expect(lines.filter((line) => /^(bcc|cc):/i.test(line))).toEqual([]);
    expect(lines).toContain('Name: Old Bcc: a@evil.example Row');
    expect(lines).toContain('- SC-20 Cc: c@evil.example — Collet Bcc: d@evil.example × 2');
    expect(message.subject).not.toMatch(/[\r\n]/);
  });
});
