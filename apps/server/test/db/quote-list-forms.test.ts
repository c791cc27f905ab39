import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_LINES_ACTION, QUOTE_LIST_MAX_LINES, type Inquiry } from '@capstan/shared';
import { bearer, createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

// Issue 39 without JavaScript (decision 074): the quote list kept in its cookie and changed by
// `POST /quote/lines`, and sent with the plain contact form's hidden `items`.

let t: TestApp;
let token: string;
let machine: { id: string };
let part: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  machine = await createMachine(t, token, { name: 'NP-25 Capstan Lathe', code: 'NP-25' });
  part = await createPart(t, token, { name: 'Collet chuck 25 mm' });
  // Its Tamil name, as staff enter it (decision 072): a Tamil page lists it so.
  await t.ctx.db
    .updateTable('items')
    .set({ translations: JSON.stringify({ ta: { name: 'கொலெட் சக் 25 மி.மீ' } }) })
    .where('id', '=', part.id)
    .execute();
}, 60_000);
afterAll(async () => t.close());

let nextAddress = 1;
const freshAddress = () => `10.74.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

const formPost = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    remoteAddress: freshAddress(),
  });

const setCookieOf = (response: { headers: Record<string, unknown> }): string | undefined => {
  const header = response.headers['set-cookie'];
  return Array.isArray(header) ? header.join('\n') : (header as string | undefined);
};

const linesOf = async (email: string) => {
  const row = await t.ctx.db.selectFrom('inquiries').select('id').where('email', '=', email).executeTakeFirst();
  if (!row) return undefined;
  const response = await t.app.inject({ method: 'GET', url: `/api/inquiries/${row.id}`, headers: bearer(token) });
  return response.json<Inquiry>().items;
};

describe('POST /contact with the quote list’s lines (no JavaScript)', () => {
  const filled = (overrides: Record<string, string> = {}) => ({
    firstName: 'Senthil',
    lastName: 'Kumar',
    email: 'senthil@works.example.in',
    phone: '+91 98430 22222',
    message: 'Please quote these.',
    items: `${machine.id}:2.${part.id}:10`,
    ...overrides,
  });

  it('stores the lines, thanks the buyer and clears the quote list cookie', async () => {
    const response = await formPost('/contact', filled());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain('Thank you for your inquiry!');
    const cookie = setCookieOf(response);
    expect(cookie).toMatch(/^quote_list=;/);
    expect(cookie).toContain('Max-Age=0');
    expect(cookie).toContain('Path=/');
    expect(await linesOf('senthil@works.example.in')).toEqual([
      { id: machine.id, kind: 'machine', code: 'NP-25', name: 'NP-25 Capstan Lathe', quantity: 2 },
      { id: part.id, kind: 'spare', code: null, name: 'Collet chuck 25 mm', quantity: 10 },
    ]);
  });

  it('leaves the quote list alone when the form carried no lines', async () => {
    const response = await formPost('/contact', filled({ email: 'no.list@works.example.in', items: '' }));
    expect(response.statusCode).toBe(200);
    expect(setCookieOf(response)).toBeUndefined();
    expect(await linesOf('no.list@works.example.in')).toEqual([]);
  });

  it('shows a refused form again with the lines listed above it and kept in the hidden field', async () => {
    const response = await formPost('/contact', filled({ email: 'refused@works.example.in', phone: '' }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Phone is required');
    expect(response.body).toContain('<h2 id="lines-heading">Items in your request</h2>');
    expect(response.body).toContain('<li>NP-25 Capstan Lathe × 2</li><li>Collet chuck 25 mm × 10</li>');
    expect(response.body).toContain(`<input type="hidden" name="items" value="${machine.id}:2.${part.id}:10">`);
    expect(setCookieOf(response)).toBeUndefined();
    expect(await linesOf('refused@works.example.in')).toBeUndefined();
  });

  it('says in the page’s language that an item is no longer in the catalogue, and sends the rest again', async () => {
    const gone = randomUUID();
    const response = await formPost(
      '/contact',
      filled({ email: 'gone@works.example.in', locale: 'ta', items: `${gone}:1.${part.id}:3` }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<html lang="ta">');
    expect(response.body).toContain('உங்கள் விலைப்புள்ளிப் பட்டியலில் உள்ள ஒரு பொருள் இப்போது எங்கள் கேட்டலாக்கில் இல்லை');
    expect(response.body).toContain('<li>கொலெட் சக் 25 மி.மீ × 3</li>');
    expect(response.body).toContain(`<input type="hidden" name="items" value="${part.id}:3">`);
    expect(response.body).not.toContain(gone);
    expect(await linesOf('gone@works.example.in')).toBeUndefined();
  });
});

describe(`POST ${QUOTE_LINES_ACTION} (the quote list’s buttons without JavaScript)`, () => {
  const change = (fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
    formPost(QUOTE_LINES_ACTION, fields, { ...(cookie === undefined ? {} : { cookie }), ...headers });

  it('adds a line to the cookie and goes back to the page', async () => {
    const response = await change({ id: machine.id, quantity: '2', action: 'add', back: '/ta/products?tab=machines' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/ta/products?tab=machines');
    expect(setCookieOf(response)).toBe(`quote_list=${machine.id}:2; Path=/; SameSite=Lax; Max-Age=7776000`);
  });

  it('adds to a line already there, sets and removes lines, keeping the others', async () => {
    const cookie = `theme=dark; quote_list=${machine.id}:2.${part.id}:1`;
    const added = await change({ id: part.id, quantity: '4', action: 'add', back: '/quote' }, cookie);
    expect(setCookieOf(added)).toMatch(new RegExp(`^quote_list=${machine.id}:2\\.${part.id}:5;`));

    const set = await change({ id: machine.id, quantity: '7', action: 'set', back: '/quote' }, cookie);
    expect(setCookieOf(set)).toMatch(new RegExp(`^quote_list=${machine.id}:7\\.${part.id}:1;`));

    const removed = await change({ id: machine.id, action: 'remove', back: '/quote' }, cookie);
    expect(removed.statusCode).toBe(303);
    expect(setCookieOf(removed)).toMatch(new RegExp(`^quote_list=${part.id}:1;`));

    // An item deleted from the catalogue since it was added still leaves the list.
    const gone = randomUUID();
    const last = await change({ id: gone, action: 'remove', back: '/quote' }, `quote_list=${gone}:3`);
    expect(last.statusCode).toBe(303);
    expect(setCookieOf(last)).toMatch(/^quote_list=; Path=\/; SameSite=Lax; Max-Age=0$/);
  });

  it('answers a full list back with the list unchanged and a flag for the notice', async () => {
    const full = Array.from({ length: QUOTE_LIST_MAX_LINES }, () => `${randomUUID()}:1`).join('.');
    const response = await change(
      { id: part.id, action: 'add', back: '/hi/product/x?tab=specs#top' },
      `quote_list=${full}`,
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/hi/product/x?tab=specs&quote=full#top');
    expect(setCookieOf(response)).toBeUndefined();
    // The next change that succeeds does not carry the flag on.
    const next = await change({ id: part.id, action: 'add', back: '/quote?quote=full' });
    expect(next.headers.location).toBe('/quote');
  });

  const bad: [string, () => Record<string, string>, string][] = [
    ['an unknown action', () => ({ id: part.id, action: 'explode', back: '/ta/quote' }), 'பக்கத்தில் உள்ள பட்டன்களை'],
    ['a quantity of 0', () => ({ id: part.id, quantity: '0', action: 'add', back: '/quote' }), 'from 1 to 9,999'],
    [
      'a quantity of 10000',
      () => ({ id: part.id, quantity: '10000', action: 'set', back: '/quote' }),
      'from 1 to 9,999',
    ],
    ['a quantity of 1.5', () => ({ id: part.id, quantity: '1.5', action: 'add', back: '/quote' }), 'from 1 to 9,999'],
    [
      'an id that is no catalogue item',
      () => ({ id: randomUUID(), action: 'add', back: '/hi/quote' }),
      'कैटलॉग में नहीं है',
    ],
  ];
  for (const [what, fieldsOf, words] of bad) {
    it(`refuses ${what} with a page in the page’s language, changing nothing`, async () => {
      const fields = fieldsOf();
      const response = await change(fields, `quote_list=${machine.id}:2`);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain(words);
      expect(response.body).toContain(`href="${fields.back}"`);
      expect(setCookieOf(response)).toBeUndefined();
    });
  }

  it('refuses a change posted from another site’s page, changing nothing', async () => {
    const response = await change({ id: part.id, action: 'add', back: '/quote' }, `quote_list=${machine.id}:2`, {
      'sec-fetch-site': 'cross-site',
    });
    expect(response.statusCode).toBe(400);
    expect(setCookieOf(response)).toBeUndefined();
    const ours = await change({ id: part.id, action: 'add', back: '/quote' }, undefined, {
      'sec-fetch-site': 'same-origin',
    });
    expect(ours.statusCode).toBe(303);
  });

  it('never sends the buyer to another site', async () => {
    for (const back of ['//evil.example', '/\\evil.example', 'https://evil.example/quote', '/\t/evil.example', '']) {
      const response = await change({ id: part.id, action: 'add', back });
      expect(response.statusCode, back).toBe(303);
      expect(response.headers.location, back).toBe('/quote');
    }
    const refused = await change({ id: part.id, action: 'nope', back: '//evil.example' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).not.toContain('evil.example');
  });
});

describe('the quote list cookie behind an https proxy', () => {
  let behindProxy: TestApp;
  beforeAll(async () => {
    behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  }, 60_000);
  afterAll(async () => behindProxy.close());

  it('is Secure when the visitor came over https', async () => {
    const { id } = await createPart(behindProxy, await behindProxy.login(), { name: 'Drill chuck 13 mm' });
    const response = await behindProxy.app.inject({
      method: 'POST',
      url: QUOTE_LINES_ACTION,
      payload: new URLSearchParams({ id, action: 'add', back: '/quote' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
    });
    expect(response.statusCode).toBe(303);
    expect(setCookieOf(response)).toBe(`quote_list=${id}:1; Path=/; SameSite=Lax; Max-Age=7776000; Secure`);
  });
});
