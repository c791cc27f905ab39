import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS } from '@capstan/shared';
import { hashToken } from '../../../src/modules/auth/session-token';
import { insertSession } from '../../../src/modules/auth/sessions.repository';
import { findUserByEmail } from '../../../src/modules/auth/users.repository';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, createTestApp, type TestApp } from '../../helpers/test-app';
import { createMachine, createPart, machineFields, partFields, pngFile } from '../../helpers/items';
import { multipart } from '../../helpers/multipart';
import { databaseState } from './helpers/db-snapshot';
import { listRoutes, type RouteEntry, WRITE_METHODS } from './helpers/route-list';

/**
 * Writes anyone may send (`POST /contact` is the contact form without JavaScript, decision 015).
 * Any other write route must demand a session: a new one is covered automatically.
 */
const PUBLIC_WRITES = new Set([
  'POST /api/auth/login',
  'POST /api/auth/login/totp',
  'POST /api/inquiries',
  'POST /contact',
  // A visitor's review, as JSON and as the plain form.
  'POST /api/reviews',
  'POST /review',
  // The quote list's buttons without JavaScript: they change the visitor's own cookie, nothing stored.
  'POST /quote/lines',
  // A buyer's reply to a sent quotation: the unguessable token in the path is the permission.
  'POST /q/:token/accept',
  'POST /q/:token/changes',
  // My machine: a buyer asks for a code, trades it for a session of their own (not a staff one), and ends it.
  'POST /api/my-machine/code',
  'POST /api/my-machine/session',
  'POST /api/my-machine/sign-out',
  // A buyer raises a service request, as JSON (or multipart with photos) and as the plain form.
  'POST /api/service-requests',
  'POST /service',
  // Its photos, uploaded one by one while the buyer types (kept unattached until a request names them).
  'POST /api/service-requests/photos',
]);

type Method = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let t: TestApp;
let token: string;
let userId: string;
const ids: Record<string, string> = {};
let requestsSent = 0;

interface Body {
  payload?: Buffer | string;
  headers: Record<string, string>;
}
const bodies = new Map<string, Body>();

const json = (value: unknown): Body => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  userId = (await findUserByEmail(t.ctx.db, ADMIN_EMAIL))!.id;
  ids['/api/products'] = (await createMachine(t, token)).id;
  ids['/api/spareparts'] = (await createPart(t, token)).id;
  const service = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Target service', description: 'Will not change' },
    headers: bearer(token),
  });
  ids['/api/services'] = (service.json() as { id: string }).id;
  const inquiry = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '+91 98765 43210', message: 'Hello' },
  });
  ids['/api/inquiries'] = (inquiry.json() as { id: string }).id;

  // Bodies that would succeed with a session, so only authentication stands in the way.
  const machineForm = await multipart(machineFields({ name: 'Bypass' }), [await pngFile()]);
  const partForm = await multipart(partFields({ name: 'Bypass' }), [await pngFile()]);
  const imageForm = await multipart({}, [await pngFile()]);
  bodies.set('POST /api/products', machineForm);
  bodies.set('POST /api/spareparts', partForm);
  bodies.set('PUT /api/spareparts/:id/full', partForm);
  bodies.set('POST /api/upload-images', imageForm);
  bodies.set('PUT /api/products/:id', json({ featured: true }));
  bodies.set('PUT /api/spareparts/:id', json({ featured: true }));
  bodies.set('PUT /api/services/:id', json({ featured: true }));
  bodies.set('POST /api/services', json({ name: 'Bypass', description: 'Bypass' }));
  bodies.set('PUT /api/services/:id/full', json({ name: 'Bypass', description: 'Bypass' }));
  bodies.set('PATCH /api/inquiries/:id', json({ status: 'closed' }));
  bodies.set(
    'POST /api/auth/password',
    json({ currentPassword: ADMIN_PASSWORD, newPassword: 'a brand new passphrase 42' }),
  );
});
afterAll(async () => {
  console.info(`access matrix: ${requestsSent} requests`);
  await t.close();
});

/** The route pattern with real ids, so a request that got through would really change something. */
function concreteUrl(route: RouteEntry): string {
  return route.url.replace(/^(\/api\/[a-z-]+)\/:id/, (_, base: string) => `${base}/${ids[base] ?? randomUUIDLike()}`);
}
const randomUUIDLike = () => '3f0c1d2e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';

const bodyFor = (route: RouteEntry): Body => bodies.get(`${route.method} ${route.url}`) ?? json({});

async function insertRawSession(lastSeenAgoMs: number, expiresInMs: number): Promise<string> {
  const raw = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertSession(t.ctx.db, {
    tokenHash: hashToken(raw),
    userId,
    now: new Date(now - lastSeenAgoMs).toISOString(),
    expiresAt: new Date(now + expiresInMs).toISOString(),
  });
  return raw;
}

let revokedToken = '';

interface Credential {
  name: string;
  apply: () => Promise<{ headers: Record<string, string>; query: string }>;
}

const oneCharChanged = (value: string) => `${value.slice(0, -1)}${value.endsWith('A') ? 'B' : 'A'}`;

const CREDENTIALS: Credential[] = [
  { name: 'no token', apply: async () => ({ headers: {}, query: '' }) },
  {
    name: 'expired (past its 12 h)',
    apply: async () => ({ headers: bearer(await insertRawSession(60_000, -1000)), query: '' }),
  },
  {
    name: 'idle for over 2 h',
    apply: async () => ({
      headers: bearer(await insertRawSession(SESSION_IDLE_TTL_MS + 1000, SESSION_ABSOLUTE_TTL_MS)),
      query: '',
    }),
  },
  { name: 'revoked (logged out)', apply: async () => ({ headers: bearer(revokedToken), query: '' }) },
  { name: 'forged 64 hex', apply: async () => ({ headers: bearer(randomBytes(32).toString('hex')), query: '' }) },
  { name: 'valid with one char changed', apply: async () => ({ headers: bearer(oneCharChanged(token)), query: '' }) },
  {
    name: 'Basic with the password',
    apply: async () => ({
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN_EMAIL}:${ADMIN_PASSWORD}`).toString('base64')}` },
      query: '',
    }),
  },
  { name: 'Basic with the token', apply: async () => ({ headers: { authorization: `Basic ${token}` }, query: '' }) },
  { name: 'Token scheme', apply: async () => ({ headers: { authorization: `Token ${token}` }, query: '' }) },
  { name: 'bearer without a token', apply: async () => ({ headers: { authorization: 'Bearer' }, query: '' }) },
  { name: 'two tokens', apply: async () => ({ headers: { authorization: `Bearer ${token} ${token}` }, query: '' }) },
  { name: 'token in the query', apply: async () => ({ headers: {}, query: `token=${token}&access_token=${token}` }) },
  {
    name: 'token in a cookie',
    apply: async () => ({ headers: { cookie: `token=${token}; session=${token}` }, query: '' }),
  },
];

function withQuery(url: string, query: string): string {
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

async function send(method: Method, url: string, body: Body, extraHeaders: Record<string, string> = {}) {
  requestsSent++;
  const response = await t.app.inject({
    method,
    url,
    payload: method === 'GET' || method === 'HEAD' ? undefined : body.payload,
    headers: { ...body.headers, ...extraHeaders },
  });
  return response;
}

let writeRoutes: RouteEntry[];
let adminReads: RouteEntry[];

describe('access matrix', () => {
  beforeAll(async () => {
    const routes = listRoutes(t.app);
    writeRoutes = routes.filter((r) => WRITE_METHODS.has(r.method) && !PUBLIC_WRITES.has(`${r.method} ${r.url}`));
    // A read is an admin read when it refuses an anonymous caller.
    adminReads = [];
    for (const route of routes.filter((r) => r.method === 'GET' && !r.url.includes('*'))) {
      const response = await send('GET', concreteUrl(route), json({}));
      if (response.statusCode === 401) adminReads.push(route);
    }
    const revoked = await t.login();
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(revoked) });
    expect(logout.statusCode).toBe(200);
    revokedToken = revoked;
  });

  it('finds the write routes from the instance itself', () => {
    const names = writeRoutes.map((r) => `${r.method} ${r.url}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/products',
        'PUT /api/products/:id',
        'DELETE /api/products/:id',
        'POST /api/spareparts',
        'PUT /api/spareparts/:id/full',
        'POST /api/services',
        'PUT /api/services/:id/full',
        'POST /api/upload-images',
        'PATCH /api/inquiries/:id',
        'POST /api/auth/logout',
      ]),
    );
    expect(adminReads.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/inquiries', '/api/auth/me']));
  });

  it('every non-public write answers 401 {message} to every kind of missing, dead or forged credential', async () => {
    const before = await databaseState(t);
    const successes: string[] = [];
    for (const route of [...writeRoutes, ...adminReads]) {
      for (const credential of CREDENTIALS) {
        const { headers, query } = await credential.apply();
        const response = await send(
          route.method as Method,
          withQuery(concreteUrl(route), query),
          bodyFor(route),
          headers,
        );
        if (response.statusCode !== 401 || !(response.json() as { message?: string }).message) {
          successes.push(`${route.method} ${route.url} [${credential.name}] → ${response.statusCode}`);
        }
      }
    }
    console.info(`access matrix: ${writeRoutes.length + adminReads.length} routes × ${CREDENTIALS.length} credentials`);
    expect(successes).toEqual([]);
    expect(await databaseState(t)).toEqual(before);
  });

  it('path and method tricks never reach a write without a session', async () => {
    const before = await databaseState(t);
    const unexpected: string[] = [];
    let variants = 0;
    for (const route of writeRoutes) {
      const url = concreteUrl(route);
      const method = route.method as Method;
      const body = bodyFor(route);
      const tricks: { name: string; method: Method; url: string; headers?: Record<string, string> }[] = [
        { name: 'trailing slash', method, url: `${url}/` },
        { name: 'double slash', method, url: url.replace('/api/', '//api/') },
        { name: 'inner double slash', method, url: url.replace(/\/([^/]+)$/, '//$1') },
        { name: 'encoded slash', method, url: url.replace(/\/([^/]+)$/, '%2F$1') },
        { name: 'dot segment', method, url: url.replace('/api/', '/api/./') },
        { name: 'encoded dot segment', method, url: url.replace('/api/', '/api/%2e/') },
        { name: 'upper-case path', method, url: url.toUpperCase() },
        { name: 'semicolon suffix', method, url: `${url};x=1` },
        { name: 'HEAD', method: 'HEAD', url },
        { name: 'OPTIONS', method: 'OPTIONS', url },
        ...(['X-HTTP-Method-Override', 'X-HTTP-Method', 'X-Method-Override'] as const).flatMap((header) => [
          { name: `GET + ${header}`, method: 'GET' as Method, url, headers: { [header]: method } },
          { name: `POST + ${header}`, method: 'POST' as Method, url, headers: { [header]: method } },
        ]),
      ];
      for (const trick of tricks) {
        for (const headers of [{}, bearer(randomBytes(32).toString('hex'))]) {
          variants++;
          const response = await send(trick.method, trick.url, body, { ...trick.headers, ...headers });
          const status = response.statusCode;
          const isWrite = WRITE_METHODS.has(trick.method);
          // A read may succeed (GET with an override header is still a GET); a write may not, and nothing may crash.
          if (status >= 500 || (isWrite && status < 400)) {
            unexpected.push(`${trick.method} ${trick.url} (${trick.name}) → ${status}`);
          }
        }
      }
    }
    console.info(
      `access matrix: ${writeRoutes.length} write routes × ${variants / writeRoutes.length} path/method variants`,
    );
    expect(unexpected).toEqual([]);
    expect(await databaseState(t)).toEqual(before);
  });

  it('a valid session still works, so the refusals above are about the credential', async () => {
    const response = await send(
      'PUT',
      `/api/products/${ids['/api/products']}`,
      json({ featured: true }),
      bearer(token),
    );
    expect(response.statusCode).toBe(200);
    // RFC 7235: the scheme name is case-insensitive, so "bearer" is the same credential.
    const lower = await send('GET', '/api/auth/me', json({}), { authorization: `bearer ${token}` });
    expect(lower.statusCode).toBe(200);
  });
});

describe('mass assignment', () => {
  const SMUGGLED: Record<string, unknown>[] = [
    { id: '00000000-0000-4000-8000-000000000000' },
    { createdAt: '2000-01-01T00:00:00.000Z' },
    { role: 'owner' },
    { isAdmin: true },
    { kind: 'machine' },
  ];

  it('refuses unknown fields in every JSON body with 400 {message}', async () => {
    const before = await databaseState(t);
    const cases: { method: Method; url: string; body: Record<string, unknown> }[] = [
      { method: 'POST', url: '/api/services', body: { name: 'S', description: 'D' } },
      { method: 'PUT', url: `/api/services/${ids['/api/services']}/full`, body: { name: 'S', description: 'D' } },
      { method: 'PUT', url: `/api/services/${ids['/api/services']}`, body: { featured: true } },
      { method: 'PUT', url: `/api/products/${ids['/api/products']}`, body: { featured: true } },
      { method: 'PUT', url: `/api/spareparts/${ids['/api/spareparts']}`, body: { featured: true } },
      { method: 'PATCH', url: `/api/inquiries/${ids['/api/inquiries']}`, body: { status: 'closed' } },
      {
        method: 'POST',
        url: '/api/inquiries',
        body: { firstName: 'A', lastName: 'B', email: 'a@example.com', phone: '+91 98765 43210', message: 'Hi' },
      },
      { method: 'POST', url: '/api/auth/login', body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } },
    ];
    let ip = 0;
    for (const { method, url, body } of cases) {
      const extras: Record<string, unknown>[] = [...SMUGGLED];
      // `featured` only belongs to items.
      if (url.includes('inquiries') || url.includes('auth')) extras.push({ featured: true });
      for (const extra of extras) {
        const response = await t.app.inject({
          method,
          url,
          payload: { ...body, ...extra },
          headers: bearer(token),
          remoteAddress: `10.77.0.${++ip}`,
        });
        requestsSent++;
        expect(response.statusCode, `${method} ${url} + ${Object.keys(extra).join()}`).toBe(400);
        expect(response.json()).toMatchObject({ message: expect.any(String) });
      }
      // Prototype pollution, written as raw JSON because an object literal would not carry the key.
      const text = JSON.stringify(body).slice(0, -1);
      for (const raw of [
        `${text},"__proto__":{"featured":true,"role":"owner"}}`,
        `${text},"constructor":{"prototype":{"role":"owner"}}}`,
      ]) {
        const response = await t.app.inject({
          method,
          url,
          payload: raw,
          headers: { ...bearer(token), 'content-type': 'application/json' },
          remoteAddress: `10.77.0.${++ip}`,
        });
        requestsSent++;
        expect(response.statusCode, `${method} ${url} ${raw}`).toBe(400);
        expect(response.json()).toMatchObject({ message: expect.any(String) });
      }
    }
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(await databaseState(t)).toEqual(before);
  });

  it('refuses unknown fields in every multipart item form with 400 {message}', async () => {
    const before = await databaseState(t);
    const forms = [
      { method: 'POST' as const, url: '/api/products', fields: machineFields() },
      { method: 'PUT' as const, url: `/api/products/${ids['/api/products']}`, fields: machineFields() },
      { method: 'POST' as const, url: '/api/spareparts', fields: partFields() },
      { method: 'PUT' as const, url: `/api/spareparts/${ids['/api/spareparts']}/full`, fields: partFields() },
    ];
    for (const form of forms) {
      // Pairs, not an object literal: `{ __proto__: 'x' }` would set a prototype, not send a field.
      for (const [key, value] of [
        ['id', '00000000-0000-4000-8000-000000000000'],
        ['createdAt', '2000-01-01'],
        ['role', 'owner'],
        ['kind', 'service'],
        ['__proto__', 'x'],
        ['constructor.prototype', 'x'],
        ['constructor', 'x'],
      ] as const) {
        const fields = { ...form.fields };
        Object.defineProperty(fields, key, { value, enumerable: true });
        const body = await multipart(fields);
        const response = await t.app.inject({
          method: form.method,
          url: form.url,
          payload: body.payload,
          headers: { ...body.headers, ...bearer(token) },
        });
        requestsSent++;
        expect(response.statusCode, `${form.method} ${form.url} + ${key}`).toBe(400);
        expect(response.json()).toMatchObject({ message: expect.any(String) });
      }
    }
    expect(await databaseState(t)).toEqual(before);
  });
});
