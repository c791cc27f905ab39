import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_LIST_COOKIE } from '@capstan/shared';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, createPart } from '../helpers/items';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

// React separates neighbouring text with <!-- -->; the reader sees one text.
const rootMarkup = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replaceAll('<!-- -->', '');

/** An item deleted from the catalogue since it was put on the list. */
const GONE = '6f1c1f66-0000-4000-8000-00000000dead';

describe('GET /quote, server-rendered from the visitor’s quote_list cookie (decision 074)', () => {
  let t: TestApp;
  let lathe: { id: string };
  let collet: { id: string };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    const token = await t.login();
    lathe = await createMachine(t, token, { name: 'NP-38 Capstan Lathe', code: 'NP-38' });
    collet = await createPart(t, token, { name: 'Spring Collet 25 mm', code: 'SC-25' });
  });
  afterAll(async () => t.close());

  it('shows the lines of the cookie, with the plain request form carrying them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/quote',
      headers: { cookie: `${QUOTE_LIST_COOKIE}=${lathe.id}:2.${GONE}:1.${collet.id}:40` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(response.body).toContain('<title>Your quote list | ');
    expect(response.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/quote">`);
    const root = rootMarkup(response.body);
    expect(root).toContain('NP-38 Capstan Lathe');
    expect(root).toContain('Spring Collet 25 mm');
    expect(root).toContain('No longer in the catalogue');
    expect(root).toMatch(new RegExp(`name="quantity"[^>]*value="40"|value="40"[^>]*name="quantity"`));
    // Without JavaScript the request goes to POST /contact with the lines still in the catalogue.
    expect(root).toContain('action="/contact"');
    expect(root).toContain(`name="items" value="${lathe.id}:2.${collet.id}:40"`);
    // The message is in the HTML, so the form sent without JavaScript is not refused for lacking one.
    expect(root).toMatch(
      /<textarea[^>]*name="message"[^>]*>Please send us your quotation for the items listed\.<\/textarea>/,
    );
    // Each line is its own form to POST /quote/lines, back to this page.
    expect(root).toContain('action="/quote/lines"');
    expect(root).toContain('name="back" value="/quote"');
  });

  it('shows another visitor, without the cookie, an empty list', async () => {
    await t.app.inject({ method: 'GET', url: '/quote', headers: { cookie: `${QUOTE_LIST_COOKIE}=${lathe.id}:2` } });
    const response = await t.app.inject({ method: 'GET', url: '/quote' });
    expect(response.statusCode).toBe(200);
    const root = rootMarkup(response.body);
    expect(root).toContain('Your quote list is empty');
    expect(root).not.toContain('NP-38 Capstan Lathe');
    expect(response.body).not.toContain(lathe.id);
  });

  it('is in Tamil at /ta/quote', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/ta/quote',
      headers: { cookie: `${QUOTE_LIST_COOKIE}=${collet.id}:4` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="ta">');
    const root = rootMarkup(response.body);
    expect(root).toContain('உங்கள் விலைப்புள்ளிப் பட்டியல்');
    expect(root).toContain('Spring Collet 25 mm');
    expect(root).toContain('name="back" value="/ta/quote"');
  });
});
