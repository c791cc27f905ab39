import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { writeStandInManifest } from '../helpers/stand-in-build';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
  expect(directives.get('script-src')).toContain("'self'");
  expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
  expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  // Browsers without CSP level 2 read only this one: it must say the same as frame-ancestors.
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(String(response.headers['strict-transport-security'])).toMatch(/max-age=31536000/);
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('platform', () => {
  it('GET /api/health reports the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', uploads: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends security headers on API answers and on 404s', async () => {
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/products' }));
    expectSecurityHeaders(await t.app.inject({ method: 'GET', url: '/api/x' }));
    expectSecurityHeaders(await t.app.inject({ method: 'POST', url: '/api/x' }));
  });

  it('answers an unknown API path with a JSON 404, or 401 for a write without a token', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/x' });
    expect(get.statusCode).toBe(404);
    expect(get.headers['content-type']).toMatch(/^application\/json/);
    expect(get.json()).toEqual({ message: expect.any(String) });

    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const write = await t.app.inject({ method, url: '/api/x' });
      expect(write.statusCode, method).toBe(401);
      expect(write.json()).toEqual({ message: 'Authentication required' });
    }
  });

  it('answers malformed, oversized or wrongly typed bodies with a 4xx {message}', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "staff@example.com", "password":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: expect.any(String) });

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.any(String) });

    const unparsed = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { 'content-type': 'application/xml' },
      payload: '<inquiry/>',
    });
    expect(unparsed.statusCode).toBe(415);
    expect(unparsed.json()).toEqual({ message: expect.any(String) });

    // Plain text is read as a string, which is not an inquiry object.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('a failing database', () => {
  let broken: TestApp;

  beforeAll(async () => {
    broken = await createTestApp();
    await broken.database.destroy();
  });
  afterAll(async () => broken.close());

  it('answers 500 with exactly {message: "Internal Server Error"} and nothing of the cause', async () => {
    for (const url of ['/api/products', '/api/spareparts/featured']) {
      const response = await broken.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: 'Internal Server Error' });
      expect(response.body).toBe('{"message":"Internal Server Error"}');
    }
    // The health check names the failing part (for monitors), still without the cause.
    const health = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'failing', database: 'failing', uploads: 'ok' });
    expect(health.body).not.toMatch(/sqlite|database connection|destroyed|Error:/i);
    // A public write fails the same way: no SQL, stack or driver text.
    const inquiry = await broken.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: { firstName: 'A', lastName: 'B', email: 'a@example.in', phone: '0422 255 1234', message: 'Hi' },
    });
    expect(inquiry.statusCode).toBe(500);
    expect(inquiry.body).toBe('{"message":"Internal Server Error"}');
  });
});

describe('serving the built web app', () => {
  let web: TestApp;
  let distDir: string;
  const indexHtml =
    '<!doctype html><html><head><!--app-head--><title>Capstan</title><!--/app-head--></head>' +
    '<body><div id="root"><!--app-html--></div><!--app-data--></body></html>';
  // A stand-in for the built server renderer: it names the URL it rendered.
  const entrySource = `export async function render(url) {
    return { kind: 'page', status: 200, page: { kind: 'catalogue' }, html: '<p>rendered ' + new URL(url).pathname + '</p>', dataJson: '{}', lazyModules: [] };
  }`;
  const smallJs = 'console.log("app");\n';
  const bigJs = Array.from({ length: 4000 }, (_, i) => `export const value${i} = ${i} * 2; // padding line\n`).join('');

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capstan-web-'));
    fs.mkdirSync(path.join(distDir, 'assets'));
    fs.writeFileSync(path.join(distDir, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(distDir, 'entry-server.mjs'), entrySource);
    writeStandInManifest(distDir);
    fs.writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), smallJs);
    fs.writeFileSync(path.join(distDir, 'assets', 'vendor-def456.js'), bigJs);
    // As the web build writes them beside its assets (apps/web/precompress-assets.ts).
    fs.writeFileSync(path.join(distDir, 'assets', 'router-0a1b2c.js'), bigJs);
    fs.writeFileSync(path.join(distDir, 'assets', 'router-0a1b2c.js.br'), zlib.brotliCompressSync(bigJs));
    fs.writeFileSync(path.join(distDir, 'assets', 'router-0a1b2c.js.gz'), zlib.gzipSync(bigJs, { level: 9 }));
    web = await createTestApp({ webDistDir: distDir, webSsrEntry: path.join(distDir, 'entry-server.mjs') });
  });
  afterAll(async () => {
    await web.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('answers public routes with the rendered page and admin routes with the shell, not cached', async () => {
    for (const url of ['/', '/products', '/product/x', '/products?tab=spares']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      const pathname = url.split('?')[0] ?? '';
      expect(response.body, url).toContain(`<div id="root"><p>rendered ${pathname}</p></div>`);
      expect(response.body, url).toContain('<script type="application/json" id="app-data">{}</script>');
      expectSecurityHeaders(response);
    }
    for (const url of ['/admin/dashboard', '/admin/products/edit/123']) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['x-robots-tag'], url).toBe('noindex');
      expect(response.body, url).toContain('<div id="root"></div>');
      expect(response.body, url).not.toContain('app-data');
    }
    const head = await web.app.inject({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('serves hashed assets as immutable', async () => {
    const response = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.body).toBe(smallJs);
  });

  it('never answers /api, /uploads or a missing file with index.html', async () => {
    for (const url of [
      '/api/nope',
      '/api/products/x/y',
      '/uploads/nope.webp',
      '/assets/missing-000000.js',
      // The page template is never served raw.
      '/index.html',
    ]) {
      const response = await web.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toEqual({ message: expect.any(String) });
      expect(response.body).not.toContain('<html');
    }
  });

  it('gzips a large JavaScript asset when the browser accepts it', async () => {
    const zipped = await web.app.inject({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(Buffer.byteLength(bigJs) / 2);
    expect(zlib.gunzipSync(zipped.rawPayload).toString()).toBe(bigJs);

    const plain = await web.app.inject({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigJs);
  });

  it("sends the build's precompressed file as it is when there is one, and the plain file otherwise", async () => {
    const brotli = fs.readFileSync(path.join(distDir, 'assets', 'router-0a1b2c.js.br'));
    const gzip = fs.readFileSync(path.join(distDir, 'assets', 'router-0a1b2c.js.gz'));
    const url = '/assets/router-0a1b2c.js';

    const br = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    // The file's own bytes, not a second compression of them.
    expect(br.rawPayload.equals(brotli)).toBe(true);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigJs);

    const gz = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzip)).toBe(true);

    const plain = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bigJs);
  });
});
