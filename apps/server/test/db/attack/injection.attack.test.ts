import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Machine, Service, SparePart } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../../helpers/test-app';
import { machineFields, partFields, sendForm } from '../../helpers/items';
import { INJECTION_PAYLOADS, SQL_INJECTIONS } from './helpers/injection-payloads';
import { type DatabaseState, databaseState } from './helpers/db-snapshot';

let t: TestApp;
let token: string;
let requestsSent = 0;
let ipCounter = 0;
// Inquiries and sign-ins are rate limited per address; a fresh address per request keeps the
// payload (not the limiter) as the thing under test.
const nextIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => {
  console.info(`injection attack: ${INJECTION_PAYLOADS.length} payloads, ${requestsSent} requests`);
  await t.close();
});

const counted = async <T>(request: Promise<T>): Promise<T> => {
  requestsSent++;
  return request;
};

function expectNo5xx(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
}

function expectRefused(response: { statusCode: number; body: string; json: () => unknown }, what: string) {
  expectNo5xx(response, what);
  expect(response.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(response.json(), what).toMatchObject({ message: expect.any(String) });
}

const injectJson = (method: 'POST' | 'PUT' | 'PATCH' | 'GET' | 'DELETE', url: string, payload?: unknown) =>
  counted(t.app.inject({ method, url, payload: payload as object, headers: bearer(token) }));

/** Tables whose content the requests below may legitimately change. */
// An inquiry also takes a reference number and queues its two emails (decision 021), and reading the
// company settings for them stores the seeded settings on first use. On PostgreSQL a catalogue write
// also rewrites its items' rows in the search tables, copying the old ones first (decision 069).
const WRITTEN = new Set([
  'items',
  'item_specifications',
  'inquiries',
  'catalogue_revision',
  'catalogue_changes',
  'catalogue_search',
  'catalogue_search_prices',
  'catalogue_spec_values',
  'catalogue_search_words',
  'catalogue_search_state',
  'catalogue_search_before',
  'inquiry_reference_counters',
  'outbox',
  'site_settings',
]);

function expectUntouchedExceptWritten(before: DatabaseState, after: DatabaseState) {
  // No table created, none dropped.
  expect(Object.keys(after)).toEqual(Object.keys(before));
  for (const [table, state] of Object.entries(before)) {
    if (!WRITTEN.has(table)) expect(after[table], table).toEqual(state);
  }
}

describe('SQL and script payloads in every body field', () => {
  let before: DatabaseState;
  let created = 0;
  let inquiries = 0;
  beforeAll(async () => {
    before = await databaseState(t);
  });

  it('machines store them verbatim in text fields and refuse them elsewhere', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      // Machine: every text field at once, plus a specification key and value.
      const machineResponse = await counted(
        sendForm(
          t,
          token,
          'POST',
          '/api/products',
          machineFields({
            name: payload,
            description: payload,
            brand: payload,
            features: JSON.stringify([payload]),
            specifications: JSON.stringify({ [payload]: payload, Second: payload }),
          }),
        ),
      );
      expect(machineResponse.statusCode, `${payload}: ${machineResponse.body}`).toBe(201);
      created++;
      const machine = (
        await injectJson('GET', `/api/products/${(machineResponse.json() as Machine).id}`)
      ).json() as Machine;
      expect(machine).toMatchObject({ name: payload, description: payload, brand: payload });
      expect(machine.features).toEqual([payload]);
      expect(machine.specifications).toEqual({ [payload]: payload, Second: payload });

      // Payloads in numeric, boolean and JSON fields are refused, and in the category (a slug of a
      // stored category, decision 031) and the code (letters, digits and - _ . / only).
      for (const field of [
        'price',
        'rating',
        'reviewCount',
        'featured',
        'specifications',
        'keepImages',
        'category',
        'code',
      ]) {
        const response = await counted(
          sendForm(t, token, 'POST', '/api/products', machineFields({ [field]: payload })),
        );
        expectRefused(response, `machine ${field}=${payload}`);
      }
      // An update with the payload everywhere, then read back.
      const updated = await counted(
        sendForm(
          t,
          token,
          'PUT',
          `/api/products/${machine.id}`,
          machineFields({ name: `${payload} v2`, description: payload }),
        ),
      );
      expect(updated.statusCode, updated.body).toBe(200);
      expect((updated.json() as Machine).name).toBe(`${payload} v2`);
    }
  });

  it('spare parts and services store them verbatim and refuse them elsewhere', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      // Spare part.
      const partResponse = await counted(
        sendForm(
          t,
          token,
          'POST',
          '/api/spareparts',
          partFields({
            name: payload,
            description: payload,
            specifications: JSON.stringify({ [payload]: payload, B: payload }),
          }),
        ),
      );
      expect(partResponse.statusCode, partResponse.body).toBe(201);
      created++;
      const part = (
        await injectJson('GET', `/api/spareparts/${(partResponse.json() as SparePart).id}`)
      ).json() as SparePart;
      expect(part).toMatchObject({ name: payload, description: payload });
      expect(part.specs).toEqual({ [payload]: payload, B: payload });
      expectRefused(
        await counted(sendForm(t, token, 'POST', '/api/spareparts', partFields({ price: payload }))),
        `part price=${payload}`,
      );

      // Service (JSON).
      const serviceResponse = await injectJson('POST', '/api/services', {
        name: payload,
        description: payload,
        specification: [{ key: payload, value: payload }],
      });
      expect(serviceResponse.statusCode, serviceResponse.body).toBe(201);
      created++;
      const service = (
        await injectJson('GET', `/api/services/${(serviceResponse.json() as Service).id}`)
      ).json() as Service;
      expect(service).toMatchObject({ name: payload, description: payload });
      expect(service.specification).toEqual({ [payload]: payload });
      expectRefused(
        await injectJson('POST', '/api/services', { name: 'x', description: 'y', images: [payload] }),
        `service images=${payload}`,
      );
      expectRefused(
        await injectJson('PUT', `/api/services/${service.id}`, { featured: payload }),
        `service featured=${payload}`,
      );
    }
  });

  it('inquiries keep free text verbatim and validate the rest; status updates refuse them', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      // Inquiry: free text is kept verbatim; email, phone and service are validated.
      const inquiry = {
        firstName: payload,
        lastName: payload,
        email: 'buyer@example.com',
        phone: '+91 98765 43210',
        message: payload,
        product: payload,
      };
      const inquiryResponse = await counted(
        t.app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry, remoteAddress: nextIp() }),
      );
      expect(inquiryResponse.statusCode, inquiryResponse.body).toBe(201);
      inquiries++;
      for (const field of ['email', 'phone', 'service'] as const) {
        const response = await counted(
          t.app.inject({
            method: 'POST',
            url: '/api/inquiries',
            payload: { ...inquiry, [field]: payload },
            remoteAddress: nextIp(),
          }),
        );
        expectRefused(response, `inquiry ${field}=${payload}`);
      }
      const inquiryId = (inquiryResponse.json() as { id: string }).id;
      expectRefused(await injectJson('PATCH', `/api/inquiries/${inquiryId}`, { status: payload }), `status=${payload}`);
    }
    const listed = (await injectJson('GET', '/api/inquiries')).json() as { message: string; firstName: string }[];
    for (const payload of INJECTION_PAYLOADS) {
      expect(
        listed.some((row) => row.message === payload && row.firstName === payload),
        payload,
      ).toBe(true);
    }
  });

  it('sign-in never answers 5xx or a session', async () => {
    for (const payload of INJECTION_PAYLOADS) {
      // Sign-in: never a 5xx, never a session.
      // A well-formed email costs a password hash (~0.3 s), so only the SQL strings get that far.
      const credentialSets = [{ email: payload, password: 'whatever-password' }];
      if (SQL_INJECTIONS.slice(0, 3).includes(payload))
        credentialSets.push({ email: 'staff@example.com', password: payload });
      for (const credentials of credentialSets) {
        const response = await counted(
          t.app.inject({ method: 'POST', url: '/api/auth/login', payload: credentials, remoteAddress: nextIp() }),
        );
        expectRefused(response, `login ${JSON.stringify(credentials)}`);
      }
    }
  });

  it('left every other table alone, created no table and dropped none', async () => {
    const after = await databaseState(t);
    expectUntouchedExceptWritten(before, after);
    expect(after.items!.rows).toBe(before.items!.rows + created);
    expect(after.inquiries!.rows).toBe(before.inquiries!.rows + inquiries);
  });
});

describe('SQL and script payloads in paths and query strings', () => {
  it('answers 4xx or an honest empty result, never 5xx, and changes nothing', async () => {
    // A category named like an injection gets a plain slug (decision 031); filtering by the slug
    // matches its one machine, by the raw text nothing.
    const trap = "x' OR category LIKE '%";
    const created = await injectJson('POST', '/api/machine-categories', { name: trap });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json() as { slug: string };
    expect(slug).toBe('x-or-category-like');
    const machine = await counted(
      sendForm(t, token, 'POST', '/api/products', machineFields({ name: 'Filter target', category: slug })),
    );
    expect(machine.statusCode).toBe(201);
    const before = await databaseState(t);

    const filtered = (await injectJson('GET', `/api/products?category=${slug}`)).json();
    expect((filtered as Machine[]).map((m) => m.name)).toEqual(['Filter target']);
    const raw = (await injectJson('GET', `/api/products?category=${encodeURIComponent(trap)}`)).json();
    expect(raw).toEqual([]);

    for (const payload of INJECTION_PAYLOADS) {
      const encoded = encodeURIComponent(payload);
      const category = await injectJson('GET', `/api/products?category=${encoded}`);
      expectNo5xx(category, `?category=${payload}`);
      // The first test stored one machine per payload category; this app has its own.
      if (category.statusCode === 200) {
        for (const found of category.json() as Machine[]) expect(found.category, payload).toBe(payload);
      }

      for (const query of [`q=${encoded}`, `${encoded}=1`, `category=${encoded}&category=x`]) {
        for (const list of ['/api/products', '/api/spareparts', '/api/services']) {
          expectNo5xx(await injectJson('GET', `${list}?${query}`), `${list}?${query}`);
        }
      }
      for (const base of ['/api/products', '/api/spareparts', '/api/services', '/api/inquiries']) {
        for (const method of ['GET', 'PUT', 'DELETE', 'PATCH'] as const) {
          const response = await injectJson(
            method,
            `${base}/${encoded}`,
            method === 'GET' ? undefined : { featured: true },
          );
          expectNo5xx(response, `${method} ${base}/${payload}`);
          expect(response.statusCode, `${method} ${base}/${payload}`).toBeGreaterThanOrEqual(400);
        }
      }
      for (const url of [`/api/spareparts/${encoded}/full`, `/api/services/${encoded}/full`]) {
        expectRefused(await injectJson('PUT', url, { name: 'x', description: 'y' }), url);
      }
      expectNo5xx(await injectJson('GET', `/uploads/${encoded}`), `/uploads/${payload}`);
      expectNo5xx(await injectJson('GET', `/product/${encoded}`), `/product/${payload}`);
    }

    expect(await databaseState(t)).toEqual(before);
  });
});
