import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Quotation, TOTAL_COUNT_HEADER } from '@capstan/shared';
import { createQuotation as createQuotationAt } from '../../src/modules/quotations/quotations.service';
import { createQuotation, quotationBody, sendInquiry, sendQuotation } from '../helpers/quotations';
import { wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let token: string;
let ownerId: string;
/** Inquiry A's five quotations, oldest first: two sent (one of them since expired), three drafts. */
let created: Quotation[];
let inquiryA: string;
let inquiryB: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  ownerId = me.json<{ user: { id: string } }>().user.id;

  inquiryA = (await sendInquiry(t.app)).id;
  inquiryB = (await sendInquiry(t.app)).id;
  // A second apart each, so newest first is one order, not a tie broken by random ids.
  const start = Date.now();
  const data = quotationBody() as Parameters<typeof createQuotationAt>[2];
  created = [];
  for (let i = 0; i < 5; i++) {
    created.push(await createQuotationAt(t.ctx, inquiryA, data, { id: ownerId }, new Date(start + i * 1000)));
  }
  await sendQuotation(t.app, token, created[0]!.id);
  await sendQuotation(t.app, token, created[1]!.id);
  await t.ctx.db
    .updateTable('quotations')
    .set({ valid_until: '2020-01-31' })
    .where('id', '=', created[0]!.id)
    .execute();
  await createQuotation(t.app, token, inquiryB);
}, 60_000);
afterAll(async () => t.close());

async function list(query: string): Promise<{ ids: string[]; total: number; quotations: Quotation[] }> {
  const response = await t.app.inject({ method: 'GET', url: `/api/quotations${query}`, headers: bearer(token) });
  if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
  const header = response.headers[TOTAL_COUNT_HEADER];
  expect(header, `${TOTAL_COUNT_HEADER} of ${query}`).toMatch(/^\d+$/);
  const quotations = response.json<Quotation[]>();
  return { ids: quotations.map((q) => q.id), total: Number(header), quotations };
}

const newestFirst = () => created.map((q) => q.id).reverse();

describe('GET /api/quotations a page at a time', () => {
  it('answers the page asked for, newest first, and counts every match in X-Total-Count', async () => {
    const all = newestFirst();
    expect(await list(`?inquiryId=${inquiryA}&pageSize=2`)).toMatchObject({ ids: all.slice(0, 2), total: 5 });
    expect(await list(`?inquiryId=${inquiryA}&pageSize=2&page=2`)).toMatchObject({ ids: all.slice(2, 4), total: 5 });
    expect(await list(`?inquiryId=${inquiryA}&pageSize=2&page=3`)).toMatchObject({ ids: all.slice(4), total: 5 });
    // Past the last page: nothing on it, and still the count, so a screen can go back.
    expect(await list(`?inquiryId=${inquiryA}&pageSize=2&page=4`)).toMatchObject({ ids: [], total: 5 });
    expect(await list(`?inquiryId=${inquiryA}`)).toMatchObject({ ids: all, total: 5 });
  });

  it('counts with the same filters as the page: the inquiry, the status, and expired by the day', async () => {
    const drafts = await list(`?inquiryId=${inquiryA}&status=draft&pageSize=2`);
    expect(drafts.total).toBe(3);
    expect(drafts.ids).toEqual(newestFirst().slice(0, 2));
    expect(drafts.quotations.every((q) => q.status === 'draft')).toBe(true);

    // The first one was sent, then its validity ran out: expired, no longer sent.
    expect(await list(`?inquiryId=${inquiryA}&status=sent`)).toMatchObject({ ids: [created[1]!.id], total: 1 });
    expect(await list(`?inquiryId=${inquiryA}&status=expired`)).toMatchObject({ ids: [created[0]!.id], total: 1 });
    expect(await list(`?inquiryId=${inquiryA}&status=accepted`)).toMatchObject({ ids: [], total: 0 });

    expect((await list(`?inquiryId=${inquiryB}`)).total).toBe(1);
    expect((await list('?status=draft&pageSize=1')).total).toBe(4);
  });

  it.each([
    ['pageSize=0', 'pageSize'],
    ['pageSize=101', 'pageSize'],
    ['pageSize=2.5', 'pageSize'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=x', 'page'],
    ['page=', 'page'],
    ['limit=5', ''],
  ])('refuses %s with a 400 and changes nothing', async (query, field) => {
    const before = await wholeState(t);
    const response = await t.app.inject({ method: 'GET', url: `/api/quotations?${query}`, headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    const refusal = response.json<{ message: string; issues: { path: string[] }[] }>();
    expect(refusal.message).toMatch(/in querystring$/);
    if (field !== '') expect(refusal.issues.map((issue) => issue.path.join('.'))).toContain(field);
    expect(response.headers[TOTAL_COUNT_HEADER]).toBeUndefined();
    expect(await wholeState(t)).toEqual(before);
  });

  it('answers 50 a page when the call names no paging, as tools that predate paging call it', async () => {
    const inquiryC = (await sendInquiry(t.app)).id;
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(Array.from({ length: 10 }, () => createQuotation(t.app, token, inquiryC)));
    }
    const everything = await list('?pageSize=100');
    expect(everything.total).toBe(56);
    expect(everything.ids).toHaveLength(56);

    const byDefault = await list('');
    expect(byDefault.total).toBe(56);
    expect(byDefault.ids).toEqual(everything.ids.slice(0, 50));
    expect((await list('?page=2')).ids).toEqual(everything.ids.slice(50));
    expect(await list(`?inquiryId=${inquiryC}&status=draft&page=2`)).toMatchObject({ ids: [], total: 50 });
  });
});
