import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createConfiguredApp, type ConfiguredApp } from '../helpers/configured-app';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer } from '../helpers/test-app';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let t: ConfiguredApp;

beforeAll(async () => {
  t = await createConfiguredApp({ LOG_LEVEL: 'trace' }, capture);
});
afterAll(async () => t.close());
beforeEach(() => {
  lines.length = 0;
});

const INQUIRY_EMAIL = 'meera.iyer@example.in';
const INQUIRY_PHONE = '+91 90000 12345';
const PHONE_DIGITS = '9000012345';

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request logs', () => {
  it('carry a request id on every line and no password, token, email or phone', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: `${ADMIN_PASSWORD}-wrong` },
    });
    expect(failed.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();

    const write = await t.app.inject({
      method: 'POST',
      url: `/api/services?token=${token}`,
      headers: { ...bearer(token), cookie: `session=${token}` },
      payload: { name: 'Retrofitting', description: 'Bring an old lathe up to date.', images: [], featured: false },
    });
    expect(write.statusCode).toBe(201);

    const inquiry = {
      firstName: 'Meera',
      lastName: 'Iyer',
      email: INQUIRY_EMAIL,
      phone: INQUIRY_PHONE,
      service: 'capstan-lathe',
      message: 'Please call me about a CL-25.',
    };
    const sent = await t.app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry });
    expect(sent.statusCode).toBe(201);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/inquiries?email=${INQUIRY_EMAIL}`,
      payload: { ...inquiry, phone: 'not a phone' },
    });
    expect(refused.statusCode).toBe(400);

    expect(lines.length).toBeGreaterThanOrEqual(10);
    const text = lines.join('\n');
    for (const secret of [ADMIN_PASSWORD, token, INQUIRY_EMAIL, INQUIRY_PHONE, PHONE_DIGITS, ADMIN_EMAIL]) {
      expect(text).not.toContain(secret);
    }
    for (const entry of entries()) expect(entry.reqId).toEqual(expect.any(String));
    // The request and its completion share one id.
    const ids = new Set(entries().map((entry) => entry.reqId));
    expect(ids.size).toBe(5);
  });

  it('blanks credentials and contact details that code logs by hand', () => {
    t.app.log.info(
      {
        req: { headers: { authorization: 'Bearer handwritten-token', cookie: 'session=handwritten-token' } },
        body: { password: 'handwritten-password' },
        inquiry: { email: 'hand@example.in', phone: '+91 91234 56789' },
      },
      'diagnostics',
    );
    const text = lines.join('\n');
    expect(text).toContain('diagnostics');
    for (const secret of ['handwritten-token', 'handwritten-password', 'hand@example.in', '91234']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('request ids', () => {
  it('echoes a new id in x-request-id and logs with it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/services' });
    const id = response.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entries().some((entry) => entry.reqId === id)).toBe(true);
  });

  it('keeps a well-formed incoming X-Request-Id and replaces a malformed one', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/services',
      headers: { 'x-request-id': 'edge-7f3a9c1e.42' },
    });
    expect(kept.headers['x-request-id']).toBe('edge-7f3a9c1e.42');
    expect(entries().every((entry) => entry.reqId === 'edge-7f3a9c1e.42')).toBe(true);

    for (const bad of ['short', 'x'.repeat(65), 'has space in it', 'forged"line}{']) {
      const replaced = await t.app.inject({ method: 'GET', url: '/api/services', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id']).not.toBe(bad);
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
