import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSiteSettings, Machine, PublicSiteSettings, SparePart } from '@capstan/shared';
import { ifInstanceLockFree, withInstanceLock } from '../../src/db/instance-lock';
import { bootstrapAdmin } from '../../src/modules/auth/bootstrap-admin';
import { catalogueResponseCache } from '../../src/modules/catalogue/catalogue-response-cache';
import { reviewsResponseCache } from '../../src/modules/reviews/reviews-response-cache';
import { createMachine, createPart, machineFields, sendForm } from '../helpers/items';
import { type SecondInstance, secondInstance } from '../helpers/second-instance';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

// Two instances of the server on one database (decision 029) (SQLite file, or PostgreSQL with
// TEST_DATABASE_URL). A is the test app; B is a second app on its own connection to the same database.
let a: TestApp;
let b: TestApp;
let instanceB: SecondInstance;
let token: string;

beforeAll(async () => {
  a = await createTestApp();
  instanceB = await secondInstance(a);
  b = { ...a, app: instanceB.app, database: instanceB.database, ctx: { ...a.ctx, db: instanceB.database.db } };
  // In production B re-reads the revision once a second; a long interval makes "B read within that
  // second" certain rather than a race, so a stale answer shows up on every run, not now and then.
  catalogueResponseCache(instanceB.database.db).setRevisionCheckInterval(60_000);
  reviewsResponseCache(instanceB.database.db).setRevisionCheckInterval(60_000);
  token = await a.login();
});
afterAll(async () => {
  await instanceB.close();
  await a.close();
});

const read = (app: TestApp, url: string, signedIn = true) =>
  app.app.inject({ method: 'GET', url, headers: signedIn ? bearer(token) : {} });

describe('staff read their own writes through any instance', () => {
  it('an item saved through A is read back new through B, and B saves it again without a false 409', async () => {
    const created = await createMachine(a, token, { name: 'Edit Form Lathe' });
    // B has the item cached (an edit form opened before the save).
    const opened = await read(b, `/api/products/${created.id}`);
    expect(opened.json<Machine>().name).toBe('Edit Form Lathe');

    const saved = await sendForm(
      a,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'Saved Through A', expectedUpdatedAt: opened.json<Machine>().updatedAt }),
    );
    expect(saved.statusCode).toBe(200);

    const reread = await read(b, `/api/products/${created.id}`);
    expect(reread.statusCode).toBe(200);
    expect(reread.json<Machine>().name).toBe('Saved Through A');
    expect(reread.json<Machine>().updatedAt).toBe(saved.json<Machine>().updatedAt);

    const again = await sendForm(
      b,
      token,
      'PUT',
      `/api/products/${created.id}`,
      machineFields({ name: 'Saved Through B', expectedUpdatedAt: reread.json<Machine>().updatedAt }),
    );
    expect(again.statusCode).toBe(200);
    expect((await read(a, `/api/products/${created.id}`)).json<Machine>().name).toBe('Saved Through B');
  });

  it('lists, featured lists and counts read through B show a save made through A', async () => {
    const before = await read(b, '/api/spareparts/featured');
    const summaryBefore = await read(b, '/api/catalogue/summary');
    const listBefore = await read(b, '/api/spareparts?q=collet');

    const part = await createPart(a, token, { name: 'Featured Collet', featured: 'true' });

    const featured = await read(b, '/api/spareparts/featured');
    expect(featured.json<SparePart[]>().map((item) => item.id)).toContain(part.id);
    expect(featured.json<SparePart[]>().length).toBe(before.json<SparePart[]>().length + 1);
    const summary = await read(b, '/api/catalogue/summary');
    expect(summary.json<{ spareParts: { total: number } }>().spareParts.total).toBe(
      summaryBefore.json<{ spareParts: { total: number } }>().spareParts.total + 1,
    );
    const list = await read(b, '/api/spareparts?q=collet');
    expect(list.json<SparePart[]>().map((item) => item.id)).toContain(part.id);
    expect(list.headers['x-total-count']).toBe(String(Number(listBefore.headers['x-total-count']) + 1));

    // One cache for everyone: the entry the staff read refreshed is what B's visitors get next.
    const anonymous = await read(b, '/api/spareparts/featured', false);
    expect(anonymous.headers['etag']).toBe(featured.headers['etag']);
  });

  it('site settings saved through A are read back new through B and saved again through B', async () => {
    const first = (await read(b, '/api/admin/site')).json<AdminSiteSettings>().company;
    await read(b, '/api/site');
    const saved = await a.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      payload: { ...first, tagline: 'Saved through A' },
      headers: bearer(token),
    });
    expect(saved.statusCode).toBe(200);

    const reread = (await read(b, '/api/admin/site')).json<AdminSiteSettings>().company;
    expect(reread.tagline).toBe('Saved through A');
    expect((await read(b, '/api/site')).json<PublicSiteSettings>().company.tagline).toBe('Saved through A');
    const again = await b.app.inject({
      method: 'PUT',
      url: '/api/site/company',
      payload: { ...reread, tagline: 'Saved through B' },
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(200);
  });

  it('a review approved through A is among the testimonials B shows to staff', async () => {
    expect((await read(b, '/api/reviews')).json<unknown[]>()).toHaveLength(0);
    const posted = await a.app.inject({
      method: 'POST',
      url: '/api/reviews',
      payload: {
        rating: 5,
        text: 'Our second CL-25 has been as steady as the first, two shifts a day.',
        name: 'Meena Sundaram',
      },
      remoteAddress: '10.18.0.1',
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json<{ id: string }>().id;
    const approved = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${id}`,
      payload: { status: 'approved' },
      headers: bearer(token),
    });
    expect(approved.statusCode).toBe(200);
    expect((await read(b, '/api/reviews')).json<{ id: string }[]>().map((review) => review.id)).toEqual([id]);
  });
});

describe('sessions live in the database only', () => {
  it('signing out through A ends the session on B at once', async () => {
    const own = await a.login();
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/account', headers: bearer(own) })).statusCode).toBe(
      200,
    );
    const loggedOut = await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(own) });
    expect(loggedOut.statusCode).toBe(200);

    expect((await b.app.inject({ method: 'GET', url: '/api/auth/account', headers: bearer(own) })).statusCode).toBe(
      401,
    );
    const write = await sendForm(b, own, 'POST', '/api/products', machineFields({ name: 'After Sign-out' }));
    expect(write.statusCode).toBe(401);
  });
});

describe('the first admin', () => {
  it('is created once when several processes create it at the same moment', async () => {
    const email = 'first-owner@example.com';
    // Both look the account up before either inserts it (the hashing takes a while), as two
    // instances starting together do; the second insert must give way, not fail the start.
    const results = await Promise.all([
      bootstrapAdmin(a.database.db, { email, password: 'first owner password one' }),
      bootstrapAdmin(instanceB.database.db, { email, password: 'first owner password two' }),
    ]);
    expect(results.filter((result) => result !== null)).toEqual([{ email }]);
    const rows = await a.database.db.selectFrom('users').select('email').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('instance locks', () => {
  it('let one process at a time in, and the others wait or pass', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = withInstanceLock(a.database, 'first-start', async () => {
      order.push('A in');
      entered();
      await held;
      order.push('A out');
    });
    await inside;
    const second = withInstanceLock(instanceB.database, 'first-start', async () => {
      order.push('B in');
    });
    expect(await ifInstanceLockFree(instanceB.database, 'first-start', async () => undefined)).toBe(false);
    // Another lock is not this one.
    expect(await ifInstanceLockFree(instanceB.database, 'demo-pictures', async () => undefined)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(order).toEqual(['A in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['A in', 'A out', 'B in']);
    expect(await ifInstanceLockFree(instanceB.database, 'first-start', async () => undefined)).toBe(true);
  });
});
