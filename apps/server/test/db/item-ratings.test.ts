import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, type Machine, REVIEW_ITEM_MESSAGE, type ReviewList } from '@capstan/shared';
import { itemMeta } from '../../src/modules/seo/page-meta';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

// A machine's rating is the average of its customers' approved reviews, never a number staff type
// in (decision 051): the details answer, the page and its JSON-LD show it only once there is one.

let t: TestApp;
let token: string;
let machine: { id: string };
let other: { id: string };

const company = { ...DEFAULT_COMPANY, updatedAt: '2026-11-24T00:00:00.000Z' };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machine = await createMachine(t, token, { name: 'NP-38 Capstan Lathe', code: 'NP-38' });
  other = await createMachine(t, token, { name: 'CNC Turning Centre', code: 'TC-200' });
});
afterAll(async () => t.close());

let nextAddress = 1;
const freshAddress = () => `10.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const review = (overrides: Record<string, unknown>) => ({
  rating: 5,
  text: 'Two shifts a day for three years, and the turret still indexes true.',
  name: 'Meena Sundaram',
  ...overrides,
});

async function submit(overrides: Record<string, unknown>): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: review(overrides),
    remoteAddress: freshAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

const decide = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/admin/reviews/${id}`, payload, headers: bearer(token) });

const details = async (id: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/products/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json<Machine>();
};

/** The Product JSON-LD the server-rendered page carries, built from the same answer (page-renderer). */
const productJsonLd = async (id: string) =>
  itemMeta(company, await details(id)).jsonLd.find((block) => block['@type'] === 'Product') ?? {};

describe('a machine rated by its approved reviews', () => {
  it('has no rating and no aggregateRating until a review of it is approved; pending ones do not count', async () => {
    expect(await details(machine.id)).toMatchObject({ rating: null, reviewCount: null });
    expect(await productJsonLd(machine.id)).not.toHaveProperty('aggregateRating');

    const five = await submit({ rating: 5, itemId: machine.id });
    const four = await submit({ rating: 4, itemId: machine.id });
    const aboutOther = await submit({ rating: 1, itemId: other.id });
    const general = await submit({ rating: 2 });
    expect(await details(machine.id)).toMatchObject({ rating: null, reviewCount: null });
    expect(await productJsonLd(machine.id)).not.toHaveProperty('aggregateRating');

    // Approving changes the cached details answer at once (the catalogue revision moves).
    expect((await decide(five, { status: 'approved' })).statusCode).toBe(200);
    expect(await details(machine.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await productJsonLd(machine.id)).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 5,
      reviewCount: 1,
      bestRating: 5,
      worstRating: 1,
    });

    // Another machine's review and a review of the company count for neither.
    await decide(aboutOther, { status: 'approved' });
    await decide(general, { status: 'approved' });
    await decide(four, { status: 'approved' });
    expect(await details(machine.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect((await productJsonLd(machine.id)).aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(await details(other.id)).toMatchObject({ rating: 1, reviewCount: 1 });

    // The list shows the same figures for the catalogue's cards.
    const listed = (await t.app.inject({ method: 'GET', url: '/api/products?category=machine' })).json<Machine[]>();
    expect(listed.find((entry) => entry.id === machine.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });

    // A rejection or a corrected star count moves the rating; a corrected machine moves it over.
    await decide(five, { status: 'rejected' });
    expect(await details(machine.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    await decide(four, { rating: 3 });
    expect(await details(machine.id)).toMatchObject({ rating: 3, reviewCount: 1 });
    await decide(four, { itemId: other.id });
    expect(await details(machine.id)).toMatchObject({ rating: null, reviewCount: null });
    expect(await productJsonLd(machine.id)).not.toHaveProperty('aggregateRating');
    expect(await details(other.id)).toMatchObject({ rating: 2, reviewCount: 2 });
  });

  it('shows staff which machine a review is about', async () => {
    const id = await submit({ itemId: machine.id, text: 'The spindle runs quiet after ten thousand hours.' });
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/reviews?status=pending', headers: bearer(token) })
    ).json<ReviewList>();
    expect(list.reviews.find((entry) => entry.id === id)?.item).toEqual({
      id: machine.id,
      name: 'NP-38 Capstan Lathe',
    });
  });

  it('refuses a review naming something that is not a machine, and stores nothing', async () => {
    const part = await createPart(t, token, { name: 'Collet 20 mm', code: 'COL-20' });
    const before = await t.ctx.db.selectFrom('reviews').select('id').execute();
    for (const itemId of [part.id, '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', 'not-an-id']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        payload: review({ itemId }),
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ issues: { path: string[]; message: string }[] }>().issues).toContainEqual({
        path: ['itemId'],
        message: REVIEW_ITEM_MESSAGE,
      });
    }
    expect(await t.ctx.db.selectFrom('reviews').select('id').execute()).toHaveLength(before.length);
    const moved = await decide((await t.ctx.db.selectFrom('reviews').select('id').executeTakeFirstOrThrow()).id, {
      itemId: part.id,
    });
    expect(moved.statusCode).toBe(400);
  });

  it('answers the plain form again with the machines to choose from, the visitor’s own still chosen', async () => {
    const before = await t.ctx.db.selectFrom('reviews').select('id').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/review',
      payload: new URLSearchParams({ rating: '5', text: 'Too short', name: 'S. Priya', itemId: other.id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<label for="itemId">Which machine is this about?</label>');
    expect(response.body).toContain('<option value="">Our company in general</option>');
    expect(response.body).toContain(`<option value="${machine.id}">NP-38 Capstan Lathe</option>`);
    expect(response.body).toContain(`<option value="${other.id}" selected>CNC Turning Centre (TC-200)</option>`);
    expect(response.body).not.toContain('type="hidden" name="itemId"');
    expect(await t.ctx.db.selectFrom('reviews').select('id').execute()).toHaveLength(before.length);

    // Something that is no machine id: said beside the choice, nothing chosen.
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/review',
      payload: new URLSearchParams({
        rating: '5',
        text: 'The turret indexes true after years of work.',
        name: 'S. Priya',
        itemId: 'not-a-machine',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshAddress(),
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.body).toContain(`<p class="error" id="itemId-error">${REVIEW_ITEM_MESSAGE}</p>`);
    expect(garbled.body).not.toContain(' selected>');
  });

  it('takes the machine from the plain form too, and keeps the review when the machine is deleted', async () => {
    const doomed = await createMachine(t, token, { name: 'Old Turret Lathe', code: 'OTL-1' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/review',
      payload: new URLSearchParams({
        rating: '4',
        text: 'Still cutting threads on our oldest turret lathe.',
        name: 'R. Kannan',
        itemId: doomed.id,
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshAddress(),
    });
    expect(response.statusCode).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('reviews')
      .select(['id', 'item_id'])
      .where('name', '=', 'R. Kannan')
      .executeTakeFirstOrThrow();
    expect(stored.item_id).toBe(doomed.id);
    await decide(stored.id, { status: 'approved' });
    expect(await details(doomed.id)).toMatchObject({ rating: 4, reviewCount: 1 });

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/products/${doomed.id}`, headers: bearer(token) });
    expect(removed.statusCode).toBe(204);
    const kept = await t.ctx.db
      .selectFrom('reviews')
      .select(['status', 'item_id'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ status: 'approved', item_id: null });
  });
});
