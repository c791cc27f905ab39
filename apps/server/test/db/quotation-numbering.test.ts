import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Quotation } from '@capstan/shared';
import { quotationBody, sendInquiry } from '../helpers/quotations';
import { type SecondInstance, secondInstance } from '../helpers/second-instance';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// Two server instances on one database (SQLite file, or PostgreSQL with TEST_DATABASE_URL): the
// quotation numbers they hand out at the same moment are distinct and leave no gap (issue 39).
let a: TestApp;
let b: SecondInstance;
let token: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await secondInstance(a);
  token = await a.login();
}, 60_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('quotation numbers across two instances', () => {
  it('gives 44 quotations created at once through both distinct, consecutive numbers', async () => {
    const inquiries = await Promise.all([sendInquiry(a.app), sendInquiry(b.app)]);
    const responses = await Promise.all(
      Array.from({ length: 44 }, (_, index) =>
        (index % 2 === 0 ? a.app : b.app).inject({
          method: 'POST',
          url: `/api/inquiries/${inquiries[index % 2]!.id}/quotations`,
          headers: bearer(token),
          payload: quotationBody(),
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 201));
    const numbers = responses.map((response) => response.json<Quotation>().number);
    const series = new Set(numbers.map((number) => number.split('/').slice(0, 3).join('/')));
    expect(series.size).toBe(1);
    const sequences = numbers.map((number) => Number(number.split('/')[3])).sort((x, y) => x - y);
    expect(sequences).toEqual(Array.from({ length: 44 }, (_, index) => index + 1));
    const stored = await a.ctx.db.selectFrom('quotation_series').selectAll().execute();
    expect(stored.map((row) => Number(row.last_sequence))).toEqual([44]);
  });
});
