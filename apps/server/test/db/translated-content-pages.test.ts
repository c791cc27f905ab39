import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine } from '../helpers/items';

// The items' own texts as staff translated them (decision 072), in the server's HTML of each
// language's pages: for crawlers and visitors without JavaScript.

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const TAMIL_NAME = 'சிஎல்-25 முழு கியர் கேப்ஸ்டன் லேத்';
const HINDI_NAME = 'सीएल-25 ऑल-गियर्ड कैप्स्टन लेथ';
const TAMIL_LABEL = 'பார் கொள்ளளவு';

describe('translated items in the server-rendered pages', () => {
  let t: TestApp;
  let id: string;

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error('apps/web/dist is missing: run `npm run build` before the server tests');
    }
    t = await createTestApp({ webDistDir: webDist });
    const token = await t.login();
    ({ id } = await createMachine(t, token, {
      code: 'CL-25-TR',
      featured: 'true',
      translations: JSON.stringify({
        ta: { name: TAMIL_NAME, specifications: { 'Bar Capacity': TAMIL_LABEL } },
        hi: { name: HINDI_NAME },
      }),
    }));
  });
  afterAll(async () => t?.close());

  const page = async (url: string) => (await t.app.inject({ method: 'GET', url })).body;

  it('names the item in Tamil on its Tamil page: heading, title, specification label and JSON-LD', async () => {
    const html = await page(`/ta/product/${id}`);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${TAMIL_NAME}</h1>`));
    expect(html).toMatch(new RegExp(`<title>${TAMIL_NAME}[^<]*</title>`));
    expect(html).toContain(TAMIL_LABEL);
    expect(html).toContain(`"name":"${TAMIL_NAME}"`);
    expect(html).not.toContain('CL-25 All-Geared Capstan Lathe');
  });

  it('names it in Hindi on the Hindi catalogue and landing pages, and in English on the English ones', async () => {
    expect(await page('/hi/products')).toContain(HINDI_NAME);
    expect(await page('/hi/')).toContain(HINDI_NAME);
    const english = await page(`/product/${id}`);
    expect(english).toContain('CL-25 All-Geared Capstan Lathe');
    expect(english).not.toContain(TAMIL_NAME);
  });
});
