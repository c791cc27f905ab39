import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { signInAs } from '../helpers/staff';

let t: TestApp;
let owner: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login();
});
afterAll(async () => t.close());

const me = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json() as { locale: string };
const choose = (token: string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/locale', headers: bearer(token), payload: payload as object });

describe("each staff member's language for the back office", () => {
  it('is English until chosen, then the one chosen, for that person only', async () => {
    const sales = await signInAs(t, 'sales');
    expect((await me(owner)).locale).toBe('en');

    const chosen = await choose(sales.token, { locale: 'hi' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ locale: 'hi' });
    expect((await me(sales.token)).locale).toBe('hi');
    expect((await me(owner)).locale).toBe('en');

    expect((await choose(sales.token, { locale: 'en' })).statusCode).toBe(200);
    expect((await me(sales.token)).locale).toBe('en');
  });

  it('refuses a language the site does not speak, or anything else in the body, and changes nothing', async () => {
    expect((await choose(owner, { locale: 'ta' })).statusCode).toBe(200);
    for (const payload of [{ locale: 'fr' }, { locale: '' }, {}, { locale: 'hi', role: 'owner' }]) {
      const refused = await choose(owner, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await choose(owner, { locale: 'fr' })).json()).toMatchObject({ message: expect.stringContaining('Tamil') });
    expect((await me(owner)).locale).toBe('ta');
  });

  it('needs a signed-in person', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/auth/locale', payload: { locale: 'ta' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
