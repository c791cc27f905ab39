import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminStats, indianToday } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
});
afterAll(async () => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Monday (UTC) of the week holding `date`, as YYYY-MM-DD; computed here independently of the server. */
function mondayOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  while (day.getUTCDay() !== 1) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

async function stats(): Promise<AdminStats> {
  const response = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<AdminStats>();
}

function feature(collection: 'products' | 'spareparts' | 'services', id: string, featured: boolean) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/${collection}/${id}`,
    headers: bearer(token),
    payload: { featured },
  });
}

function sendInquiry(i: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    remoteAddress: `10.40.0.${i + 1}`,
    payload: {
      firstName: 'Anita',
      lastName: 'Rao',
      email: `anita${i}@example.in`,
      phone: '0422 255 1234',
      message: `Stats inquiry ${i}`,
    },
  });
}

describe('GET /api/admin/stats', () => {
  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/stats' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required' });
  });

  it('starts at zero with 8 empty weeks, oldest first, ending this week', async () => {
    const empty = await stats();
    expect(empty).toMatchObject({
      machines: 0,
      spareParts: 0,
      services: 0,
      featured: 0,
      inquiries: { total: 0, new: 0, thisWeek: 0 },
    });
    expect(empty.inquiriesPerWeek).toHaveLength(8);
    expect(empty.inquiriesPerWeek.every((week) => week.count === 0)).toBe(true);
    const starts = empty.inquiriesPerWeek.map((week) => week.weekStart);
    expect(starts[7]).toBe(mondayOf(new Date()));
    for (let i = 0; i < 8; i += 1) {
      const start = new Date(`${starts[i] ?? ''}T00:00:00Z`);
      expect(start.getUTCDay(), starts[i]).toBe(1);
      if (i > 0) expect(start.getTime() - Date.parse(`${starts[i - 1] ?? ''}T00:00:00Z`)).toBe(7 * DAY_MS);
    }
  });

  it('counts what was really created, featured and asked', async () => {
    const lathe = await createMachine(t, token, { name: 'Stats Lathe' });
    const cnc = await createMachine(t, token, { name: 'Stats CNC' });
    const part = await createPart(t, token, { name: 'Stats Part' });
    const service = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: bearer(token),
      payload: { name: 'Stats Service', description: 'Counted once.' },
    });
    expect(service.statusCode).toBe(201);
    const serviceId = service.json<{ id: string }>().id;

    expect((await feature('products', lathe.id, true)).statusCode).toBe(200);
    expect((await feature('services', serviceId, true)).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) expect((await sendInquiry(i)).statusCode).toBe(201);

    const counted = await stats();
    expect(counted).toMatchObject({
      machines: 2,
      spareParts: 1,
      services: 1,
      featured: 2,
      inquiries: { total: 3, new: 3, thisWeek: 3 },
    });
    expect(counted.inquiriesPerWeek).toHaveLength(8);
    expect(counted.inquiriesPerWeek[7]).toEqual({ weekStart: mondayOf(new Date()), count: 3 });
    expect(counted.inquiriesPerWeek.slice(0, 7).every((week) => week.count === 0)).toBe(true);

    // Un-featuring, featuring a part and deleting a machine move the numbers.
    expect((await feature('products', lathe.id, false)).statusCode).toBe(200);
    expect((await feature('spareparts', part.id, true)).statusCode).toBe(200);
    expect((await feature('products', cnc.id, true)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/products/${cnc.id}`, headers: bearer(token) })).statusCode,
    ).toBe(204);
    expect(await stats()).toMatchObject({ machines: 1, spareParts: 1, services: 1, featured: 2 });
  });

  it('puts older inquiries in their week, leaves out those before the 8 weeks, and counts only new ones as new', async () => {
    const now = Date.now();
    const older = [
      { daysAgo: 15, status: 'new' },
      { daysAgo: 30, status: 'answered' },
      { daysAgo: 100, status: 'new' },
    ];
    for (const [i, entry] of older.entries()) {
      await t.ctx.db
        .insertInto('inquiries')
        .values({
          id: randomUUID(),
          first_name: 'Old',
          last_name: `Inquiry ${i}`,
          email: `old${i}@example.in`,
          phone: '0422 255 0000',
          service: null,
          message: 'From the past',
          status: entry.status,
          client_ip: null,
          created_at: new Date(now - entry.daysAgo * DAY_MS).toISOString(),
        })
        .execute();
    }

    const result = await stats();
    expect(result.inquiries).toEqual({ total: 6, new: 5, thisWeek: 3, overdue: 0 });
    const expected = new Map<string, number>();
    expected.set(mondayOf(new Date()), 3);
    for (const { daysAgo } of older.slice(0, 2)) {
      const week = mondayOf(new Date(now - daysAgo * DAY_MS));
      expected.set(week, (expected.get(week) ?? 0) + 1);
    }
    expect(result.inquiriesPerWeek.map((week) => [week.weekStart, week.count])).toEqual(
      result.inquiriesPerWeek.map((week) => [week.weekStart, expected.get(week.weekStart) ?? 0]),
    );
    expect(result.inquiriesPerWeek.reduce((sum, week) => sum + week.count, 0)).toBe(5);
  });

  it('counts overdue follow-ups: a day before today in India on an inquiry that is not closed', async () => {
    const today = indianToday();
    const dayBefore = (days: number) => {
      const [y, m, d] = today.split('-').map(Number);
      return new Date(Date.UTC(y!, m! - 1, d! - days)).toISOString().slice(0, 10);
    };
    const before = (await stats()).inquiries;
    const follow = [
      { day: dayBefore(1), status: 'new' },
      { day: dayBefore(40), status: 'quoted' },
      { day: dayBefore(3), status: 'closed' },
      { day: today, status: 'new' },
      { day: dayBefore(-5), status: 'contacted' },
    ];
    for (const [i, entry] of follow.entries()) {
      await t.ctx.db
        .insertInto('inquiries')
        .values({
          id: randomUUID(),
          first_name: 'Follow',
          last_name: `Up ${i}`,
          email: `follow${i}@example.in`,
          phone: '0422 255 0000',
          service: null,
          message: 'Call back',
          status: entry.status,
          client_ip: null,
          created_at: new Date(Date.now() - 20 * DAY_MS).toISOString(),
          follow_up_on: entry.day,
        })
        .execute();
    }
    const after = (await stats()).inquiries;
    expect(after.overdue - before.overdue).toBe(2);
    expect(after.thisWeek).toBe(before.thisWeek);
  });

  it('says which products the last 30 days of inquiries named, most asked first', async () => {
    const now = Date.now();
    const asked = [
      { product: 'CL-25 Capstan Lathe', daysAgo: 1 },
      { product: 'CL-25 Capstan Lathe', daysAgo: 10 },
      { product: 'CNC Turning Centre TC-200', daysAgo: 2 },
      { product: 'CL-25 Capstan Lathe', daysAgo: 29 },
      { product: 'Old Lathe', daysAgo: 31 },
    ];
    for (const [i, entry] of asked.entries()) {
      await t.ctx.db
        .insertInto('inquiries')
        .values({
          id: randomUUID(),
          first_name: 'Buyer',
          last_name: `${i}`,
          email: `buyer${i}@example.in`,
          phone: '0422 255 0000',
          service: null,
          message: 'Quote please',
          product: entry.product,
          status: 'new',
          client_ip: null,
          created_at: new Date(now - entry.daysAgo * DAY_MS).toISOString(),
          reference: `KPM-2026-9000${i}`,
        })
        .execute();
    }
    expect((await stats()).inquiryProducts).toEqual([
      { product: 'CL-25 Capstan Lathe', count: 3 },
      { product: 'CNC Turning Centre TC-200', count: 1 },
    ]);
  });
});
