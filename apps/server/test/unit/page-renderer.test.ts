import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COMPANY, DEFAULT_LANDING, type SsrEntryModule } from '@capstan/shared';
import { createPageRenderer, fetchHeaders } from '../../src/modules/ssr/page-renderer';
import { PageStylesheet } from '../../src/modules/ssr/page-stylesheet';
import { buildAssets, parseTemplate, type WebBuild } from '../../src/modules/ssr/web-build';

// As Vite writes apps/web/index.html: its own entry script and stylesheet tags before </head>.
const template = parseTemplate(
  '<html><head><meta charset="UTF-8"><!--app-head--><title>x</title><!--/app-head-->' +
    '<script type="module" crossorigin src="/assets/index-vite.js"></script><link rel="stylesheet" crossorigin href="/assets/style-1.css">' +
    '</head><body><div id="root"><!--app-html--></div><!--app-data--></body></html>',
);
const assets = { entry: '/assets/index-1.js', loader: '/assets/loader-1.js', stylesheet: '/assets/style-1.css' };

/** A renderer that reads one API answer and shows it, like the real one does through the query layer. */
const entry: SsrEntryModule = {
  render: async (_url, fetchFromApi) => {
    const response = await fetchFromApi('/api/products/featured');
    const text = response.ok ? await response.text() : 'failed';
    return {
      kind: 'page',
      status: 200,
      page: { kind: 'home' },
      html: `<p class="answer">${text}</p>`,
      dataJson: '{}',
      lazyModules: [],
    };
  },
};
const build: WebBuild = { template, entry, assets, chunkFiles: () => [] };

const SEEDED_AT = '2026-11-24T00:00:00.000Z';
const site = {
  company: { ...DEFAULT_COMPANY, updatedAt: SEEDED_AT },
  landing: { ...DEFAULT_LANDING, updatedAt: SEEDED_AT },
};

/** GET /api/site, which the renderer reads for every page's head (company name, JSON-LD). */
function answerSiteSettings(server: ReturnType<typeof Fastify>, status = 200) {
  server.get('/api/site', async (request: FastifyRequest, reply: FastifyReply) => {
    if (status !== 200) return reply.status(status).send({ message: 'busy' });
    if (request.headers['if-none-match'] === '"s1"') return reply.status(304).send();
    return reply.header('etag', '"s1"').send(site);
  });
}

let app: ReturnType<typeof Fastify> | undefined;
afterEach(async () => {
  await app?.close();
});

/** Warnings and errors the app logged, parsed. */
let logged: { msg: string; failed?: unknown }[] = [];

async function appAnswering(status: number, siteStatus = 200) {
  let calls = 0;
  logged = [];
  app = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line) as never) } },
  });
  app.get('/api/products/featured', async (request: FastifyRequest, reply: FastifyReply) => {
    calls += 1;
    if (status === 200 && request.headers['if-none-match'] === '"v1"') return reply.status(304).send();
    return reply
      .status(status)
      .header('etag', '"v1"')
      .send(status === 200 ? '["machine"]' : { message: 'busy' });
  });
  answerSiteSettings(app, siteStatus);
  const renderPage = createPageRenderer(app, build, 'http://example.test');
  app.get('/', renderPage);
  await app.ready();
  return { app, calls: () => calls };
}

describe('page renderer', () => {
  it('renders with the API answer and reuses the page while its ETag holds', async () => {
    const { app, calls } = await appAnswering(200);
    const first = await app.inject({ method: 'GET', url: '/' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('<p class="answer">["machine"]</p>');
    const second = await app.inject({ method: 'GET', url: '/' });
    expect(second.body).toBe(first.body);
    // The second visit only revalidated (one conditional GET), it did not render again.
    expect(calls()).toBe(2);
  });

  it('answers 503 with Retry-After, not a page built on a failed answer, when the API is unavailable', async () => {
    const { app } = await appAnswering(503);
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body).not.toContain('failed');
    expect(response.body).toContain('<meta name="robots" content="noindex');
    // One warning names the page's answer that failed, so a busy page can be traced to its cause.
    expect(logged.filter((line) => line.msg.includes('answered 503'))).toEqual([
      expect.objectContaining({ failed: [{ path: '/api/products/featured', status: 503 }] }),
    ]);
  });

  it('answers 503 too when the site settings cannot be read, and uses the company as staff set it otherwise', async () => {
    const busy = await appAnswering(200, 503);
    const response = await busy.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('<meta name="robots" content="noindex');
    await busy.app.close();

    const { app: working } = await appAnswering(200);
    const page = await working.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<meta property="og:site_name" content="${DEFAULT_COMPANY.name}">`);
  });

  it('reads each API path once per render, and hands every caller the whole answer', async () => {
    const asked = new Map<string, number>();
    app = Fastify();
    app.addHook('onRequest', async (request: FastifyRequest) => {
      asked.set(request.url, (asked.get(request.url) ?? 0) + 1);
    });
    app.get('/api/products/featured', async (request: FastifyRequest, reply: FastifyReply) =>
      request.headers['if-none-match'] === '"v1"'
        ? reply.status(304).send()
        : reply.header('etag', '"v1"').header('x-total-count', '1').send('["machine"]'),
    );
    answerSiteSettings(app);
    // As an item page: the body reads its answers, then the head asks again for the site and the item.
    const twice: SsrEntryModule = {
      render: async (_url, fetchFromApi) => {
        const [first, second] = await Promise.all([
          fetchFromApi('/api/products/featured'),
          fetchFromApi('/api/products/featured'),
        ]);
        const again = await fetchFromApi('/api/products/featured');
        await (await fetchFromApi('/api/site')).json();
        const texts = [await first.text(), await second.text(), await again.text()];
        return {
          kind: 'page',
          status: 200,
          page: { kind: 'home' },
          html: `<p class="answer">${texts.join('|')} ${again.headers.get('x-total-count')}</p>`,
          dataJson: '{}',
          lazyModules: [],
        };
      },
    };
    app.get('/', createPageRenderer(app, { ...build, entry: twice }, 'http://example.test'));
    await app.ready();

    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.body).toContain('<p class="answer">["machine"]|["machine"]|["machine"] 1</p>');
    expect(Object.fromEntries(asked)).toEqual({ '/': 1, '/api/products/featured': 1, '/api/site': 1 });

    // The kept page depends on each answer once: a second visit revalidates each with one conditional GET.
    await app.inject({ method: 'GET', url: '/' });
    expect(Object.fromEntries(asked)).toEqual({ '/': 2, '/api/products/featured': 2, '/api/site': 2 });
  });

  it('hands the renderer every header of the in-process answer, as a browser would see them', async () => {
    app = Fastify();
    app.get('/api/products/featured', async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.header('x-total-count', '7').header('x-request-id', 'r1').header('vary', 'accept').send('["machine"]'),
    );
    let seen: Headers | undefined;
    const reading: SsrEntryModule = {
      render: async (url, fetchFromApi) => {
        seen = (await fetchFromApi('/api/products/featured')).headers;
        return entry.render(url, fetchFromApi);
      },
    };
    answerSiteSettings(app);
    app.get('/', createPageRenderer(app, { ...build, entry: reading }, 'http://example.test'));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect(seen?.get('x-total-count')).toBe('7');
    expect(seen?.get('x-request-id')).toBe('r1');
    expect(seen?.get('vary')).toBe('accept');
    expect(seen?.get('content-type')).toMatch(/^text\/plain/);
    expect(seen?.has('content-length')).toBe(false);
  });

  it("writes the build's script and stylesheet from its manifest: the loader where the app waits for the visitor, the entry elsewhere", async () => {
    app = Fastify();
    app.get('/api/products/featured', async () => '["machine"]');
    answerSiteSettings(app);
    const css = '.answer{color:red}.unused{color:blue}';
    const renderPage = createPageRenderer(
      app,
      { ...build, stylesheet: new PageStylesheet(css, assets.stylesheet) },
      'http://example.test',
    );
    app.get('/', renderPage);
    app.get('/elsewhere', renderPage);
    app.get('/admin', renderPage);
    await app.ready();

    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    // What Vite wrote is not sent: the server's own tags take its place.
    expect(home).not.toContain('index-vite.js');
    expect(home).not.toContain('crossorigin href');
    // The home page starts on the visitor's first input: not even the entry module is requested
    // by the HTML; the loader adds it after the first paint.
    expect(home).toContain('<script src="/assets/loader-1.js" data-src="/assets/index-1.js" async></script>');
    expect(home).not.toContain('type="module"');
    // Its markup's rules are inline, the whole sheet loads without blocking the paint.
    expect(/<style>([^<]*)<\/style>/.exec(home)?.[1]).toContain('.answer{color:red}');
    expect(home).not.toContain('.unused');
    expect(home).toContain('<link rel="stylesheet" href="/assets/style-1.css" media="print" data-app-stylesheet>');
    const blocking: string[] =
      home.replace(/<noscript>.*?<\/noscript>/g, '').match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(blocking.every((link) => link.includes('media="print"'))).toBe(true);
    expect(home.indexOf('<style>')).toBeLessThan(home.indexOf('</head>'));

    const other = (await app.inject({ method: 'GET', url: '/elsewhere' })).body;
    expect(other).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index-1.js"></script>');
    expect(other).not.toContain('loader-1.js');

    // A page the browser renders itself carries the whole sheet.
    const admin = (await app.inject({ method: 'GET', url: '/admin' })).body;
    expect(admin).toContain(`<style>${css}</style>`);
    expect(admin).toContain('src="/assets/index-1.js"');
  });

  it("reads the entry, the loader and the stylesheet from Vite's manifest, and says which is missing", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js' },
      'src/boot/deferred-start.ts': { file: 'assets/loader-1.js' },
      'style.css': { file: 'assets/style-1.css' },
    };
    expect(buildAssets(manifest)).toEqual(assets);
    const { 'src/boot/deferred-start.ts': _loader, ...withoutLoader } = manifest;
    expect(() => buildAssets(withoutLoader)).toThrow(/lacks src\/boot\/deferred-start\.ts/);
  });

  it('keeps repeated headers and leaves out those that describe the connection', () => {
    const headers = fetchHeaders({
      'set-cookie': ['a=1', 'b=2'],
      'x-total-count': 3,
      'content-length': '12',
      connection: 'keep-alive',
      'transfer-encoding': 'chunked',
      etag: undefined,
    });
    expect(headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(headers.get('x-total-count')).toBe('3');
    expect(new Set(headers.keys())).toEqual(new Set(['set-cookie', 'x-total-count']));
  });
});
