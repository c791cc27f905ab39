import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageWithTotal } from '../../src/db/paged-query';
import { createStaffAccount } from '../../src/modules/auth/staff-accounts';
import { STAFF_PASSWORD } from '../helpers/staff';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const n of [1, 2, 3, 4, 5]) {
    await createStaffAccount(t.ctx.db, { email: `sales-${n}@example.com`, password: STAFF_PASSWORD, role: 'sales' });
  }
}, 60_000);
afterAll(async () => t.close());

const sales = () => t.ctx.db.selectFrom('users').select(['email']).where('role', '=', 'sales').orderBy('email', 'desc');

describe('pageWithTotal', () => {
  it('reads one page in the query’s order and counts every row its filters match', async () => {
    expect(await pageWithTotal(sales(), { limit: 2, offset: 1 })).toEqual({
      rows: [{ email: 'sales-4@example.com' }, { email: 'sales-3@example.com' }],
      total: 5,
    });
  });

  it('still counts past the last page', async () => {
    expect(await pageWithTotal(sales(), { limit: 2, offset: 10 })).toEqual({ rows: [], total: 5 });
  });

  it('counts nothing where nothing matches', async () => {
    const none = sales().where('email', '=', 'nobody@example.com');
    expect(await pageWithTotal(none, { limit: 2, offset: 0 })).toEqual({ rows: [], total: 0 });
  });
});
