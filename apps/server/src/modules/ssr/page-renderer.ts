import { AsyncLocalStorage } from 'node:async_hooks';
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  APP_DATA_ELEMENT_ID,
  APP_MODULES_ELEMENT_ID,
  type ApiAnswer,
  type AppModules,
  FETCH_AHEAD_MIN_BYTES,
  CLIENT_APP_MODULE,
  fetchesItsData,
  type Locale,
  localizedPath,
  type PublicSiteSettings,
  QUOTE_LIST_PATH,
  QUOTE_PAGE_LINES_PARAM,
  serializeQuoteList,
  SERVICE_PAGE_PATH,
  SERVICE_SENT_PATH,
  splitLocalePath,
  startsOnIntent,
  type SsrFetch,
  type SsrPage,
} from '@capstan/shared';
import {
  adminMeta,
  catalogueMeta,
  type CatalogueItem,
  compareMeta,
  homeMeta,
  itemMeta,
  notFoundMeta,
  type PageMeta,
  myMachineMeta,
  quoteMeta,
  serviceMeta,
  unavailableMeta,
} from '../seo/page-meta';
import { renderHeadTags, type SiteSocial } from '../seo/head-tags';
import type { SeoCompany } from '../seo/json-ld';
import { sendCachedBody } from '../catalogue/cached-json-reply';
import { CachedBody, traceRevisionSources } from '../catalogue/public-response-cache';
import { serverTranslator } from '../../i18n/server-translator';
import { quoteListOf } from '../inquiries/quote-list-cookie';
import { canonicalRedirect, catalogueFormRedirect } from './canonical-redirect';
import { type CachedPage, PageCache, type PageDependency } from './page-cache';
import { pathsToFetch } from './page-data';
import type { WebBuild } from './web-build';

const SITE_SETTINGS_PATH = '/api/site';
const ITEM_ENDPOINTS = ['/api/products/', '/api/services/', '/api/spareparts/'] as const;
const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
const WIRE_HEADERS = new Set(['connection', 'content-length', 'keep-alive', 'transfer-encoding']);
const HTML_CONTENT_TYPE = 'text/html; charset=utf-8';
const PAGE_CACHE_CONTROL = 'no-cache';
// The quote list page shows one visitor's lines: no shared cache may keep it for another.
const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-cache';
// A page is compressed once per version, so it can afford more than a JSON list's quality 4:
// quality 6 takes about 5 ms for the 170 KB home page and is within 1% of quality 9's size.
const PAGE_BROTLI_QUALITY = 6;

/**
 * An in-process answer's headers as a fetch `Headers`. Those that describe the connection or the
 * bytes on the wire are left out: the body handed on is the whole, decoded payload.
 */
export function fetchHeaders(headers: OutgoingHttpHeaders): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || WIRE_HEADERS.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) result.append(name, String(one));
  }
  return result;
}

/**
 * An in-process API answer, kept for the rest of one render and read by each caller as the
 * browser's fetch would be, headers and all: a list page's total, for one, travels in
 * X-Total-Count (decision 010). Its bytes are decoded directly, without a `Response` and its web
 * streams, which took about 7% of an item page's render.
 */
class InProcessAnswer implements ApiAnswer {
  readonly ok: boolean;
  // As fetch's Response built from a status alone: the client words errors from the body.
  readonly statusText = '';

  constructor(
    readonly status: number,
    private readonly headerList: Headers,
    private readonly payload: Buffer | null,
  ) {
    this.ok = status >= 200 && status < 300;
  }

  /** A copy per caller, as each fetch has its own. */
  get headers(): Headers {
    return new Headers(this.headerList);
  }

  async text(): Promise<string> {
    return this.payload === null ? '' : this.payload.toString('utf8');
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
}

/** What one render has read: the answers it depends on, and each path's answer for a second ask. */
interface RenderReads {
  dependencies: PageDependency[];
  answers: Map<string, Promise<InProcessAnswer>>;
}

/** An API read's path in the page's language (decision 072): English paths stay as they were. */
const inLanguage = (path: string, locale: Locale) => (locale === 'en' ? path : `${path}?lang=${locale}`);

/**
 * The URL the quote list page is rendered (and cached) at: the request's, with the lines of the
 * visitor's `quote_list` cookie in QUOTE_PAGE_LINES_PARAM (decision 074), and never lines the address
 * itself claims. Parsed and written again, so one list is one URL however the cookie was spelled.
 */
export function quotePageUrl(requestedPath: string, query: string, lines: string): string {
  const params = new URLSearchParams(query);
  params.delete(QUOTE_PAGE_LINES_PARAM);
  if (lines !== '') params.set(QUOTE_PAGE_LINES_PARAM, lines);
  const search = params.toString();
  return search === '' ? requestedPath : `${requestedPath}?${search}`;
}

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** The template's opening tag names English (or no language); a page names its own. */
function withLanguage(beforeHead: string, locale: Locale): string {
  const opening = ['<html lang="en">', '<html>'].find((tag) => beforeHead.includes(tag));
  if (opening === undefined) throw new Error('The web app\'s index.html must open with <html lang="en">');
  return beforeHead.replace(opening, `<html lang="${locale}">`);
}

/**
 * Serves every page of the web app: public routes rendered to HTML with their data and
 * metadata; admin routes as the client-rendered shell, marked noindex.
 *
 * A rendered page is kept and served again while every API response it was built from is
 * unchanged (its ETag still matches, or the same status for answers without one), so the
 * cost of rendering is paid once per catalogue change, not per visit.
 */
export function createPageRenderer(app: FastifyInstance, build: WebBuild, publicUrl: string, social: SiteSocial = {}) {
  const cache = new PageCache(PAGE_CACHE_BYTES);
  // Which render an API call belongs to: renders run concurrently through one transport.
  const renders = new AsyncLocalStorage<RenderReads>();

  const get = (path: string, etag?: string) =>
    app.inject({
      method: 'GET',
      url: path,
      headers:
        etag === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'if-none-match': etag },
    });

  /** One API read in process, through the same routes (and caches) as the browser's, noted as the page's dependency. */
  async function readForRender(path: string, dependencies: PageDependency[] | undefined): Promise<InProcessAnswer> {
    const { result: response, sources } = await traceRevisionSources(() => get(path));
    const etag = response.headers.etag;
    dependencies?.push({
      path,
      status: response.statusCode,
      etag: typeof etag === 'string' ? etag : undefined,
      sources,
    });
    const payload = response.statusCode === 204 || response.statusCode === 304 ? null : response.rawPayload;
    return new InProcessAnswer(response.statusCode, fetchHeaders(response.headers), payload);
  }

  // Answers the renderer's API calls. Within one render a path is read once: the page's head asks
  // again for the site settings and the item its body already read (a spare part's page tries three
  // kinds of item, SPEC §7), and each in-process request costs the whole of Fastify's request cycle.
  const fetchFromApi: SsrFetch = async (path, init) => {
    if (init?.method !== undefined && init.method !== 'GET') throw new Error('The server renderer only reads');
    const render = renders.getStore();
    let answer = render?.answers.get(path);
    if (answer === undefined) {
      answer = readForRender(path, render?.dependencies);
      render?.answers.set(path, answer);
    }
    return answer;
  };

  /**
   * Whether every answer the page was built from would be the same now. An answer served from a
   * response cache is unchanged while that cache still holds it: a lookup, after the revision is
   * re-read at most once a second, and only the changes' scope drops answers (decision 067), so a
   * product page outlives edits to other items. Any other answer is asked again with its ETag.
   */
  async function isCurrent(page: CachedPage): Promise<boolean> {
    const unsourced: PageDependency[] = [];
    for (const dependency of page.dependencies) {
      if (dependency.sources.length === 0) unsourced.push(dependency);
      for (const source of dependency.sources) {
        if (!(await source.cache.stillAnswers(source))) return false;
      }
    }
    const checks = await Promise.all(
      unsourced.map(async ({ path, status, etag }) => {
        const response = await get(path, etag);
        return etag === undefined ? response.statusCode === status : response.statusCode === 304;
      }),
    );
    return checks.every(Boolean);
  }

  /** The item in the page's language (decision 072): its title, description and JSON-LD name it so. */
  async function findItem(id: string, locale: Locale): Promise<CatalogueItem | undefined> {
    for (const endpoint of ITEM_ENDPOINTS) {
      const response = await fetchFromApi(inLanguage(`${endpoint}${encodeURIComponent(id)}`, locale));
      if (response.ok) return (await response.json()) as CatalogueItem;
    }
    return undefined;
  }

  /**
   * The company as staff set it (decision 020), read like the page's other data: within a render
   * it is one of the page's dependencies, so a settings save makes every cached page stale.
   * Null when the API could not answer (the page is then answered 503, see below). In the page's
   * language (decision 072): the tagline describes the company in its structured data.
   */
  async function siteCompany(locale: Locale = 'en'): Promise<SeoCompany | null> {
    try {
      const response = await fetchFromApi(inLanguage(SITE_SETTINGS_PATH, locale));
      return response.ok ? ((await response.json()) as PublicSiteSettings).company : null;
    } catch {
      return null;
    }
  }

  async function metaFor(page: SsrPage, pathname: string, locale: Locale): Promise<PageMeta> {
    const company = await siteCompany(locale);
    const tr = serverTranslator(locale);
    if (company === null) return unavailableMeta(pathname, tr);
    switch (page.kind) {
      case 'home':
        return homeMeta(company, tr);
      case 'catalogue':
        return catalogueMeta(company, page.canonicalPath, tr);
      case 'product': {
        const item = page.found ? await findItem(page.id, locale) : undefined;
        return item ? itemMeta(company, item, tr) : notFoundMeta(company, pathname, tr);
      }
      case 'compare':
        return compareMeta(company, page.canonicalPath, page.names, tr);
      case 'quote':
        return quoteMeta(company, tr);
      case 'service':
        return serviceMeta(company, tr);
      case 'my-machine':
        return myMachineMeta(company, tr);
      case 'not-found':
        return notFoundMeta(company, pathname, tr);
    }
  }

  /** The client-rendered page's head when rendering failed: the home page's, or a bare one. */
  async function fallbackMeta(pathname: string, locale: Locale = 'en'): Promise<PageMeta> {
    const company = await siteCompany(locale);
    const tr = serverTranslator(locale);
    return company === null ? unavailableMeta(pathname, tr) : { ...homeMeta(company, tr), canonicalPath: pathname };
  }

  /** The chunks the page will need, for main.tsx to fetch and preload once the page is painted. */
  function moduleList(modules: readonly string[]): string {
    const chunks = build.chunkFiles(modules);
    const list: AppModules = {
      modules: chunks.map((chunk) => chunk.url),
      ahead: chunks.filter((chunk) => chunk.bytes >= FETCH_AHEAD_MIN_BYTES).map((chunk) => chunk.url),
    };
    const files = JSON.stringify(list).replace(/</g, '\\u003c');
    return `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${files}</script>`;
  }

  const { assets, stylesheet: sheet, template: t } = build;
  const openings: Record<Locale, string> = {
    en: withLanguage(t.beforeHead, 'en'),
    ta: withLanguage(t.beforeHead, 'ta'),
    hi: withLanguage(t.beforeHead, 'hi'),
  };
  // The page is already rendered, so its scripts (hydration) must not compete with the HTML, the
  // styles and the first images for a slow connection: the entry is fetched at low priority, and
  // the app's chunks only after the first paint (main.tsx preloads them then).
  const entryScript = `<script type="module" crossorigin fetchpriority="low" src="${assets.entry}"></script>`;
  // On pages whose app waits for the visitor, not even the entry competes with the first paint:
  // the loader adds it after that paint (decisions 009 and 059).
  const loaderScript = `<script src="${assets.loader}" data-src="${assets.entry}" async></script>`;

  /**
   * A server-rendered page carries the styles its markup uses and links the rest for the app;
   * a page the browser renders itself (`rootHtml` empty) carries the whole sheet.
   */
  function document(head: string, rootHtml: string, data: string, locale: Locale, deferEntry = false): string {
    const script = deferEntry ? loaderScript : entryScript;
    const page = (styles: string) =>
      `${openings[locale]}${head}${styles}${script}${t.afterHeadToRoot}${rootHtml}${t.afterRootToData}${data}${t.afterData}`;
    if (sheet === undefined) return page(`<link rel="stylesheet" href="${assets.stylesheet}">`);
    if (rootHtml === '') return page(sheet.whole());
    const linked = page(sheet.link());
    return page(sheet.inlineFor(linked) + sheet.link());
  }

  function sendHtml(reply: FastifyReply, status: number, html: string, noindex: boolean) {
    if (noindex) reply.header('x-robots-tag', 'noindex');
    return reply.status(status).header('cache-control', PAGE_CACHE_CONTROL).type(HTML_CONTENT_TYPE).send(html);
  }

  /**
   * A rendered page, compressed once and answered 304 to a browser that already holds it.
   * `personal`: drawn from the visitor's cookie (the quote list), for their browser only.
   */
  function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, personal = false) {
    if (page.noindex) reply.header('x-robots-tag', 'noindex');
    reply.status(page.status).header('cache-control', personal ? PRIVATE_PAGE_CACHE_CONTROL : PAGE_CACHE_CONTROL);
    return sendCachedBody(request, reply, page.body, HTML_CONTENT_TYPE, page.status === 200);
  }

  function clientOnlyPage(reply: FastifyReply, meta: PageMeta, status: number, locale: Locale = 'en') {
    const html = document(renderHeadTags(meta, publicUrl, social, locale), '', moduleList([CLIENT_APP_MODULE]), locale);
    return sendHtml(reply, status, html, meta.noindex === true);
  }

  /** `pathname` is the app's path, without the language prefix that `url` may carry. */
  async function renderFresh(
    url: string,
    pathname: string,
    locale: Locale,
  ): Promise<CachedPage | { redirect: string; status: number }> {
    const dependencies: PageDependency[] = [];
    return renders.run({ dependencies, answers: new Map() }, async () => {
      const result = await build.entry.render(`${publicUrl}${url}`, fetchFromApi);
      if (result.kind === 'redirect') return { redirect: result.location, status: result.status };
      const meta = await metaFor(result.page, pathname, locale);
      const dataJson = (fetchesItsData(pathname) ? pathsToFetch(result.dataJson) : undefined) ?? result.dataJson;
      const data =
        `<script type="application/json" id="${APP_DATA_ELEMENT_ID}">${dataJson}</script>` +
        moduleList([CLIENT_APP_MODULE, ...result.lazyModules]);
      const head = renderHeadTags(meta, publicUrl, social, locale);
      // Pages whose app waits for the visitor do not let even its entry compete with the first paint.
      const html = document(head, result.html, data, locale, startsOnIntent(pathname));
      const body = new CachedBody(Buffer.from(html), { brotliQuality: PAGE_BROTLI_QUALITY });
      return { status: result.status, body, noindex: meta.noindex === true, dependencies };
    });
  }

  // Visitors asking for a page while it is being rendered share that render: after a catalogue
  // change, fifty readers of `/` cost one render, not fifty.
  const rendering = new Map<string, ReturnType<typeof renderFresh>>();
  function renderOnce(url: string, pathname: string, locale: Locale): ReturnType<typeof renderFresh> {
    const pending = rendering.get(url);
    if (pending) return pending;
    const render = renderFresh(url, pathname, locale).finally(() => {
      if (rendering.get(url) === render) rendering.delete(url);
    });
    rendering.set(url, render);
    return render;
  }

  return async function renderPage(request: FastifyRequest, reply: FastifyReply) {
    const url = request.url;
    const queryStart = url.indexOf('?');
    const query = queryStart === -1 ? '' : url.slice(queryStart);
    const requestedPath = queryStart === -1 ? url : url.slice(0, queryStart);
    const { locale, path: pathname } = splitLocalePath(requestedPath);
    const appUrl = `${pathname}${query}`;
    if (isAdminPath(pathname)) {
      // The back office's language is each person's choice, not the address: it lives at /admin only.
      if (locale !== 'en') return reply.redirect(appUrl, 302);
      const company = await siteCompany();
      return clientOnlyPage(reply, company ? adminMeta(company) : unavailableMeta(pathname), 200);
    }
    // A language's home is '/ta/': one URL per page.
    if (locale !== 'en' && requestedPath === `/${locale}`) return reply.redirect(`/${locale}/${query}`, 301);
    const canonical = canonicalRedirect(appUrl);
    if (canonical !== undefined) return reply.redirect(localizedPath(locale, canonical), 301);
    // A filter form sent without the app: show the list at the URL the app would have made of it.
    const filtered = catalogueFormRedirect(appUrl);
    if (filtered !== undefined) return reply.redirect(localizedPath(locale, filtered), 303);
    // The sent page shows a reference the app hands it in memory: asked for by address (a reload,
    // a shared link) it has none, and the form is where the buyer was.
    if (pathname === SERVICE_SENT_PATH) return reply.redirect(localizedPath(locale, SERVICE_PAGE_PATH), 302);

    // The one page drawn from a cookie is rendered, cached and shared by the URL with its lines.
    const personal = pathname === QUOTE_LIST_PATH;
    const renderUrl = personal
      ? quotePageUrl(requestedPath, query.slice(1), serializeQuoteList(quoteListOf(request)))
      : url;
    const cached = cache.get(renderUrl);
    if (cached && (await isCurrent(cached))) return sendPage(request, reply, cached, personal);

    let page;
    try {
      page = await renderOnce(renderUrl, pathname, locale);
    } catch (error) {
      // A rendering bug must not take the site down: the browser can still render the page itself.
      request.log.error({ err: error }, 'server rendering failed; sending the client-rendered page');
      return clientOnlyPage(reply, await fallbackMeta(pathname, locale), 200, locale);
    }
    if ('redirect' in page) return reply.redirect(page.redirect, page.status);
    // An API answer the page needed failed (e.g. shed under overload): the page would say "not
    // found" or show an error for an item that exists. Say "busy, retry" instead, and keep nothing.
    const failed = page.dependencies.filter((d) => d.status >= 500);
    if (failed.length > 0) {
      // The API answers say why (their own log lines are the in-process requests'); this says which page paid for it.
      request.log.warn(
        { failed: failed.map(({ path, status }) => ({ path, status })) },
        'a page’s API answer failed; answered 503 and the client-rendered page',
      );
      reply.status(503).header('retry-after', '5');
      return clientOnlyPage(reply, { ...(await fallbackMeta(pathname, locale)), noindex: true }, 503, locale);
    }
    // An answer with a body but no ETag cannot be checked later, so such a page is never reused.
    const checkable = page.dependencies.every((d) => d.etag !== undefined || d.status >= 300);
    if (checkable) cache.set(renderUrl, page);
    return sendPage(request, reply, page, personal);
  };
}
