import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart, pngFile, sendForm } from '../helpers/items';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * A cached page must cost a lookup and a write (decision 030): no in-process API request, no
 * compression per request. These count the renderer's in-process API requests and compare bytes.
 */
describe('cached server-rendered pages', () => {
  let t: TestApp;
  let token: string;
  let machine: { id: string };
  let part: { id: string };
  let inject: MockInstance<TestApp['app']['inject']>;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    // The renderer asks the API in process, through app.inject (the spy calls through).
    inject = vi.spyOn(t.app, 'inject');
    token = await t.login();
    machine = await createMachine(t, token, { name: 'NP-38 Capstan Lathe', featured: 'true' }, [await pngFile()]);
    part = await createPart(t, token, { name: 'Spring Collet 16 mm' });
  });

  afterAll(async () => {
    await t.close();
  });

  const apiCalls = () =>
    (inject.mock.calls as unknown[][]).filter((args) => {
      const options = args[0] as { url?: unknown } | undefined;
      return typeof options?.url === 'string' && options.url.startsWith('/api/');
    }).length;

  async function apiRequestsFor(url: string) {
    const before = apiCalls();
    const response = await t.app.inject({ method: 'GET', url });
    return { response, apiRequests: apiCalls() - before };
  }

  it('serves a page again without asking the API anything while nothing changed', async () => {
    for (const url of ['/', '/products', '/products?tab=spares', `/product/${machine.id}`, `/product/${part.id}`]) {
      const first = await apiRequestsFor(url);
      expect(first.response.statusCode, url).toBe(200);
      expect(first.apiRequests, url).toBeGreaterThan(0);
      const again = await apiRequestsFor(url);
      expect(again.response.statusCode, url).toBe(200);
      expect(again.apiRequests, url).toBe(0);
      expect(again.response.body).toBe(first.response.body);
    }
  });

  it('keeps an unknown product page cached as a 404 until the catalogue changes', async () => {
    const url = '/product/00000000-0000-4000-8000-000000000000';
    expect((await apiRequestsFor(url)).response.statusCode).toBe(404);
    const again = await apiRequestsFor(url);
    expect(again.response.statusCode).toBe(404);
    expect(again.apiRequests).toBe(0);
  });

  it('renders again after a catalogue write, a settings save and a review approval', async () => {
    const url = `/product/${part.id}`;
    await apiRequestsFor(url);
    const rename = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { name: 'Spring Collet 20 mm' });
    expect(rename.statusCode, rename.body).toBe(200);
    const renamed = await apiRequestsFor(url);
    expect(renamed.apiRequests).toBeGreaterThan(0);
    expect(renamed.response.body).toContain('Spring Collet 20 mm');

    const site = await t.app.inject({ method: 'GET', url: '/api/site' });
    const company = (site.json() as { company: Record<string, unknown> }).company;
    const save = await t.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      headers: bearer(token),
      payload: { ...company, tagline: 'Lathes that hold a tenth of a thou' },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect((await apiRequestsFor('/')).response.body).toContain('Lathes that hold a tenth of a thou');

    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: { rating: 5, text: 'The collets hold runout under five microns.', name: 'Senthil Kumar' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const review = sent.json() as { id: string };
    expect((await apiRequestsFor('/')).response.body).not.toContain('hold runout under five microns');
    const approve = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${review.id}`,
      headers: bearer(token),
      payload: { status: 'approved' },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    expect((await apiRequestsFor('/')).response.body).toContain('hold runout under five microns');
  });

  it('keeps `/` through a new price of a part that fits a featured machine: cards do not list parts', async () => {
    const fitted = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, {
      fits: JSON.stringify([machine.id]),
    });
    expect(fitted.statusCode, fitted.body).toBe(200);
    const before = await apiRequestsFor('/');
    const priced = await sendForm(t, token, 'PUT', `/api/spareparts/${part.id}/full`, { price: '1250' });
    expect(priced.statusCode, priced.body).toBe(200);
    const after = await apiRequestsFor('/');
    expect(after.response.body).toBe(before.response.body);
    expect(after.apiRequests).toBe(0);
    // The machine's own page lists the part, with its new price.
    const page = await apiRequestsFor(`/product/${machine.id}`);
    expect(page.response.body).toContain('Spring Collet');
    const api = await t.app.inject({ method: 'GET', url: `/api/products/${machine.id}` });
    expect((api.json() as { partsThatFit: { price: number | null }[] }).partsThatFit[0]?.price).toBe(1250);
  });

  it('answers a browser that holds the current page with 304, and a changed page with 200', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const etag = first.headers.etag;
    expect(typeof etag).toBe('string');
    expect(first.headers['cache-control']).toBe('no-cache');
    const revisit = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(etag) } });
    expect(revisit.statusCode).toBe(304);
    expect(revisit.body).toBe('');

    const notFound = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(notFound.statusCode).toBe(404);
    const notFoundAgain = await t.app.inject({
      method: 'GET',
      url: '/no-such-page',
      headers: { 'if-none-match': String(notFound.headers.etag) },
    });
    expect(notFoundAgain.statusCode).toBe(404);
  });

  it('sends the page compressed once: brotli and gzip bytes that decode to the same HTML', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    const br = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    const gzip = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // The same bytes each time: the variant is made once per page version, not per request.
    const brAgain = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(Buffer.compare(brAgain.rawPayload, br.rawPayload)).toBe(0);
  });
});
