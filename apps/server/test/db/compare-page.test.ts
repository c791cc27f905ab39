import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine } from '../helpers/items';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

// React separates neighbouring text with <!-- -->; the reader sees one text.
const rootMarkup = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replaceAll('<!-- -->', '');

describe('GET /compare, server-rendered', () => {
  let t: TestApp;
  let a: { id: string };
  let b: { id: string };

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    const token = await t.login();
    const specs = (bar: number, unit: string, drive: string) =>
      JSON.stringify([
        { key: 'Bar capacity', number: bar, unit },
        { key: 'Drive', value: drive },
      ]);
    a = await createMachine(t, token, {
      name: 'NP-38 Capstan Lathe',
      code: 'NP-38',
      category: 'capstan-lathe',
      price: '650000',
      specifications: specs(38, 'mm', 'All geared'),
    });
    b = await createMachine(t, token, {
      name: 'KT-65 Turning Centre',
      category: 'cnc-lathe',
      specifications: specs(2.5, 'inch', 'All geared'),
    });
  });
  afterAll(async () => t.close());

  it('renders the table with one unit per row, and a head that previews a shared link', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/compare?ids=${a.id},${b.id}` });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const title = 'Compare NP-38 Capstan Lathe vs KT-65 Turning Centre';
    expect(html).toContain(`<title>${title} | `);
    expect(html).toContain(`<meta property="og:title" content="${title} | `);
    expect(html).toMatch(
      /<meta name="description" content="NP-38 Capstan Lathe and KT-65 Turning Centre from [^"]+ side by side/,
    );
    expect(html).toContain(`<link rel="canonical" href="${t.config.publicUrl}/compare?ids=${a.id},${b.id}">`);
    // Any set of ids is another URL of the same machines: previews yes, search engines no.
    expect(html).toContain('noindex');
    const root = rootMarkup(html);
    expect(root).toContain('NP-38 Capstan Lathe');
    expect(root).toContain('KT-65 Turning Centre');
    expect(root).toContain('63.5 mm');
    expect(root).toContain('entered as 2.5 inch');
    expect(root).toContain('Capstan lathe');
    expect(root).toContain('Request Quote');
  });

  it('leaves out ids that are not machines, and shows the way back when none is left', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/compare?ids=not-an-id' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Compare machines | ');
    expect(rootMarkup(response.body)).toContain('No machines to compare yet');
  });
});
