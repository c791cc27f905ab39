import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CreateInquiryResponse,
  type Inquiry,
  QUOTE_ITEM_TWICE_MESSAGE,
  QUOTE_ITEMS_MAX_MESSAGE,
  QUOTE_ITEMS_MIN_MESSAGE,
  QUOTE_QUANTITY_MESSAGE,
} from '@capstan/shared';
import { ACKNOWLEDGEMENT, STAFF_NOTIFICATION } from '../../src/modules/mail/inquiry-emails';
import { ADMIN_EMAIL, bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';
import { type ReceivedMail, TestSmtpServer, waitFor } from '../helpers/smtp';

// Issue 39: a request with the lines of the buyer's quote list, through the JSON API, stored as
// the items were named when sent, read back by every read of an inquiry and listed in its emails.

let smtp: TestSmtpServer;
let t: TestApp;
let token: string;
let machine: { id: string };
let part: { id: string };
let service: { id: string };

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
  token = await t.login();
  machine = await createMachine(t, token, { name: 'NP-25 Capstan Lathe', code: 'NP-25' });
  part = await createPart(t, token, { name: 'Collet chuck 25 mm' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(token),
    payload: { name: 'Annual maintenance contract', description: 'Two visits a year.', code: 'AMC-1' },
  });
  expect(created.statusCode, created.body).toBe(201);
  service = created.json<{ id: string }>();
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

let nextAddress = 1;
const freshAddress = () => `10.39.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Lakshmi',
  lastName: 'Narayanan',
  email: 'lakshmi@foundry.example.in',
  phone: '+91 98430 11111',
  message: 'Please quote the items in my list, delivered to Coimbatore.',
  ...overrides,
});

const post = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/inquiries', payload, remoteAddress: freshAddress() });

async function send(payload: Record<string, unknown>): Promise<CreateInquiryResponse> {
  const response = await post(payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateInquiryResponse>();
}

const read = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/inquiries/${id}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Inquiry>();
};

const list = async (query = '') => {
  const response = await t.app.inject({ method: 'GET', url: `/api/inquiries${query}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Inquiry[]>();
};

const counts = async () => {
  const count = async (table: 'inquiries' | 'inquiry_items' | 'outbox') =>
    Number(
      (
        await t.ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { inquiries: await count('inquiries'), lines: await count('inquiry_items'), outbox: await count('outbox') };
};

const threeLines = () => [
  { id: machine.id, quantity: 2 },
  { id: part.id, quantity: 10 },
  { id: service.id, quantity: 1 },
];

const expectedLines = () => [
  { id: machine.id, kind: 'machine', code: 'NP-25', name: 'NP-25 Capstan Lathe', quantity: 2 },
  { id: part.id, kind: 'spare', code: null, name: 'Collet chuck 25 mm', quantity: 10 },
  { id: service.id, kind: 'service', code: 'AMC-1', name: 'Annual maintenance contract', quantity: 1 },
];

describe('POST /api/inquiries with the lines of a quote list', () => {
  it('stores the lines in order, as the items are named now, and answers them', async () => {
    const answer = await send(inquiry({ items: threeLines() }));
    expect(answer.items).toEqual(expectedLines());
    const rows = await t.ctx.db
      .selectFrom('inquiry_items')
      .selectAll()
      .where('inquiry_id', '=', answer.id)
      .orderBy('position')
      .execute();
    expect(rows.map((row) => [Number(row.position), row.item_id, row.kind, Number(row.quantity)])).toEqual([
      [0, machine.id, 'machine', 2],
      [1, part.id, 'spare', 10],
      [2, service.id, 'service', 1],
    ]);
  });

  it('answers an inquiry without a list with no lines', async () => {
    const answer = await send(inquiry({ message: 'Just a question about delivery times.' }));
    expect(answer.items).toEqual([]);
    expect((await read(answer.id)).items).toEqual([]);
  });

  const unknownId = randomUUID();
  const refusals: [string, () => unknown, string, string][] = [
    ['no line', () => [], 'items', QUOTE_ITEMS_MIN_MESSAGE],
    [
      '51 lines',
      () => Array.from({ length: 51 }, () => ({ id: randomUUID(), quantity: 1 })),
      'items',
      QUOTE_ITEMS_MAX_MESSAGE,
    ],
    ['a quantity of 0', () => [{ id: part.id, quantity: 0 }], 'items.0.quantity', QUOTE_QUANTITY_MESSAGE],
    ['a quantity of 10,000', () => [{ id: part.id, quantity: 10000 }], 'items.0.quantity', QUOTE_QUANTITY_MESSAGE],
    ['a quantity of 1.5', () => [{ id: part.id, quantity: 1.5 }], 'items.0.quantity', QUOTE_QUANTITY_MESSAGE],
    [
      'an item listed twice',
      () => [
        { id: part.id, quantity: 1 },
        { id: part.id, quantity: 2 },
      ],
      'items.1.id',
      QUOTE_ITEM_TWICE_MESSAGE,
    ],
    [
      'an id the catalogue does not hold',
      () => [...threeLines(), { id: unknownId, quantity: 3 }],
      'items.3.id',
      `Unknown item: ${unknownId}`,
    ],
  ];
  for (const [what, items, path, message] of refusals) {
    it(`refuses ${what} with a 400 naming the field, storing nothing and mailing nobody`, async () => {
      const before = await counts();
      const response = await post(inquiry({ items: items() }));
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ message: string; issues: { path: (string | number)[]; message: string }[] }>();
      expect(body.message).toContain(message);
      expect(body.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([path, message]);
      expect(await counts()).toEqual(before);
    });
  }

  it('keeps the lines as sent when the item is renamed or deleted later', async () => {
    const doomed = await createPart(t, token, { name: 'Tool post 4-way', code: 'TP-4' });
    const { id } = await send(inquiry({ items: [{ id: doomed.id, quantity: 4 }, ...threeLines()] }));
    await t.ctx.db
      .updateTable('items')
      .set({ name: 'Collet chuck 25 mm (new design)' })
      .where('id', '=', part.id)
      .execute();
    try {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/spareparts/${doomed.id}`,
        headers: bearer(token),
      });
      expect(deleted.statusCode).toBe(204);
      expect((await read(id)).items).toEqual([
        { id: doomed.id, kind: 'spare', code: 'TP-4', name: 'Tool post 4-way', quantity: 4 },
        ...expectedLines(),
      ]);
    } finally {
      await t.ctx.db.updateTable('items').set({ name: 'Collet chuck 25 mm' }).where('id', '=', part.id).execute();
    }
  });

  it('answers the lines in the inbox list and in one inquiry, in the list’s order', async () => {
    const reversed = threeLines().reverse();
    const { id } = await send(inquiry({ items: reversed, message: 'Reversed order' }));
    const expected = expectedLines().reverse();
    expect((await read(id)).items).toEqual(expected);
    expect((await list()).find((entry) => entry.id === id)?.items).toEqual(expected);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/inquiries/${randomUUID()}`,
      headers: bearer(token),
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/inquiries/${id}` })).statusCode).toBe(401);
  });

  it('finds an inquiry in the inbox by a line’s code or name', async () => {
    const special = await createPart(t, token, { name: 'Hexagonal bar feeder guide', code: 'HX-7781' });
    const { id } = await send(inquiry({ items: [{ id: special.id, quantity: 3 }], message: 'Feeder guides' }));
    expect((await list('?q=hx-7781')).map((entry) => entry.id)).toEqual([id]);
    expect((await list('?q=hexagonal%20feeder')).map((entry) => entry.id)).toEqual([id]);
    expect(await list('?q=hx-7781%20nobody')).toEqual([]);
  });

  it('lists the lines in a column of the CSV export, headed in the reader’s language', async () => {
    const { reference } = await send(inquiry({ items: threeLines(), message: 'For the export' }));
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const [header, ...rows] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns).toContain('"Items"');
    expect(columns.indexOf('"Items"')).toBe(columns.indexOf('"Product"') + 1);
    const row = rows.find((line) => line.startsWith(`"${reference}"`));
    expect(row).toContain('"NP-25 × 2; Collet chuck 25 mm × 10; AMC-1 × 1"');

    const tamil = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/locale',
      headers: bearer(token),
      payload: { locale: 'ta' },
    });
    expect(tamil.statusCode).toBe(200);
    try {
      const inTamil = await t.app.inject({ method: 'GET', url: '/api/inquiries/export', headers: bearer(token) });
      expect(inTamil.body.split('\r\n')[0]).toContain('"பொருட்கள்"');
    } finally {
      await t.app.inject({ method: 'PUT', url: '/api/auth/locale', headers: bearer(token), payload: { locale: 'en' } });
    }
  });
});

describe('the emails about a request with lines', () => {
  /** The one email to `address` whose plain text names `reference`. */
  async function mailTo(address: string, reference: string): Promise<ReceivedMail> {
    const found = () => smtp.received.filter((mail) => mail.to.includes(address) && mail.text.includes(reference));
    await waitFor(`the email to ${address} about ${reference}`, () => found().length > 0);
    return found()[0]!;
  }
  const htmlOf = async (inquiryId: string, kind: string) =>
    (
      await t.ctx.db
        .selectFrom('outbox')
        .select('html_body')
        .where('inquiry_id', '=', inquiryId)
        .where('kind', '=', kind)
        .executeTakeFirstOrThrow()
    ).html_body;

  it('list code, name and quantity to staff and to the buyer, in text and HTML', async () => {
    const { id, reference } = await send(inquiry({ email: 'buyer.lines@foundry.example.in', items: threeLines() }));
    const lines = [
      '- NP-25 — NP-25 Capstan Lathe × 2',
      '- Collet chuck 25 mm × 10',
      '- AMC-1 — Annual maintenance contract × 1',
    ];
    for (const address of [ADMIN_EMAIL, 'buyer.lines@foundry.example.in']) {
      const mail = await mailTo(address, reference);
      expect(mail.text.replace(/\r\n/g, '\n')).toContain(['Items in this request:', ...lines].join('\n'));
    }
    for (const kind of [STAFF_NOTIFICATION, ACKNOWLEDGEMENT]) {
      const html = await htmlOf(id, kind);
      expect(html).toContain(
        '<th align="left" style="padding:2px 12px 2px 0;border-bottom:1px solid #e2e8f0">Code</th>',
      );
      expect(html).toMatch(/<td[^>]*>NP-25<\/td><td[^>]*>NP-25 Capstan Lathe<\/td><td align="right"[^>]*>2<\/td>/);
      expect(html).toMatch(/<td[^>]*><\/td><td[^>]*>Collet chuck 25 mm<\/td><td align="right"[^>]*>10<\/td>/);
    }
  });

  it('list them in the buyer’s language, and say nothing of lines when there are none', async () => {
    const { reference } = await send(
      inquiry({ email: 'tamil.lines@foundry.example.in', locale: 'ta', items: [{ id: machine.id, quantity: 1200 }] }),
    );
    const tamil = await mailTo('tamil.lines@foundry.example.in', reference);
    expect(tamil.text.replace(/\r\n/g, '\n')).toContain(
      'இந்த விசாரணையில் உள்ள பொருட்கள்:\n- NP-25 — NP-25 Capstan Lathe × 1,200',
    );

    const plain = await send(inquiry({ email: 'no.lines@foundry.example.in' }));
    const mail = await mailTo('no.lines@foundry.example.in', plain.reference);
    expect(mail.text).not.toContain('Items in this request');
    expect(await htmlOf(plain.id, ACKNOWLEDGEMENT)).not.toContain('<table');
  });
});
