import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
  SERVICE_FORM_ACTION,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
  type ServiceRequest,
  type ServiceRequestListResponse,
} from '@capstan/shared';
import { sweepOrphanImageFiles } from '../../src/modules/images/sweep-orphan-files';
import { sweepUnattachedImages } from '../../src/modules/images/sweep-unattached';
import { scriptFile } from '../helpers/images';
import { pngFile } from '../helpers/items';
import { multipart, type MultipartFile } from '../helpers/multipart';
import { wholeState } from '../helpers/staff';
import { imageStored, tempFiles } from '../helpers/storage';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
}, 60_000);
afterAll(async () => t.close());

const FIELDS = {
  serial: 'KPM-5120',
  phone: '+91 90030 44556',
  name: 'Arul Prakash',
  symptom: 'Oil leaks from the headstock; photos attached.',
  machineDown: 'true',
  locale: 'en',
};

const notAnImage: MultipartFile = { name: 'invoice.jpg', type: 'image/jpeg', data: scriptFile };

async function send(
  url: string,
  fields: Record<string, string>,
  files: readonly MultipartFile[],
  remoteAddress: string,
) {
  const body = await multipart(fields, files);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers, remoteAddress });
}

async function requestByReference(reference: string): Promise<ServiceRequest> {
  const list = await t.app.inject({
    method: 'GET',
    url: `/api/service-requests?q=${reference}`,
    headers: bearer(token),
  });
  const found = list.json<ServiceRequestListResponse>().serviceRequests.find((r) => r.reference === reference);
  if (!found) throw new Error(`${reference} not listed`);
  return found;
}

describe('a service request’s photos', () => {
  it('go through the image pipeline and are kept as the request’s, never swept as unattached uploads', async () => {
    const photos = [await pngFile('headstock.png'), await pngFile('leak.png', '#aa3300')];
    const response = await send('/api/service-requests', FIELDS, photos, '203.0.113.120');
    expect(response.statusCode, response.body).toBe(201);
    const request = await requestByReference(response.json<{ reference: string }>().reference);
    expect(request.photos).toHaveLength(2);
    for (const photo of request.photos) {
      expect(photo.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect(photo.thumbUrl).toBe(photo.url.replace('.webp', '-thumb.webp'));
      expect(photo.width).toBe(64);
      expect(await imageStored(t, photo.url)).toBe(true);
    }
    const rows = await t.ctx.db
      .selectFrom('images')
      .select(['item_id', 'service_request_id', 'position'])
      .where('service_request_id', '=', request.id)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { item_id: null, service_request_id: request.id, position: 0 },
      { item_id: null, service_request_id: request.id, position: 1 },
    ]);
    expect(tempFiles(t)).toEqual([]);

    // A week later the sweeps of abandoned uploads and of files without a row leave them alone.
    const later = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await sweepUnattachedImages(t.ctx, later);
    await sweepOrphanImageFiles(t.ctx, later);
    for (const photo of request.photos) expect(await imageStored(t, photo.url)).toBe(true);
    expect(
      await t.ctx.db.selectFrom('images').select('id').where('service_request_id', '=', request.id).execute(),
    ).toHaveLength(2);

    // Nor can staff take a customer's photo for a catalogue service.
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: {
        name: 'Headstock overhaul',
        description: 'Overhaul of a leaking headstock.',
        images: [request.photos[0]?.url],
      },
    });
    expect(claimed.statusCode).toBe(400);
  });

  it('a request refused for one bad photo keeps none of them, files or rows', async () => {
    const before = await wholeState(t);
    const response = await send(
      '/api/service-requests',
      FIELDS,
      [await pngFile('good.png'), notAnImage],
      '203.0.113.121',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: refusedFileMessage('invoice.jpg', NOT_AN_IMAGE_REASON) });
    expect(await wholeState(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('refuses more than six photos, and bad fields before any photo is processed, storing nothing', async () => {
    const before = await wholeState(t);
    const seven = await Promise.all(Array.from({ length: 7 }, (_u, index) => pngFile(`p${index}.png`)));
    const tooMany = await send('/api/service-requests', FIELDS, seven, '203.0.113.122');
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json()).toEqual({ message: SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE });
    const badFields = await send(
      '/api/service-requests',
      { ...FIELDS, serial: '', phone: 'x' },
      [await pngFile('fine.png')],
      '203.0.113.123',
    );
    expect(badFields.statusCode).toBe(400);
    const fields = badFields.json<{ issues: { path: string[] }[] }>().issues.map((issue) => issue.path[0]);
    expect(new Set(fields)).toEqual(new Set(['serial', 'phone']));
    expect(await wholeState(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('a request refused at the allowance keeps none of its photos', async () => {
    const address = '203.0.113.124';
    for (let index = 0; index < 10; index++) {
      expect((await send('/api/service-requests', FIELDS, [], address)).statusCode).toBe(201);
    }
    const before = await wholeState(t);
    const refused = await send('/api/service-requests', FIELDS, [await pngFile('late.png')], address);
    expect(refused.statusCode).toBe(429);
    expect(await wholeState(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it('the plain form takes photos, and gives the form back asking for them again when one is refused', async () => {
    const ok = await send(
      SERVICE_FORM_ACTION,
      { ...FIELDS, locale: 'ta' },
      [await pngFile('form.png')],
      '203.0.113.125',
    );
    expect(ok.statusCode).toBe(200);
    const reference = /class="reference"[^>]*>(SR-[\d-]+)</.exec(ok.body)?.[1] ?? '';
    expect((await requestByReference(reference)).photos).toHaveLength(1);

    const before = await wholeState(t);
    const refused = await send(
      SERVICE_FORM_ACTION,
      { ...FIELDS, locale: 'ta' },
      [await pngFile('form.png'), notAnImage],
      '203.0.113.126',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('&quot;invoice.jpg&quot;: இதைப் படமாகப் படிக்க முடியவில்லை');
    expect(refused.body).toContain('புகைப்படங்கள் சேமிக்கப்படுவதில்லை: அவற்றை மீண்டும் தேர்ந்தெடுக்கவும்');
    expect(refused.body).toContain('value="Arul Prakash"');
    expect(await wholeState(t)).toEqual(before);

    const seven = await Promise.all(Array.from({ length: 7 }, (_u, index) => pngFile(`q${index}.png`)));
    const tooMany = await send(SERVICE_FORM_ACTION, { ...FIELDS, locale: 'hi' }, seven, '203.0.113.127');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.body).toContain('अधिकतम 6 फ़ोटो जोड़ी जा सकती हैं');
    expect(tooMany.body).toContain('value="Arul Prakash"');
    expect(await wholeState(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });
});
