import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { createMachine, pngFile } from '../helpers/items';

// `npm test` builds the web app into apps/web/dist first; TEST_WEB_DIST_DIR points at another build.
const webDist =
  process.env.TEST_WEB_DIST_DIR ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');
const webSsrEntry = process.env.TEST_WEB_SSR_ENTRY;

/** The app's own markup inside #root. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json"');
  return html.slice(start, end === -1 ? undefined : end);
}

const valuesOf = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`\\s${attribute}="([^"]*)"`, 'g'))].map((match) => match[1]!);

const repeated = (values: string[]) => [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];

/** Every start tag of the markup, with its attributes as written. */
const startTags = (html: string) => html.match(/<[a-z][a-z0-9-]*\b[^>]*>/g) ?? [];

describe('the markup of the public pages', () => {
  let t: TestApp;
  const machines: { id: string }[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(webDist, 'index.html'))) {
      throw new Error(`${webDist} is missing: run \`npm run build\` before the server tests`);
    }
    t = await createTestApp({ webDistDir: webDist, webSsrEntry });
    const token = await t.login();
    for (const [name, code] of [
      ['NP-38 All-Geared Capstan Lathe', 'NP-38'],
      ['NP-25 Capstan Lathe', 'NP-25'],
      ['CNC Turning Centre', 'TC-200'],
      ['Turret Lathe', 'TL-65'],
    ] as const) {
      machines.push(
        await createMachine(t, token, { name, code, description: `${name} for bar work.`, featured: 'true' }, [
          await pngFile(),
        ]),
      );
    }
  });

  afterAll(async () => {
    await t.close();
  });

  const pages = () => [
    '/',
    '/products',
    `/product/${machines[0]!.id}`,
    `/compare?ids=${machines[0]!.id},${machines[1]!.id}`,
    '/no/such/page',
  ];

  it('repeats no id, and no test id, on any public page', async () => {
    for (const url of pages()) {
      const html = rootMarkup((await t.app.inject({ method: 'GET', url })).body);
      expect(repeated(valuesOf(html, 'id')), url).toEqual([]);
      expect(repeated(valuesOf(html, 'data-testid')), url).toEqual([]);
    }
  });

  it('names no element that has no role to carry the name, and sets no popover state by hand', async () => {
    // A div or span with aria-label and no role is a name on nothing (the HTML validator refuses it).
    for (const url of pages()) {
      const tags = startTags(rootMarkup((await t.app.inject({ method: 'GET', url })).body));
      const unnamed = tags.filter(
        (tag) => /^<(div|span)\b/.test(tag) && / aria-label=/.test(tag) && !/ role=/.test(tag),
      );
      expect(unnamed, url).toEqual([]);
      // aria-expanded is not allowed on a popover's button: the browser gives it that state itself.
      expect(
        tags.filter((tag) => / popovertarget=/i.test(tag) && / aria-expanded=/.test(tag)),
        url,
      ).toEqual([]);
    }
  });

  it('heads every public page with the same bar: Home, About, Products, Services and Contact', async () => {
    for (const url of pages()) {
      const html = rootMarkup((await t.app.inject({ method: 'GET', url })).body);
      const bar = /<header data-testid="landing-nav"[\s\S]*?<\/header>/.exec(html)?.[0];
      expect(bar, url).toBeDefined();
      const labels = [...bar!.matchAll(/<a [^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
      expect(labels.slice(0, 5), url).toEqual(['Home', 'About', 'Products', 'Services', 'Contact']);
      if (url !== '/') {
        expect(bar, url).toContain('href="/#about"');
        expect(bar, url).toContain('href="/products"');
        expect(bar, url).toContain('href="/#services"');
        expect(bar, url).toContain('href="/#contact"');
      }
    }
  });

  it('writes the statistics as text the count-up starts from', async () => {
    const html = rootMarkup((await t.app.inject({ method: 'GET', url: '/' })).body);
    const strip = /<section aria-label="Company statistics"[\s\S]*?<\/dl>/.exec(html)![0];
    const text = strip
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    expect(text).toBe('Years Experience 20 + Machines Delivered 500 + Happy Clients 300 + Product Models 15');
  });

  it("loads the catalogue's whole first row at once, whatever the width makes its largest picture", async () => {
    const html = rootMarkup((await t.app.inject({ method: 'GET', url: '/products' })).body);
    const loading = startTags(html)
      .filter((tag) => tag.startsWith('<img'))
      .map((tag) => / loading="(\w+)"/.exec(tag)?.[1]);
    expect(loading.slice(0, 3)).toEqual(['eager', 'eager', 'eager']);
    expect(loading.slice(3).every((value) => value === 'lazy')).toBe(true);
  });

  it('offers "WhatsApp about this item" with the name, the code and the page address on the product page and cards', async () => {
    const product = rootMarkup((await t.app.inject({ method: 'GET', url: `/product/${machines[0]!.id}` })).body);
    const link =
      /<a href="(https:\/\/wa\.me\/[^"]+)"[^>]*aria-label="WhatsApp about this item: NP-38 All-Geared Capstan Lathe/.exec(
        product,
      );
    expect(link).not.toBeNull();
    const message = new URL(link![1]!.replaceAll('&amp;', '&')).searchParams.get('text');
    expect(message).toBe(
      `Hello, I am interested in NP-38 All-Geared Capstan Lathe (NP-38): ${t.config.publicUrl}/product/${machines[0]!.id}`,
    );
    const catalogue = rootMarkup((await t.app.inject({ method: 'GET', url: '/products' })).body);
    expect(catalogue.match(/aria-label="WhatsApp about this item: /g)?.length).toBeGreaterThanOrEqual(machines.length);
  });
});
