import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_RATE_LIMIT, REVIEW_RATE_LIMIT } from '@capstan/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { rowCount } from '../helpers/storage';

/** Decision 049: only what a public form accepts and stores uses up the sender's allowance. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let nextAddress = 1;
const freshAddress = () => `10.49.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const review = (overrides: Record<string, unknown> = {}) => ({
  rating: 5,
  text: 'The CL-25 capstan lathe has run two shifts a day for three years without trouble.',
  name: 'Meena Sundaram',
  ...overrides,
});

const postReview = (payload: Record<string, unknown>, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/reviews', payload, remoteAddress });

const formPost = (url: string, fields: Record<string, string>, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    remoteAddress,
  });

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ravi',
  lastName: 'Kumar',
  email: 'ravi.kumar@example.in',
  phone: '+91 98765 43210',
  message: 'Please quote for a CL-25.',
  ...overrides,
});

const windowCount = async (key: string) =>
  (await t.ctx.db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst())?.count ?? 0;

describe('reviews: refused submissions do not use up the 3-an-hour allowance', () => {
  it('through the JSON call: invalid ones cost nothing, then 3 are accepted and the 4th is limited', async () => {
    expect(REVIEW_RATE_LIMIT).toBe(3);
    const address = freshAddress();
    const invalid = [
      review({ rating: undefined }),
      review({ text: 'Too short' }),
      review({ name: '' }),
      review({ rating: 9 }),
    ];
    for (const payload of invalid) {
      expect((await postReview(payload, address)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await windowCount(`reviews ${address}`)).toBe(0);

    const before = await rowCount(t, 'reviews');
    for (let i = 0; i < REVIEW_RATE_LIMIT; i += 1) {
      expect((await postReview(review(), address)).statusCode, `review ${i + 1}`).toBe(201);
    }
    const over = await postReview(review(), address);
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(/^We have already received several reviews/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowCount(t, 'reviews')).toBe(before + REVIEW_RATE_LIMIT);
    // The refused one is not counted either.
    expect(await windowCount(`reviews ${address}`)).toBe(REVIEW_RATE_LIMIT);
  });

  it('through the form without JavaScript, sharing the allowance with the JSON call', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) {
      const refused = await formPost('/review', { rating: '', text: 'Great', name: 'Meena' }, address);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Your review was not sent');
    }
    const fields = { rating: '4', text: review().text, name: 'Meena Sundaram' };
    expect((await formPost('/review', fields, address)).statusCode).toBe(200);
    expect((await postReview(review(), address)).statusCode).toBe(201);
    expect((await formPost('/review', fields, address)).statusCode).toBe(200);
    const over = await formPost('/review', fields, address);
    expect(over.statusCode).toBe(429);
    expect(over.body).toContain('We have already received several reviews');
  });
});

describe('inquiries: the same rule', () => {
  it('a visitor who sends an invalid inquiry more times than the allowance can still send a valid one', async () => {
    const address = freshAddress();
    for (let i = 0; i < INQUIRY_RATE_LIMIT + 2; i += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/inquiries',
        payload: inquiry({ email: 'not-an-email' }),
        remoteAddress: address,
      });
      expect(response.statusCode).toBe(400);
      const page = await formPost('/contact', inquiry({ phone: 'call me' }), address);
      expect(page.statusCode).toBe(400);
    }
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      payload: inquiry(),
      remoteAddress: address,
    });
    expect(accepted.statusCode).toBe(201);
    expect(await windowCount(`inquiries ${address}`)).toBe(1);
  });
});
