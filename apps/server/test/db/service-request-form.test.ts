import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, SERVICE_FORM_ACTION, type ServiceRequestListResponse } from '@capstan/shared';
import { multipart } from '../helpers/multipart';
import { wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
}, 60_000);
afterAll(async () => t.close());

const FIELDS = {
  serial: 'KPM-4410',
  phone: '+91 94433 22110',
  name: 'Lakshmi Narayanan',
  email: '',
  symptom: 'Coolant pump does not start.',
  machineDown: 'on',
  preferredDate: '',
};

/** The form as a browser without JavaScript posts it: multipart, from `remoteAddress`. */
async function postForm(fields: Record<string, string>, remoteAddress = '203.0.113.90') {
  const body = await multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: SERVICE_FORM_ACTION,
    payload: body.payload,
    headers: body.headers,
    remoteAddress,
  });
}

const list = async () =>
  (
    await t.app.inject({ method: 'GET', url: '/api/service-requests?pageSize=100', headers: bearer(token) })
  ).json<ServiceRequestListResponse>();

describe('the service request form without JavaScript', () => {
  it('stores the request and answers a page of its own with the reference, in the page’s language', async () => {
    const response = await postForm({ ...FIELDS, locale: 'ta' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('<html lang="ta">');
    expect(html).toContain('உங்கள் சர்வீஸ் கோரிக்கை எங்களுக்குக் கிடைத்துவிட்டது');
    const reference = /class="reference"[^>]*>(SR-\d{4}-\d{5,})</.exec(html)?.[1];
    expect(reference).toBeDefined();
    expect(html).toContain('+91 94433 22110');
    // Machine down: the page says it is treated as urgent.
    expect(html).toContain('அவசரமாகக் கவனிப்போம்');
    const stored = (await list()).serviceRequests.find((request) => request.reference === reference);
    expect(stored).toMatchObject({ serial: 'KPM-4410', machineDown: true, language: 'ta', registered: false });
  });

  it('takes a form posted urlencoded too (no photos), and a box left unticked is a machine still running', async () => {
    const { machineDown: _down, ...fields } = FIELDS;
    const response = await t.app.inject({
      method: 'POST',
      url: SERVICE_FORM_ACTION,
      payload: new URLSearchParams({ ...fields, email: 'lakshmi@example.in', locale: 'hi' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '203.0.113.91',
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="hi">');
    expect(response.body).toContain('lakshmi@example.in');
    const reference = /class="reference"[^>]*>(SR-[\d-]+)</.exec(response.body)?.[1];
    const stored = (await list()).serviceRequests.find((request) => request.reference === reference);
    expect(stored).toMatchObject({ machineDown: false, language: 'hi', email: 'lakshmi@example.in' });
  });

  it('gives the form back with what was typed and a message per field in the page’s language, storing nothing', async () => {
    const before = await wholeState(t);
    const response = await postForm({ ...FIELDS, serial: '', phone: 'call me', locale: 'hi' });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('<html lang="hi">');
    expect(html).toContain('आपका सर्विस अनुरोध नहीं भेजा गया');
    expect(html).toContain('सीरियल नंबर ज़रूरी है');
    expect(html).toContain('सही फ़ोन नंबर लिखें');
    expect(html).toContain(
      'id="serial" name="serial" type="text" autocomplete="off" value="" required aria-invalid="true"',
    );
    expect(html).toContain('value="Lakshmi Narayanan"');
    expect(html).toContain('value="call me"');
    expect(html).toContain('>Coolant pump does not start.</textarea>');
    expect(html).toMatch(/name="machineDown" type="checkbox" value="on" style="width:auto" checked/);
    expect(html).toContain(`<form method="post" action="${SERVICE_FORM_ACTION}" enctype="multipart/form-data">`);
    expect(html).toContain('<input type="hidden" name="locale" value="hi">');
    // No photos were sent: nothing to choose again.
    expect(html).not.toContain('फ़ोटो साथ नहीं रहतीं');
    expect(await wholeState(t)).toEqual(before);
  });

  it('tells a visitor over the allowance to wait, keeping what they typed, and stores nothing', async () => {
    const address = '203.0.113.99';
    for (let index = 0; index < INQUIRY_RATE_LIMIT; index++) {
      expect((await postForm({ ...FIELDS, locale: 'en' }, address)).statusCode).toBe(200);
    }
    const before = await wholeState(t);
    const response = await postForm({ ...FIELDS, name: 'Too Many', locale: 'ta' }, address);
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(response.body).toContain('<html lang="ta">');
    expect(response.body).toContain('சர்வீஸ் கோரிக்கைகள் வந்துள்ளன');
    expect(response.body).toContain('value="Too Many"');
    expect(await wholeState(t)).toEqual(before);
    // The JSON route shares the allowance.
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      payload: { ...FIELDS, machineDown: true, email: undefined, preferredDate: undefined },
      remoteAddress: address,
    });
    expect(api.statusCode).toBe(429);
  });
});
