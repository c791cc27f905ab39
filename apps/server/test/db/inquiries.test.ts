import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, type Inquiry } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { rowCount, sleep } from '../helpers/storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const inquiry = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi.kumar@example.in',
  phone: '+91 98765 43210',
  service: 'capstan-lathe',
  message: 'Please quote for two CL-25 capstan lathes with bar feeders.',
  ...overrides,
});

// The inquiry limit counts every request per address, so each test sends from its own.
let nextAddress = 1;
const freshAddress = () => `10.30.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

function post(payload: Record<string, unknown>, remoteAddress = freshAddress(), headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/inquiries', payload, remoteAddress, headers });
}

const listInquiries = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/inquiries', headers: bearer(token) })).json<Inquiry[]>();

describe('POST /api/inquiries (public contact form)', () => {
  it('stores an inquiry sent without a token and answers 201', async () => {
    const address = freshAddress();
    const response = await post(inquiry({ message: 'First inquiry' }), address);
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; reference: string; message: string }>();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      reference: expect.stringMatching(/^KPM-\d{4}-\d{5}$/),
      message: 'Thank you for your inquiry!',
      items: [],
    });

    const row = await t.ctx.db.selectFrom('inquiries').selectAll().where('id', '=', body.id).executeTakeFirst();
    expect(row).toMatchObject({
      first_name: 'Ravi',
      last_name: 'Kumar',
      email: 'ravi.kumar@example.in',
      phone: '+91 98765 43210',
      service: 'capstan-lathe',
      message: 'First inquiry',
      status: 'new',
      client_ip: address,
    });
    expect(Math.abs(Date.parse(row?.created_at ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('treats the service as optional: omitted or empty is stored as none', async () => {
    const omitted = { ...inquiry({ message: 'No service chosen' }) };
    delete omitted.service;
    const noService = await post(omitted);
    expect(noService.statusCode).toBe(201);
    const empty = await post(inquiry({ service: '', message: 'Empty service' }));
    expect(empty.statusCode).toBe(201);

    for (const id of [noService.json<{ id: string }>().id, empty.json<{ id: string }>().id]) {
      const row = await t.ctx.db
        .selectFrom('inquiries')
        .select('service')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.service).toBeNull();
    }
    const listed = (await listInquiries()).find((entry) => entry.message === 'Empty service');
    expect(listed?.service).toBeNull();
  });

  it('refuses invalid fields with 400 and issues, storing nothing', async () => {
    const before = await rowCount(t, 'inquiries');
    const cases: [string, Record<string, unknown>][] = [
      ['email', inquiry({ email: 'not-an-email' })],
      ['email', inquiry({ email: '' })],
      ['phone', inquiry({ phone: 'call me maybe' })],
      ['phone', inquiry({ phone: '12' })],
      ['message', inquiry({ message: undefined })],
      ['message', inquiry({ message: '   ' })],
      ['firstName', inquiry({ firstName: '' })],
      ['service', inquiry({ service: 'free-lathe' })],
      ['', inquiry({ status: 'answered' })],
    ];
    for (const [field, payload] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ message: string; issues: { path: (string | number)[] }[] }>();
      expect(body.message).toEqual(expect.any(String));
      expect(body.issues.length).toBeGreaterThan(0);
      if (field) expect(body.issues.map((issue) => issue.path[0])).toContain(field);
    }
    expect(await rowCount(t, 'inquiries')).toBe(before);
  });

  it('accepts INQUIRY_RATE_LIMIT (10) from one address, then answers 429; X-Forwarded-For does not escape it', async () => {
    expect(INQUIRY_RATE_LIMIT).toBe(10);
    const address = freshAddress();
    const before = await rowCount(t, 'inquiries');
    for (let i = 0; i < INQUIRY_RATE_LIMIT; i += 1) {
      const response = await post(inquiry({ message: `Burst ${i}` }), address);
      expect(response.statusCode, `inquiry ${i + 1}`).toBe(201);
    }
    const over = await post(inquiry({ message: 'Burst over' }), address);
    expect(over.statusCode).toBe(429);
    // Plain words: how to reach us now (both phone lines and WhatsApp), and that nothing typed is lost.
    expect(over.json()).toEqual({
      message:
        'We have received several inquiries from your network in the last few minutes, so this one was not sent. ' +
        'Please call us on +91 98430 12345 or +91 422 257 1234, or send a WhatsApp message to +91 98430 12345. ' +
        'You can also send it again in 10 minutes; what you typed is still in the form.',
    });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // The same refusal in the language of the page it was sent from (a Tamil page sends locale: 'ta').
    const tamil = await post(inquiry({ message: 'Burst in Tamil', locale: 'ta' }), address);
    expect(tamil.statusCode).toBe(429);
    expect(tamil.json<{ message: string }>().message).toBe(
      'கடந்த சில நிமிடங்களில் உங்கள் நெட்வொர்க்கிலிருந்து பல விசாரணைகள் வந்துள்ளன, அதனால் இது அனுப்பப்படவில்லை. ' +
        'தயவுசெய்து எங்களை +91 98430 12345 அல்லது +91 422 257 1234 என்ற எண்ணில் அழையுங்கள், அல்லது +91 98430 12345 என்ற எண்ணுக்கு WhatsApp செய்தி அனுப்புங்கள். ' +
        '10 நிமிடங்கள் கழித்து மீண்டும் அனுப்பலாம்; நீங்கள் தட்டச்சு செய்தவை படிவத்திலேயே உள்ளன.',
    );

    const spoofed = await post(inquiry({ message: 'Burst spoofed' }), address, { 'x-forwarded-for': '203.0.113.50' });
    expect(spoofed.statusCode).toBe(429);
    expect(await rowCount(t, 'inquiries')).toBe(before + INQUIRY_RATE_LIMIT);

    const otherAddress = await post(inquiry({ message: 'Another visitor' }));
    expect(otherAddress.statusCode).toBe(201);
    expect(await rowCount(t, 'inquiries')).toBe(before + INQUIRY_RATE_LIMIT + 1);
  });
});

describe('GET /api/inquiries', () => {
  it('requires a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required' });
  });

  it('lists inquiries newest first, with no-store', async () => {
    for (const message of ['Older', 'Middle', 'Newest']) {
      await sleep(5);
      expect((await post(inquiry({ message }))).statusCode).toBe(201);
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/inquiries', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const list = response.json<Inquiry[]>();
    expect(list).toHaveLength(await rowCount(t, 'inquiries'));
    expect(list.slice(0, 3).map((entry) => entry.message)).toEqual(['Newest', 'Middle', 'Older']);
    for (let i = 1; i < list.length; i += 1) {
      expect(Date.parse(list[i - 1]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(list[i]?.createdAt ?? ''));
    }
    expect(list[0]).toEqual({
      id: expect.any(String),
      firstName: 'Ravi',
      lastName: 'Kumar',
      email: 'ravi.kumar@example.in',
      phone: '+91 98765 43210',
      service: 'capstan-lathe',
      serviceLabel: 'Capstan lathe',
      message: 'Newest',
      product: null,
      status: 'new',
      createdAt: expect.any(String),
      reference: expect.stringMatching(/^KPM-\d{4}-\d{5}$/),
      assignee: null,
      followUpOn: null,
      notes: [],
      items: [],
    });
  });
});

describe('PATCH /api/inquiries/:id (staff move an inquiry along)', () => {
  it('stores the product a Request Quote named and changes the status through new → contacted → quoted → closed', async () => {
    const created = await post(inquiry({ product: 'NP-38 All-Geared Capstan Lathe' }));
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect((await listInquiries()).find((i) => i.id === id)).toMatchObject({
      product: 'NP-38 All-Geared Capstan Lathe',
      status: 'new',
    });

    for (const status of ['contacted', 'quoted', 'closed'] as const) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/inquiries/${id}`,
        headers: bearer(token),
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Inquiry>()).toMatchObject({ id, status });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect((await listInquiries()).find((i) => i.id === id)?.status).toBe('closed');
  });

  it('refuses an unknown status, extra fields, no token and unknown ids, changing nothing', async () => {
    const { id } = (await post(inquiry())).json<{ id: string }>();
    const patch = (payload: unknown, headers: Record<string, string> = bearer(token), target = id) =>
      t.app.inject({ method: 'PATCH', url: `/api/inquiries/${target}`, headers, payload: payload as object });

    const badStatus = await patch({ status: 'deleted' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toHaveProperty('issues');
    expect((await patch({ status: 'quoted', message: 'rewritten' })).statusCode).toBe(400);
    expect((await patch({ status: 'quoted' }, {})).statusCode).toBe(401);
    expect((await patch({ status: 'quoted' }, bearer(token), '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await listInquiries()).find((i) => i.id === id)).toMatchObject({
      status: 'new',
      message: inquiry().message,
    });
  });
});

describe('POST /contact (the contact form without JavaScript)', () => {
  const form = (fields: Record<string, string>, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/contact',
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });
  const filled = (overrides: Record<string, string> = {}) => ({
    firstName: 'Meena',
    lastName: 'Iyer',
    email: 'meena@example.in',
    phone: '+91 98765 00000',
    service: '',
    message: 'Need a quote for a CNC turning centre.',
    ...overrides,
  });

  it('stores the inquiry like the JSON call and answers a thank-you page', async () => {
    const address = freshAddress();
    const response = await form(filled({ service: 'maintenance', product: 'CL-25 Capstan Lathe' }), address);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("form-action 'self'");
    expect(response.body).toContain('Thank you for your inquiry!');
    const row = await t.ctx.db
      .selectFrom('inquiries')
      .selectAll()
      .where('email', '=', 'meena@example.in')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: 'Meena',
      service: 'maintenance',
      product: 'CL-25 Capstan Lathe',
      client_ip: address,
      status: 'new',
    });
  });

  it('answers the form again with each message and the typed values, escaped, storing nothing', async () => {
    const before = await rowCount(t, 'inquiries');
    const response = await form(filled({ firstName: '<b>Meena</b>', email: 'not-an-email', phone: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Enter a valid email address');
    expect(response.body).toContain('Phone is required');
    expect(response.body).toContain('value="&lt;b&gt;Meena&lt;/b&gt;"');
    expect(response.body).not.toContain('<b>Meena</b>');
    expect(response.body).toContain('value="not-an-email"');
    expect(response.body).toContain('Need a quote for a CNC turning centre.</textarea>');
    expect(response.body).toMatch(/<form method="post" action="\/contact">/);
    expect(await rowCount(t, 'inquiries')).toBe(before);
  });

  it('answers an unreadable body with the form page, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/contact',
      payload: 'x'.repeat(70 * 1024),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Your inquiry was not sent');
  });

  it('shares the per-address limit with the JSON call and keeps the typed values when refusing', async () => {
    const address = freshAddress();
    const before = await rowCount(t, 'inquiries');
    const half = INQUIRY_RATE_LIMIT / 2;
    for (let i = 0; i < half; i += 1)
      expect((await post(inquiry({ message: `Mixed ${i}` }), address)).statusCode).toBe(201);
    for (let i = half; i < INQUIRY_RATE_LIMIT; i += 1)
      expect((await form(filled({ message: `Mixed ${i}` }), address)).statusCode).toBe(200);
    const refused = await form(filled({ firstName: 'முருகன்', message: 'Mixed over: இரண்டு லேத் இயந்திரங்கள்' }), address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('so this one was not sent. Please call us on +91 98430 12345 or +91 422 257 1234');
    expect(refused.body).toContain('send a WhatsApp message to +91 98430 12345');
    // Everything typed is back in the form, Tamil included.
    expect(refused.body).toContain('Mixed over: இரண்டு லேத் இயந்திரங்கள்</textarea>');
    expect(refused.body).toContain('value="முருகன்"');
    expect(refused.body).toContain('value="meena@example.in"');
    expect((await post(inquiry({ message: 'Mixed after' }), address)).statusCode).toBe(429);
    expect(await rowCount(t, 'inquiries')).toBe(before + INQUIRY_RATE_LIMIT);
  });
});
