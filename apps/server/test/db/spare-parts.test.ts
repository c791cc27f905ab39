import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createPart, partFields, pngFile, sendForm } from '../helpers/items';
import { imageStored, snapshot, tempFiles } from '../helpers/storage';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';
const MIN_SPECS_MESSAGE = 'Please provide at least 2 complete specifications (key and value).';

/** The part fields with `specifications` swapped for the older `specs` name. */
function fieldsWithSpecs(
  specs: Record<string, string>,
  overrides: Record<string, string> = {},
): Record<string, string> {
  const fields = Object.fromEntries(Object.entries(partFields(overrides)).filter(([key]) => key !== 'specifications'));
  return { ...fields, specs: JSON.stringify(specs) };
}

const getPart = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/spareparts/${id}` })).json<SparePart>();

describe('spare parts (/api/spareparts)', () => {
  it('creates a part from multipart `specifications` and answers with a `specs` map', async () => {
    const response = await sendForm(t, token, 'POST', '/api/spareparts', partFields({ featured: 'true' }), [
      await pngFile('collet.png'),
      await pngFile('collet-side.png', '#f97316'),
    ]);
    expect(response.statusCode).toBe(201);
    const part = response.json<SparePart>();
    expect(part.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(part).toMatchObject({
      name: 'Spring Collet 20 mm',
      description: 'Hardened spring steel collet for capstan lathes.',
      price: 1850,
      featured: true,
      specs: { Material: 'EN-31 spring steel', Bore: '20 mm' },
    });
    expect(part.specificationList).toEqual([
      { key: 'Material', value: 'EN-31 spring steel' },
      { key: 'Bore', value: '20 mm' },
    ]);
    expect(part.images).toHaveLength(2);
    expect(part.imageUrl).toBe(part.images[0]);
    for (const url of part.images) expect(await imageStored(t, url)).toBe(true);
    expect(await getPart(part.id)).toEqual(part);
  });

  it('also accepts `specs` instead of `specifications`', async () => {
    const response = await sendForm(
      t,
      token,
      'POST',
      '/api/spareparts',
      fieldsWithSpecs({ Thread: 'M12 x 1.5', Length: '45 mm', Finish: 'Black oxide' }, { name: 'Tool Post Bolt' }),
    );
    expect(response.statusCode).toBe(201);
    const part = response.json<SparePart>();
    expect(part.specs).toEqual({ Thread: 'M12 x 1.5', Length: '45 mm', Finish: 'Black oxide' });
    expect(part.specificationList.map((s) => s.key)).toEqual(['Thread', 'Length', 'Finish']);
    expect(part.images).toEqual([]);
    expect(part.imageUrl).toBeNull();
    expect(part.price).toBe(1850);
  });

  it('lists parts, reads one by id and lists only featured ones as featured', async () => {
    const plain = await createPart(t, token, { name: 'Chuck Key' });
    const featured = await createPart(t, token, { name: 'Feed Shaft Bush', featured: 'true' });

    const list = await t.app.inject({ method: 'GET', url: '/api/spareparts' });
    expect(list.statusCode).toBe(200);
    const ids = list.json<SparePart[]>().map((part) => part.id);
    expect(ids).toEqual(expect.arrayContaining([plain.id, featured.id]));

    const one = await t.app.inject({ method: 'GET', url: `/api/spareparts/${plain.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json<SparePart>()).toMatchObject({
      id: plain.id,
      name: 'Chuck Key',
      featured: false,
      specs: { Bore: '20 mm' },
    });

    const featuredList = (await t.app.inject({ method: 'GET', url: '/api/spareparts/featured' })).json<SparePart[]>();
    expect(featuredList.length).toBeGreaterThan(0);
    expect(featuredList.every((part) => part.featured)).toBe(true);
    expect(featuredList.map((part) => part.id)).toContain(featured.id);
    expect(featuredList.map((part) => part.id)).not.toContain(plain.id);
  });

  it('updates fully with multipart PUT /{id}/full, keeping chosen images and appending new ones', async () => {
    const part = await createPart(t, token, {}, [await pngFile('a.png'), await pngFile('b.png', '#00ff00')]);
    const [first, second] = part.images as [string, string];
    const response = await sendForm(
      t,
      token,
      'PUT',
      `/api/spareparts/${part.id}/full`,
      partFields({
        name: 'Spring Collet 22 mm',
        price: '2100',
        featured: 'true',
        specifications: JSON.stringify({ Material: 'EN-31', Bore: '22 mm', Hardness: '45-50 HRC' }),
        keepImages: JSON.stringify([second]),
      }),
      [await pngFile('c.png', '#0000ff')],
    );
    expect(response.statusCode).toBe(200);
    const updated = response.json<SparePart>();
    expect(updated).toMatchObject({
      id: part.id,
      name: 'Spring Collet 22 mm',
      price: 2100,
      featured: true,
      specs: { Material: 'EN-31', Bore: '22 mm', Hardness: '45-50 HRC' },
    });
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(second);
    expect(updated.images[1]).not.toBe(first);
    expect(await imageStored(t, first)).toBe(false);
    for (const url of updated.images) expect(await imageStored(t, url)).toBe(true);
    expect(await getPart(part.id)).toEqual(updated);

    // Without keepImages every current image stays; the update may also use `specs`.
    const again = await sendForm(
      t,
      token,
      'PUT',
      `/api/spareparts/${part.id}/full`,
      fieldsWithSpecs({ Material: 'EN-31', Bore: '22 mm' }, { name: 'Spring Collet 22 mm' }),
      [await pngFile('d.png')],
    );
    expect(again.statusCode).toBe(200);
    const appended = again.json<SparePart>();
    expect(appended.images.slice(0, 2)).toEqual(updated.images);
    expect(appended.images).toHaveLength(3);
    expect(appended.specs).toEqual({ Material: 'EN-31', Bore: '22 mm' });
  });

  it('switches only the featured flag with a JSON PUT and refuses any other field', async () => {
    const part = await createPart(t, token);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/spareparts/${part.id}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<SparePart>()).toMatchObject({ id: part.id, featured: true, name: part.name, price: 1850 });

    for (const payload of [
      { featured: false, name: 'hijack' },
      { featured: false, price: 1 },
      { name: 'hijack' },
      { featured: 'yes' },
    ]) {
      const refused = await t.app.inject({
        method: 'PUT',
        url: `/api/spareparts/${part.id}`,
        headers: bearer(token),
        payload,
      });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ message: expect.any(String), issues: expect.any(Array) });
    }
    expect(await getPart(part.id)).toMatchObject({ featured: true, name: part.name, price: 1850 });
  });

  it('deletes a part with its image files', async () => {
    const part = await createPart(t, token, {}, [await pngFile(), await pngFile('b.png', '#123456')]);
    for (const url of part.images) expect(await imageStored(t, url)).toBe(true);

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/spareparts/${part.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    for (const url of part.images) expect(await imageStored(t, url)).toBe(false);
    const rows = await t.ctx.db.selectFrom('images').select('id').where('item_id', '=', part.id).execute();
    expect(rows).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/spareparts/${part.id}` })).statusCode).toBe(404);
  });

  it('answers 404 for unknown ids on every route and 400 for malformed ones', async () => {
    const get = await t.app.inject({ method: 'GET', url: `/api/spareparts/${unknownId}` });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ message: expect.any(String) });

    const before = await snapshot(t);
    const full = await sendForm(t, token, 'PUT', `/api/spareparts/${unknownId}/full`, partFields(), [await pngFile()]);
    expect(full.statusCode).toBe(404);
    expect(full.json()).toEqual({ message: expect.any(String) });
    expect(await snapshot(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);

    const featured = await t.app.inject({
      method: 'PUT',
      url: `/api/spareparts/${unknownId}`,
      headers: bearer(token),
      payload: { featured: true },
    });
    expect(featured.statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/spareparts/${unknownId}`, headers: bearer(token) });
    expect(del.statusCode).toBe(404);

    const malformed = await t.app.inject({ method: 'GET', url: '/api/spareparts/not-a-uuid' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('issues');
  });

  it('refuses every write without a valid token and changes nothing', async () => {
    const part = await createPart(t, token, { name: 'Guarded Part' });
    const before = await snapshot(t);
    const attempts = [
      await sendForm(t, null, 'POST', '/api/spareparts', partFields(), [await pngFile()]),
      await sendForm(t, null, 'PUT', `/api/spareparts/${part.id}/full`, partFields({ name: 'x' }), [await pngFile()]),
      await t.app.inject({ method: 'PUT', url: `/api/spareparts/${part.id}`, payload: { featured: true } }),
      await t.app.inject({ method: 'DELETE', url: `/api/spareparts/${part.id}` }),
      await t.app.inject({
        method: 'DELETE',
        url: `/api/spareparts/${part.id}`,
        headers: { authorization: 'Bearer forged-token-forged-token-forged' },
      }),
      await t.app.inject({ method: 'DELETE', url: `/api/spareparts/${part.id}`, headers: { authorization: token } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required' });
    }
    expect(await snapshot(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
    expect(await getPart(part.id)).toMatchObject({ name: 'Guarded Part', featured: false });
  });

  it('refuses fewer than 2 complete specifications with 400 and issues, on create and update', async () => {
    const part = await createPart(t, token, { name: 'Spec Guard' });
    const before = await snapshot(t);
    const cases: Record<string, string>[] = [
      partFields({ specifications: JSON.stringify({ Material: 'EN-31' }) }),
      partFields({ specifications: JSON.stringify({ Material: 'EN-31', Bore: '  ' }) }),
      partFields({ specifications: JSON.stringify({}) }),
      fieldsWithSpecs({ Material: 'EN-31' }),
      Object.fromEntries(Object.entries(partFields()).filter(([key]) => key !== 'specifications')),
    ];
    for (const fields of cases) {
      const created = await sendForm(t, token, 'POST', '/api/spareparts', fields, [await pngFile()]);
      expect(created.statusCode, JSON.stringify(fields)).toBe(400);
      const body = created.json<{ message: string; issues: { path: (string | number)[] }[] }>();
      expect(body.message).toEqual(expect.any(String));
      expect(body.issues.length).toBeGreaterThan(0);

      // An update without specifications keeps the stored ones (item-updates-keep-fields.test.ts).
      if (!('specifications' in fields) && !('specs' in fields)) continue;
      const updated = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, fields);
      expect(updated.statusCode, JSON.stringify(fields)).toBe(400);
    }
    const one = await sendForm(
      t,
      token,
      'POST',
      '/api/spareparts',
      partFields({ specifications: '{"Material":"EN-31"}' }),
    );
    expect(one.json()).toEqual({
      message: MIN_SPECS_MESSAGE,
      issues: [{ path: ['specifications'], message: MIN_SPECS_MESSAGE }],
    });
    expect(await snapshot(t)).toEqual(before);
    expect(tempFiles(t)).toEqual([]);
    expect((await getPart(part.id)).specs).toEqual({ Material: 'EN-31 spring steel', Bore: '20 mm' });
  });
});

describe('the spare parts list', () => {
  it('sends each part without what only its details need, in the catalogue name order', async () => {
    const names = ['Zeta Gib Strip 10', 'zeta gib strip 9', 'Alpha Collet 100', 'alpha collet 20'];
    const created: { id: string }[] = [];
    for (const name of names) created.push(await createPart(t, token, { name }, [await pngFile('gib.png')]));

    const list = (await t.app.inject({ method: 'GET', url: '/api/spareparts' })).json<Record<string, unknown>[]>();
    const ours = list.filter((entry) => names.includes(entry.name as string)).map((entry) => entry.name);
    // Numbers compare as numbers and case is ignored (SPEC §5), unlike SQL's byte order.
    expect(ours).toEqual(['alpha collet 20', 'Alpha Collet 100', 'zeta gib strip 9', 'Zeta Gib Strip 10']);

    const entry = list.find((item) => item.id === created[0]!.id)!;
    const full = await getPart(created[0]!.id);
    for (const field of ['specificationList', 'createdAt', 'updatedAt']) expect(entry).not.toHaveProperty(field);
    expect(entry).toMatchObject({ name: full.name, specs: full.specs, images: full.images, imageUrl: full.imageUrl });
    expect(entry.media).toEqual(full.media.map(({ thumbnailUrl, width, height }) => ({ thumbnailUrl, width, height })));
    // The sizes a list leaves out are derivable from the large URL (packages/shared/src/image-sizes.ts).
    expect(full.media[0]!.variants!.map((size) => size.url)).toEqual([
      full.images[0]!.replace('.webp', '-thumb.webp'),
      full.images[0]!.replace('.webp', '-960.webp'),
      full.images[0],
    ]);
  });
});
