import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_COMPANY,
  DEFAULT_LANDING,
  QUOTE_LIST_COOKIE,
  QUOTE_PAGE_LINES_PARAM,
  type SsrEntryModule,
} from '@capstan/shared';
import { createPageRenderer, quotePageUrl } from '../../src/modules/ssr/page-renderer';
import { parseTemplate, type WebBuild } from '../../src/modules/ssr/web-build';

const template = parseTemplate(
  '<html><head><meta charset="UTF-8"><!--app-head--><title>x</title><!--/app-head-->' +
    '</head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
);
const assets = { entry: '/assets/index-1.js', loader: '/assets/loader-1.js', stylesheet: '/assets/style-1.css' };

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';

/**
 * Stands in for the web app's quote list page: it draws the lines of the URL it is rendered at
 * (as prefetch-page reads QUOTE_PAGE_LINES_PARAM), and counts its renders.
 */
function quoteEntry() {
  const rendered: string[] = [];
  const entry: SsrEntryModule = {
    render: async (url) => {
      rendered.push(url);
      const lines = new URL(url).searchParams.get(QUOTE_PAGE_LINES_PARAM);
      return {
        kind: 'page',
        status: 200,
        page: { kind: 'quote' },
        html: lines === null ? '<p class="lines">Your quote list is empty</p>' : `<p class="lines">${lines}</p>`,
        dataJson: '{}',
        lazyModules: [],
      };
    },
  };
  return { entry, rendered };
}

const SEEDED_AT = '2026-11-24T00:00:00.000Z';
const site = {
  company: { ...DEFAULT_COMPANY, updatedAt: SEEDED_AT },
  landing: { ...DEFAULT_LANDING, updatedAt: SEEDED_AT },
};

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
});

async function quoteApp() {
  const { entry, rendered } = quoteEntry();
  const build: WebBuild = { template, entry, assets, chunkFiles: () => [] };
  app = Fastify();
  app.get('/api/site', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['if-none-match'] === '"s1"') return reply.status(304).send();
    return reply.header('etag', '"s1"').send(site);
  });
  const renderPage = createPageRenderer(app, build, 'http://example.test');
  app.get('/quote', renderPage);
  app.get('/ta/quote', renderPage);
  await app.ready();
  return { app, rendered };
}

const visit = (url: string, cookie?: string) =>
  app!.inject({ method: 'GET', url, headers: cookie === undefined ? {} : { cookie } });

describe('the quote list page, server-rendered from the visitor’s cookie', () => {
  it('renders the lines of the cookie, for that visitor only; another visitor gets the empty list', async () => {
    const { rendered } = await quoteApp();
    const mine = await visit('/quote', `theme=dark; ${QUOTE_LIST_COOKIE}=${A}:2.${B}:40`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(`<p class="lines">${A}:2.${B}:40</p>`);
    expect(rendered).toEqual([`http://example.test/quote?${QUOTE_PAGE_LINES_PARAM}=${A}%3A2.${B}%3A40`]);
    // Not for search engines, and no shared cache may keep it for someone else.
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect(mine.headers['x-robots-tag']).toBe('noindex');
    expect(mine.body).toContain(`<title>Your quote list | ${DEFAULT_COMPANY.name}</title>`);
    // Its address is the page's, never one with the lines.
    expect(mine.body).toContain('<link rel="canonical" href="http://example.test/quote">');

    const theirs = await visit('/quote');
    expect(theirs.body).toContain('<p class="lines">Your quote list is empty</p>');
    expect(theirs.body).not.toContain(A);
    expect(theirs.headers['cache-control']).toBe('private, no-cache');
  });

  it('keeps each list’s page apart: the same list again is served from the cache, another is rendered', async () => {
    const { rendered } = await quoteApp();
    const first = await visit('/quote', `${QUOTE_LIST_COOKIE}=${A}:2`);
    const again = await visit('/quote', `${QUOTE_LIST_COOKIE}=${A}:2`);
    expect(again.body).toBe(first.body);
    expect(rendered).toHaveLength(1);
    const other = await visit('/quote', `${QUOTE_LIST_COOKIE}=${A}:3`);
    expect(other.body).toContain(`<p class="lines">${A}:3</p>`);
    expect(rendered).toHaveLength(2);
  });

  it('never shows lines the address claims, only the cookie’s, written one way', async () => {
    const { rendered } = await quoteApp();
    const forged = await visit(`/quote?${QUOTE_PAGE_LINES_PARAM}=${B}:9`);
    expect(forged.body).toContain('Your quote list is empty');
    expect(forged.body).not.toContain(B);
    // A malformed line is dropped, a repeated item kept once: one list, one URL.
    const messy = await visit(
      `/quote?quote=full&${QUOTE_PAGE_LINES_PARAM}=x`,
      `${QUOTE_LIST_COOKIE}=${A}:2.${A}:5.bad`,
    );
    expect(messy.body).toContain(`<p class="lines">${A}:2</p>`);
    expect(rendered.at(-1)).toBe(`http://example.test/quote?quote=full&${QUOTE_PAGE_LINES_PARAM}=${A}%3A2`);
  });

  it('speaks the page’s language in its head', async () => {
    await quoteApp();
    const tamil = await visit('/ta/quote', `${QUOTE_LIST_COOKIE}=${A}:1`);
    expect(tamil.body).toContain('<html lang="ta">');
    expect(tamil.body).toContain('<title>உங்கள் விலைப்புள்ளிப் பட்டியல் | ');
    expect(tamil.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('quotePageUrl', () => {
  it('puts the lines in their parameter, after what else the address asked for', () => {
    expect(quotePageUrl('/quote', '', '')).toBe('/quote');
    expect(quotePageUrl('/ta/quote', '', `${A}:1`)).toBe(`/ta/quote?${QUOTE_PAGE_LINES_PARAM}=${A}%3A1`);
    expect(quotePageUrl('/quote', `quote=full&${QUOTE_PAGE_LINES_PARAM}=forged`, '')).toBe('/quote?quote=full');
  });
});
