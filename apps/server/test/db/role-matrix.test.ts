import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, PRIVATE_COMPANY_FIELDS, STAFF_ROLES, type StaffRole } from '@capstan/shared';
import {
  ANY_STAFF,
  AUTH_REQUIRED_MESSAGE,
  type DeclaredRoute,
  FORBIDDEN_MESSAGE,
  permits,
} from '../../src/plugins/authentication';
import { createMachine, createPart } from '../helpers/items';
import { signInAs, wholeState } from '../helpers/staff';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';

/**
 * Staff roles (decision 024): route × role × method, generated from Fastify's own route table, so every staff
 * route added later (by any module) is in the matrix without anyone listing it here.
 */

// Routes any signed-in role may use. A new route claiming this must be added here on purpose.
const ANY_STAFF_ROUTES = new Set([
  'GET /api/auth/me',
  'HEAD /api/auth/me',
  'POST /api/auth/logout',
  'GET /api/auth/account',
  'HEAD /api/auth/account',
  'POST /api/auth/password',
  'PUT /api/auth/locale',
  'POST /api/auth/totp/setup',
  'POST /api/auth/totp/enable',
  'POST /api/auth/totp/disable',
  'GET /api/admin/stats',
  'HEAD /api/admin/stats',
]);

let t: TestApp;
let tokens: Record<StaffRole, string>;
let routes: DeclaredRoute[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const ownerToken = await t.login();
  // Real rows behind every :id, so a route that forgot its check would visibly change something.
  ids['/api/products'] = (await createMachine(t, ownerToken)).id;
  ids['/api/spareparts'] = (await createPart(t, ownerToken)).id;
  const service = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: bearer(ownerToken),
    payload: { title: 'Lathe overhaul', description: 'Complete overhaul of a capstan lathe.', images: [] },
  });
  ids['/api/services'] = (service.json() as { id: string }).id;
  const inquiry = await t.app.inject({
    method: 'POST',
    url: '/api/inquiries',
    payload: {
      firstName: 'Asha',
      lastName: 'Patil',
      email: 'asha@example.com',
      phone: '+91 98765 43210',
      message: 'Please send a quotation for the CL-25.',
    },
  });
  ids['/api/inquiries'] = (inquiry.json() as { id: string }).id;
  tokens = {
    owner: ownerToken,
    editor: (await signInAs(t, 'editor')).token,
    sales: (await signInAs(t, 'sales')).token,
    service: (await signInAs(t, 'service')).token,
  };
  const owner = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(ownerToken) });
  ids['/api/admin/staff'] = (owner.json() as { user: { id: string } }).user.id;
  routes = t.app.declaredRoutes.filter((route) => route.access === 'admin');
}, 60_000);
afterAll(async () => t.close());

function concreteUrl(url: string): string {
  return url.replace(/:([A-Za-z]+)/g, (_match, _name: string, offset: number) => {
    const prefix = url.slice(0, offset - 1);
    return ids[prefix] ?? randomUUID();
  });
}

const key = (route: DeclaredRoute) => `${route.method} ${route.url}`;

function send(route: DeclaredRoute, token: string | null) {
  const writes = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(route.method);
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route.url),
    headers: token ? bearer(token) : {},
    ...(writes ? { payload: {} } : {}),
  });
}

describe('the route table', () => {
  it('has staff routes, and each declares a permission the role table knows', () => {
    expect(routes.length).toBeGreaterThan(15);
    const problems = routes.flatMap((route) => {
      if (route.permission === undefined) return [`${key(route)} declares no permission`];
      if (route.permission === ANY_STAFF) {
        return ANY_STAFF_ROUTES.has(key(route)) ? [] : [`${key(route)} is open to every role but not listed as such`];
      }
      return PERMISSIONS.includes(route.permission) ? [] : [`${key(route)} needs an unknown permission`];
    });
    expect(problems).toEqual([]);
  });

  it('lets the owner do everything a permission names', () => {
    for (const permission of PERMISSIONS) expect(permits({ role: 'owner' }, permission), permission).toBe(true);
  });
});

describe.each(['anonymous', ...STAFF_ROLES.filter((role) => role !== 'owner')] as const)('as %s', (who) => {
  it('every route the role may not use is refused and changes nothing', async () => {
    const checked: string[] = [];
    for (const route of routes) {
      const token = who === 'anonymous' ? null : tokens[who];
      if (who !== 'anonymous' && permits({ role: who }, route.permission)) continue;
      const before = await wholeState(t);
      const response = await send(route, token);
      const expected = who === 'anonymous' ? 401 : 403;
      expect(response.statusCode, `${key(route)} as ${who}: ${response.body}`).toBe(expected);
      if (route.method !== 'HEAD') {
        expect(response.json(), key(route)).toEqual({
          message: who === 'anonymous' ? AUTH_REQUIRED_MESSAGE : FORBIDDEN_MESSAGE,
        });
      }
      expect(await wholeState(t), `${key(route)} as ${who} changed something`).toEqual(before);
      checked.push(key(route));
    }
    expect(checked.length).toBeGreaterThan(0);
  }, 120_000);
});

describe('allowed reads', () => {
  it('each role reads the staff pages its permissions open', async () => {
    for (const role of STAFF_ROLES) {
      for (const route of routes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
        const response = await send(route, tokens[role]);
        const allowed = permits({ role }, route.permission);
        expect(response.statusCode, `${key(route)} as ${role}`).toBe(allowed ? 200 : 403);
      }
    }
  });
});

describe('decisions the generated matrix would not show by name (decision 050)', () => {
  const status = async (method: 'GET' | 'POST', url: string, role: StaffRole) =>
    (await t.app.inject({ method, url, headers: bearer(tokens[role]), ...(method === 'POST' ? { payload: {} } : {}) }))
      .statusCode;

  it('the outbox (the emails about leads) is read by owners and sales, never by editors', async () => {
    expect(await status('GET', '/api/admin/outbox', 'owner')).toBe(200);
    expect(await status('GET', '/api/admin/outbox', 'sales')).toBe(200);
    expect(await status('GET', '/api/admin/outbox', 'editor')).toBe(403);
    const [message] = await t.ctx.db.selectFrom('outbox').select('id').limit(1).execute();
    expect(message).toBeDefined();
    expect(await status('POST', `/api/admin/outbox/${message?.id}/resend`, 'editor')).toBe(403);
  });

  it('the addresses the inquiry emails go to are given to owners, not to editors editing the landing page', async () => {
    const read = async (role: StaffRole) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/admin/site', headers: bearer(tokens[role]) });
      expect(response.statusCode, role).toBe(200);
      return response.json<{ company: Record<string, unknown>; landing: unknown }>();
    };
    const owner = await read('owner');
    expect(owner.company.notificationEmails).toEqual([expect.stringContaining('@')]);
    const editor = await read('editor');
    expect(editor.company).not.toHaveProperty('notificationEmails');
    expect(JSON.stringify(editor)).not.toContain(String((owner.company.notificationEmails as string[])[0]));
    // Nor the bank account, UPI id and quotation prefix (decision 075); everything else is the same.
    const privateFields: readonly string[] = PRIVATE_COMPANY_FIELDS;
    for (const field of privateFields) expect(editor.company, field).not.toHaveProperty(field);
    const ownerCompany = Object.fromEntries(
      Object.entries(owner.company).filter(([key]) => !privateFields.includes(key)),
    );
    expect(editor).toEqual({ ...owner, company: ownerCompany });
  });

  it('every role but service downloads the catalogue export (the price list); only catalogue writers import', async () => {
    for (const role of STAFF_ROLES) {
      for (const kind of ['machines', 'spare-parts', 'services']) {
        const expected = role === 'service' ? 403 : 200;
        expect(await status('GET', `/api/catalogue-export/${kind}?format=csv`, role), `${role} ${kind}`).toBe(expected);
      }
    }
    expect(await status('POST', '/api/catalogue-import/machines?mode=preview', 'sales')).toBe(403);
    expect(await status('POST', '/api/catalogue-import/machines/pictures', 'sales')).toBe(403);
  });
});
