import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOT_AN_IMAGE_REASON,
  refusedFileMessage,
  SERVICE_PHOTO_NOT_KEPT_MESSAGE,
  SERVICE_PHOTO_TWICE_MESSAGE,
  SERVICE_PHOTO_UPLOAD_LIMIT,
  SERVICE_PHOTOS_URL,
  SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE,
  type LandingContent,
  type PublicSiteSettings,
  type ServiceRequest,
  type ServiceRequestListResponse,
  type ServiceRequestPhoto,
} from '@capstan/shared';
import { sweepOrphanImageFiles } from '../../src/modules/images/sweep-orphan-files';
import { sweepUnattachedImages, UNATTACHED_IMAGE_TTL_MS } from '../../src/modules/images/sweep-unattached';
import { SERVICE_PHOTO_ATTACHABLE_MS } from '../../src/modules/service-requests/service-request-photos';
import { scriptFile } from '../helpers/images';
import { createMachine, pngFile, uploadImages } from '../helpers/items';
import { multipart, type MultipartFile } from '../helpers/multipart';
import { wholeState } from '../helpers/staff';
import { imageIdOf, imageStored, tempFiles } from '../helpers/storage';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

/** Photos uploaded while the buyer types, then named by the request (`photoIds`). */

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
}, 60_000);
afterAll(async () => t.close());

const FIELDS = {
  serial: 'KPM-6120',
  phone: '+91 90030 44556',
  name: 'Arul Prakash',
  symptom: 'Turret does not index; photos of the alarm attached.',
  locale: 'en',
};

let addressSeed = 10;
/** A client address of its own per test, so the allowances of one never spill into another. */
const freshAddress = () => `198.51.100.${addressSeed++}`;

async function uploadPhoto(
  remoteAddress: string,
  files: readonly MultipartFile[] | MultipartFile,
  fields: Record<string, string> = {},
) {
  const body = await multipart(fields, Array.isArray(files) ? files : [files]);
  return t.app.inject({
    method: 'POST',
    url: SERVICE_PHOTOS_URL,
    payload: body.payload,
    headers: body.headers,
    remoteAddress,
  });
}

async function uploaded(remoteAddress: string, name: string, color = '#1e40af'): Promise<ServiceRequestPhoto> {
  const response = await uploadPhoto(remoteAddress, await pngFile(name, color));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ServiceRequestPhoto>();
}

/** The request as multipart with its photo ids in one comma-separated field, as the app sends it. */
async function sendRequest(remoteAddress: string, photoIds: readonly string[], fields: Record<string, string> = {}) {
  const body = await multipart({ ...FIELDS, ...fields, photoIds: photoIds.join(',') });
  return t.app.inject({
    method: 'POST',
    url: '/api/service-requests',
    payload: body.payload,
    headers: body.headers,
    remoteAddress,
  });
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

const imageRow = (id: string) =>
  t.ctx.db
    .selectFrom('images')
    .select(['item_id', 'service_request_id', 'position'])
    .where('id', '=', id)
    .executeTakeFirst();

describe('POST /api/service-requests/photos', () => {
  it('keeps one photo through the image pipeline as an upload of no item and no request', async () => {
    const response = await uploadPhoto(freshAddress(), await pngFile('alarm.png'), { locale: 'ta' });
    expect(response.statusCode, response.body).toBe(201);
    const photo = response.json<ServiceRequestPhoto>();
    expect(Object.keys(photo).sort()).toEqual(['height', 'id', 'thumbUrl', 'url', 'width']);
    expect(photo.url).toBe(`/uploads/${photo.id}.webp`);
    expect(photo.thumbUrl).toBe(`/uploads/${photo.id}-thumb.webp`);
    expect([photo.width, photo.height]).toEqual([64, 48]);
    expect(await imageStored(t, photo.url)).toBe(true);
    expect(await imageRow(photo.id)).toEqual({ item_id: null, service_request_id: null, position: 0 });
    expect(tempFiles(t)).toEqual([]);
  });

  it('refuses what is not one readable photo, and keeps nothing', async () => {
    const address = freshAddress();
    const before = await wholeState(t);
    const notAnImage = await uploadPhoto(address, { name: 'invoice.jpg', type: 'image/jpeg', data: scriptFile });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json()).toEqual({ message: refusedFileMessage('invoice.jpg', NOT_AN_IMAGE_REASON) });

    const two = await uploadPhoto(address, [await pngFile('a.png'), await pngFile('b.png')]);
    expect(two.statusCode).toBe(413);
    const none = await uploadPhoto(address, [], { locale: 'en' });
    expect(none.statusCode).toBe(400);
    const extra = await uploadPhoto(address, await pngFile('c.png'), { serial: 'KPM-1' });
    expect(extra.statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: SERVICE_PHOTOS_URL,
      payload: { images: 'x' },
      remoteAddress: address,
    });
    expect(json.statusCode).toBe(415);

    expect(await wholeState(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
  });

  it(`takes ${SERVICE_PHOTO_UPLOAD_LIMIT} photos an hour from one address, then says so in the page's language`, async () => {
    const address = freshAddress();
    for (let index = 0; index < SERVICE_PHOTO_UPLOAD_LIMIT; index++) {
      const response = await uploadPhoto(address, await pngFile(`p${index}.png`));
      expect(response.statusCode, response.body).toBe(201);
    }
    const first = await uploadPhoto(address, await pngFile('late.png'), { locale: 'ta' });
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(3000);
    expect(first.json<{ message: string }>().message).toMatch(
      /^கடந்த ஒரு மணி நேரத்தில் .*புகைப்படங்கள் வந்துள்ளன.* \+91 98430 12345/,
    );
    // (The first refusal read the company's phones, which stores its default settings once.)
    const before = await wholeState(t);
    const refused = await uploadPhoto(address, await pngFile('later.png'), { locale: 'hi' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toContain('कई फ़ोटो आई हैं');
    // Refused uploads used nothing up, and kept no image, row or file.
    expect(await wholeState(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);

    // The photos' allowance is not the requests': the same address still sends its request.
    const sent = await sendRequest(address, []);
    expect(sent.statusCode, sent.body).toBe(201);
    // Another address is not held back.
    expect((await uploadPhoto(freshAddress(), await pngFile('other.png'))).statusCode).toBe(201);
  });
});

describe('a request naming photos uploaded ahead', () => {
  it('takes them in the order named; staff see them with their addresses', async () => {
    const address = freshAddress();
    const first = await uploaded(address, 'nameplate.png', '#0f766e');
    const second = await uploaded(address, 'alarm.png', '#b91c1c');
    const third = await uploaded(address, 'turret.png', '#7c3aed');
    const response = await sendRequest(address, [third.id, first.id, second.id]);
    expect(response.statusCode, response.body).toBe(201);

    const request = await requestByReference(response.json<{ reference: string }>().reference);
    expect(request.photos).toEqual([third, first, second]);
    for (const photo of request.photos) expect(await imageStored(t, photo.url)).toBe(true);
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${request.id}`,
      headers: bearer(token),
    });
    expect(single.json<ServiceRequest>().photos.map((photo) => photo.id)).toEqual([third.id, first.id, second.id]);
    expect(await imageRow(third.id)).toEqual({ item_id: null, service_request_id: request.id, position: 0 });
    expect(await imageRow(second.id)).toEqual({ item_id: null, service_request_id: request.id, position: 2 });
  });

  it('as a JSON array too', async () => {
    const address = freshAddress();
    const photo = await uploaded(address, 'json.png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      payload: { ...FIELDS, photoIds: [photo.id] },
      remoteAddress: address,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect((await requestByReference(response.json<{ reference: string }>().reference)).photos).toEqual([photo]);
  });

  it('refuses a photo another request took, an item’s image, the hero picture or a made-up id, storing nothing', async () => {
    const address = freshAddress();
    const taken = await uploaded(address, 'taken.png');
    expect((await sendRequest(address, [taken.id])).statusCode).toBe(201);
    const machine = await createMachine(t, token, {}, [await pngFile('lathe.png')]);
    const itemImage = imageIdOf(machine.images[0] ?? '');
    const [heroUrl] = await uploadImages(t, token, [await pngFile('works.png', '#0f766e')]);
    const landing = (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>().landing;
    const hero: LandingContent = {
      ...landing,
      hero: { ...landing.hero, picture: { url: heroUrl ?? '', alt: 'Works', width: 64, height: 48 } },
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/site/landing',
      payload: hero,
      headers: bearer(token),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fresh = await uploaded(address, 'fresh.png');

    const cases: [string, string][] = [
      ['taken by another request', taken.id],
      ['an item’s image', itemImage],
      ['the hero picture', imageIdOf(heroUrl ?? '')],
      ['made up', '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f'],
    ];
    const before = await wholeState(t);
    for (const [what, id] of cases) {
      const refused = await sendRequest(address, [fresh.id, id]);
      expect(refused.statusCode, what).toBe(400);
      expect(refused.json(), what).toEqual({
        message: SERVICE_PHOTO_NOT_KEPT_MESSAGE,
        issues: [{ path: ['photoIds', 1], message: SERVICE_PHOTO_NOT_KEPT_MESSAGE }],
      });
    }
    const notAnId = await sendRequest(address, ['photo-1']);
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json<{ issues: unknown[] }>().issues).toEqual([
      { path: ['photoIds', 0], message: SERVICE_PHOTO_NOT_KEPT_MESSAGE },
    ]);
    const twice = await sendRequest(address, [fresh.id, fresh.id]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json<{ issues: unknown[] }>().issues).toEqual([
      { path: ['photoIds'], message: SERVICE_PHOTO_TWICE_MESSAGE },
    ]);
    // Nothing stored: no request, no reference used, no photo taken, the allowance untouched.
    expect(await wholeState(t)).toEqual(before);
    expect(await imageRow(fresh.id)).toEqual({ item_id: null, service_request_id: null, position: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/site' })).json<PublicSiteSettings>().landing.hero.picture,
    ).toMatchObject({ url: heroUrl });

    // The photo refused with the others is still there to send again.
    const again = await sendRequest(address, [fresh.id]);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses a photo uploaded too long ago for the sweep to spare, and more than six photos in all', async () => {
    const address = freshAddress();
    const old = await uploaded(address, 'old.png');
    await t.ctx.db
      .updateTable('images')
      .set({ created_at: new Date(Date.now() - SERVICE_PHOTO_ATTACHABLE_MS - 60_000).toISOString() })
      .where('id', '=', old.id)
      .execute();
    const stale = await sendRequest(address, [old.id]);
    expect(stale.statusCode).toBe(400);
    expect(stale.json<{ issues: unknown[] }>().issues).toEqual([
      { path: ['photoIds', 0], message: SERVICE_PHOTO_NOT_KEPT_MESSAGE },
    ]);
    expect(await imageRow(old.id)).toEqual({ item_id: null, service_request_id: null, position: 0 });

    const seven = await Promise.all(Array.from({ length: 7 }, (_unused, index) => uploaded(address, `s${index}.png`)));
    const beforeSeven = await wholeState(t);
    const tooMany = await sendRequest(
      address,
      seven.map((photo) => photo.id),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ issues: unknown[] }>().issues).toEqual([
      { path: ['photoIds'], message: SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE },
    ]);
    // Six ids and one file: still seven photos.
    const body = await multipart(
      {
        ...FIELDS,
        photoIds: seven
          .slice(0, 6)
          .map((photo) => photo.id)
          .join(','),
      },
      [await pngFile('extra.png')],
    );
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      payload: body.payload,
      headers: body.headers,
      remoteAddress: address,
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ message: SERVICE_REQUEST_TOO_MANY_PHOTOS_MESSAGE });
    expect(await wholeState(t)).toEqual(beforeSeven);
    expect(tempFiles(t)).toEqual([]);
  });
});

describe('the sweep of unattached uploads', () => {
  it('removes a photo uploaded ahead that no request took, never one a request took', async () => {
    const address = freshAddress();
    const abandoned = await uploaded(address, 'abandoned.png');
    const kept = await uploaded(address, 'kept.png');
    const sent = await sendRequest(address, [kept.id]);
    expect(sent.statusCode, sent.body).toBe(201);

    // Within the day both stay: the buyer may still send the form.
    await sweepUnattachedImages(t.ctx);
    expect(await imageRow(abandoned.id)).toBeDefined();

    const later = new Date(Date.now() + UNATTACHED_IMAGE_TTL_MS + 60_000);
    await sweepUnattachedImages(t.ctx, later);
    await sweepOrphanImageFiles(t.ctx, later);
    expect(await imageRow(abandoned.id)).toBeUndefined();
    expect(await imageStored(t, abandoned.url)).toBe(false);
    expect(await imageRow(kept.id)).toMatchObject({ service_request_id: expect.any(String) });
    expect(await imageStored(t, kept.url)).toBe(true);
  });
});
