import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, INQUIRY_RATE_WINDOW_MS, REVIEW_RATE_LIMIT } from '@capstan/shared';
import { buildApp } from '../../src/app';
import { createDatabase, type DatabaseHandle } from '../../src/db/database';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rowCount } from '../helpers/storage';

/**
 * Decision 027: the public forms' per-address limits hold across server processes.
 * Two apps on one database (the same SQLite file, or the same PostgreSQL database with
 * TEST_DATABASE_URL) stand for two processes behind a load balancer.
 */

let t: TestApp;
let first: FastifyInstance;
let second: FastifyInstance;
let secondDatabase: DatabaseHandle;

beforeAll(async () => {
  t = await createTestApp();
  first = t.app;
  secondDatabase = createDatabase(t.config);
  second = await buildApp({ config: t.config, database: secondDatabase });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await secondDatabase.destroy();
  await t.close();
});

let nextAddress = 1;
const freshAddress = () => `10.18.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const inquiry = (message: string) => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi.kumar@example.in',
  phone: '+91 98765 43210',
  message,
});

const postInquiry = (app: FastifyInstance, address: string, message: string) =>
  app.inject({ method: 'POST', url: '/api/inquiries', payload: inquiry(message), remoteAddress: address });

const formInquiry = (app: FastifyInstance, address: string, message: string) =>
  app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(inquiry(message)).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress: address,
  });

const postReview = (app: FastifyInstance, address: string) =>
  app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: {
      rating: 5,
      text: 'The CL-25 capstan lathe has run two shifts a day for three years without trouble.',
      name: 'Meena Sundaram',
    },
    remoteAddress: address,
  });

const windowRows = (key: string) => t.ctx.db.selectFrom('rate_limits').selectAll().where('key', '=', key).execute();

describe('per-address limits shared by every process on one database', () => {
  it('accepts INQUIRY_RATE_LIMIT inquiries from one address across both processes and both forms, then refuses on either', async () => {
    const address = freshAddress();
    const before = await rowCount(t, 'inquiries');
    for (let i = 0; i < INQUIRY_RATE_LIMIT; i += 1) {
      // Alternating processes, and the JSON call and the plain form, as a load balancer might.
      const app = i % 2 === 0 ? first : second;
      const response =
        i % 4 < 2 ? await postInquiry(app, address, `Shared ${i}`) : await formInquiry(app, address, `Shared ${i}`);
      expect(response.statusCode, `inquiry ${i + 1}`).toBe(i % 4 < 2 ? 201 : 200);
    }

    for (const app of [first, second]) {
      const refused = await postInquiry(app, address, 'One too many');
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^We have received several inquiries from your network in the last few minutes, so this one was not sent\. .* You can also send it again in 10 minutes; what you typed is still in the form\.$/,
      );
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(INQUIRY_RATE_WINDOW_MS / 1000 - 60);
      expect(retryAfter).toBeLessThanOrEqual(INQUIRY_RATE_WINDOW_MS / 1000);
      const form = await formInquiry(app, address, 'Typed after the limit');
      expect(form.statusCode).toBe(429);
      expect(form.body).toContain('Typed after the limit');
    }
    // The plain form of a Hindi page is told in Hindi, and keeps what was typed.
    const hindi = await first.inject({
      method: 'POST',
      url: '/contact',
      payload: new URLSearchParams({ ...inquiry('हिंदी में लिखा संदेश'), locale: 'hi' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: address,
    });
    expect(hindi.statusCode).toBe(429);
    expect(hindi.body).toContain('पिछले कुछ मिनटों में आपके नेटवर्क से कई पूछताछ आई हैं');
    expect(hindi.body).toContain('हिंदी में लिखा संदेश');
    expect(await rowCount(t, 'inquiries')).toBe(before + INQUIRY_RATE_LIMIT);
    // Another address is not affected.
    expect((await postInquiry(second, freshAddress(), 'Another office')).statusCode).toBe(201);
  });

  it('counts simultaneous requests to both processes exactly once each', async () => {
    const address = freshAddress();
    const before = await rowCount(t, 'inquiries');
    const responses = await Promise.all(
      Array.from({ length: INQUIRY_RATE_LIMIT + 6 }, (_, i) =>
        postInquiry(i % 2 === 0 ? first : second, address, `Burst ${i}`),
      ),
    );
    const codes = responses.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(INQUIRY_RATE_LIMIT);
    expect(codes.filter((code) => code === 429)).toHaveLength(6);
    expect(await rowCount(t, 'inquiries')).toBe(before + INQUIRY_RATE_LIMIT);
  });

  it('shares the review limit too, apart from the inquiry limit', async () => {
    const address = freshAddress();
    for (let i = 0; i < REVIEW_RATE_LIMIT; i += 1) {
      expect((await postReview(i % 2 === 0 ? second : first, address)).statusCode, `review ${i + 1}`).toBe(201);
    }
    for (const app of [first, second]) {
      const refused = await postReview(app, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ message: string }>().message).toMatch(
        /^We have already received several reviews from your network in the last hour\. Please try again in (60|59) minutes\.$/,
      );
    }
    // The reviews used up nothing of the inquiries' allowance.
    expect((await postInquiry(first, address, 'After my reviews')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64, as the plugin memory store did', async () => {
    for (let i = 1; i <= REVIEW_RATE_LIMIT; i += 1) {
      expect((await postReview(i % 2 ? first : second, `2001:db8:18:7::${i}`)).statusCode).toBe(201);
    }
    expect((await postReview(first, '2001:db8:18:7:ffff::1')).statusCode).toBe(429);
    expect((await postReview(second, '2001:db8:18:8::1')).statusCode).toBe(201);
    // A refused review is not counted (decision 049): the window holds the accepted ones.
    expect(await windowRows('reviews 2001:db8:18:7::')).toMatchObject([{ count: REVIEW_RATE_LIMIT }]);
  });

  it('starts a new window once the old one has ended, for every process', async () => {
    const address = freshAddress();
    for (let i = 0; i < INQUIRY_RATE_LIMIT; i += 1) await postInquiry(first, address, `Window ${i}`);
    expect((await postInquiry(second, address, 'Over')).statusCode).toBe(429);
    const [row] = await windowRows(`inquiries ${address}`);
    expect(row?.count).toBe(INQUIRY_RATE_LIMIT);

    // Ten minutes pass (the window's end moved into the past).
    await t.ctx.db
      .updateTable('rate_limits')
      .set({ reset_at: new Date(Date.now() - 1000).toISOString() })
      .where('key', '=', `inquiries ${address}`)
      .execute();
    expect((await postInquiry(second, address, 'Next window')).statusCode).toBe(201);
    const [renewed] = await windowRows(`inquiries ${address}`);
    expect(renewed?.count).toBe(1);
    const resetIn = Date.parse(renewed?.reset_at ?? '') - Date.now();
    expect(resetIn).toBeGreaterThan(INQUIRY_RATE_WINDOW_MS - 60_000);
    expect(resetIn).toBeLessThanOrEqual(INQUIRY_RATE_WINDOW_MS);
  });

  it('clears windows that have ended, and only those', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const future = new Date(Date.now() + 60_000).toISOString();
    await t.ctx.db
      .insertInto('rate_limits')
      .values([
        { key: 'inquiries 198.51.100.1', count: 3, reset_at: past },
        { key: 'reviews 198.51.100.2', count: 1, reset_at: future },
      ])
      .execute();
    // A process that has not swept yet (a fresh one) sweeps on its first limited request.
    const database = createDatabase(t.config);
    const third = await buildApp({ config: t.config, database });
    try {
      expect((await postReview(third, freshAddress())).statusCode).toBe(201);
    } finally {
      await third.close();
      await database.destroy();
    }
    expect(await windowRows('inquiries 198.51.100.1')).toEqual([]);
    expect(await windowRows('reviews 198.51.100.2')).toHaveLength(1);
  });
});
