/**
 * The contract between the server and the web app's server-rendering entry
 * (apps/web/src/entry-server.tsx, built to apps/web/dist-ssr/entry-server.js).
 */

/** Which public page a URL rendered, so the server can pick its metadata and status. */
export type SsrPage =
  | { kind: 'home' }
  /** `canonicalPath`: the tab and page shown, e.g. '/products?tab=spares&page=2' (page 1 of machines is '/products'). */
  | { kind: 'catalogue'; canonicalPath: string }
  | { kind: 'product'; id: string; found: boolean }
  /** The compare page: `canonicalPath` '/compare?ids=a,b' (known ids only); `names` of the machines found. */
  | { kind: 'compare'; canonicalPath: string; names: string[] }
  /** The buyer's quote list (issue 39): its lines come from their cookie, so it is never for search engines. */
  | { kind: 'quote' }
  /** Request service (issue 40): a form for everyone, for search engines too. */
  | { kind: 'service' }
  /** My machine (issue 40): a buyer's own machine behind a one-time code, drawn by the app; never for search engines. */
  | { kind: 'my-machine' }
  | { kind: 'not-found' };

export interface SsrRenderedPage {
  kind: 'page';
  status: 200 | 404;
  page: SsrPage;
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** The dehydrated query cache as JSON, already safe to place inside a `<script type="application/json">`. */
  dataJson: string;
  /** Source modules of lazily loaded routes this page needs (keys of Vite's manifest), to preload. */
  lazyModules: string[];
}

export interface SsrRedirect {
  kind: 'redirect';
  status: number;
  location: string;
}

export type SsrResult = SsrRenderedPage | SsrRedirect;

/**
 * An API answer as the app's client reads it: the part of fetch's `Response` it uses, which a
 * `Response` is. The server renderer answers with its in-process bytes, without web streams.
 */
export interface ApiAnswer {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

/** How the renderer reaches the API without a network hop (the server answers in process). */
export type SsrFetch = (path: string, init?: RequestInit) => Promise<ApiAnswer>;

export interface SsrEntryModule {
  render: (url: string, fetchFromApi: SsrFetch) => Promise<SsrResult>;
}

/**
 * The query parameter the server renders the quote list page with: the `quote_list` cookie's lines
 * (decision 074). The page is the only one that depends on a cookie, and pages are rendered and
 * cached by URL, so the lines go into the URL the page is rendered at: two visitors with different
 * lists never share a page. The browser never shows it; there the page reads the cookie itself.
 */
export const QUOTE_PAGE_LINES_PARAM = 'lines';

/** The id of the `<script type="application/json">` element that carries the dehydrated query cache. */
export const APP_DATA_ELEMENT_ID = 'app-data';

/** The web app's module that takes over the page (key in Vite's manifest), preloaded with every page. */
export const CLIENT_APP_MODULE = 'src/app/hydrate.tsx';

/**
 * The id of the `<script type="application/json">` listing the chunk URLs the page needs
 * (`AppModules`): the browser fetches the large ones ahead and preloads them all when the app starts.
 */
export const APP_MODULES_ELEMENT_ID = 'app-modules';

/**
 * The page's chunks (`modules`), and those of them worth downloading before the visitor acts
 * (`ahead`): the large ones. Every request costs a phone's main thread about the same however
 * small its file, so the many small chunks wait for the app's start, which asks for all of them at
 * once, in one round trip.
 */
export interface AppModules {
  modules: string[];
  ahead: string[];
}

/** Below this many bytes a chunk is not fetched ahead (see `AppModules`). */
export const FETCH_AHEAD_MIN_BYTES = 8 * 1024;

/**
 * Whether a server-rendered page's app code waits for the visitor's first scroll, tap, key or
 * pointer move (decision 009): the landing page, the catalogue and an item's details page show
 * everything as HTML until then, with their data embedded. Unknown routes start at once.
 */
export function startsOnIntent(pathname: string): boolean {
  return pathname === '/' || pathname === '/products' || /^\/product\/[^/]+$/.test(pathname);
}

/**
 * The first signs that someone is using the page rather than just looking at it: they start the
 * app (decision 009) and turn on the home page's whole stylesheet (decision 060). A pointer
 * moving counts (on a desktop it comes well before a click); a scroll counts, including the one
 * the browser makes to reach a `#section` in the address.
 */
export const INTENT_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'wheel',
  'scroll',
  'focusin',
] as const;

/** SPEC §2: the landing page's loading overlay covers everything for 1.5 s on arrival. */
export const ARRIVAL_OVERLAY_MS = 1500;

/** SPEC §2: the statistics count up over 2 s. */
export const STATS_COUNT_UP_MS = 2000;

/**
 * The figures change 10 times a second while they count, not at every frame. Each change costs a
 * whole frame (style, layout, paint and the compositor's commit of the page): at every frame the
 * 2 s of counting were a third of a phone's main-thread work on the landing page, and at 20 changes
 * a second still about 500 ms of the 1.7 s Lighthouse's phone spends (4× slowed CPU, traced). Twenty
 * steps of a figure still read as counting; digits changing faster are not read anyway.
 */
export const STATS_COUNT_UP_STEP_MS = 100;

/**
 * The second (and last) inline script of the site, in the landing page's statistics strip
 * (SPEC §2: the figures count up from 0 over 2 s once the strip is first visible). The figures are
 * the text of the server's HTML (crawlers, readers, copy and visitors without script read them);
 * this script only animates that text: it marks the strip before the first paint
 * (`data-count-up="waiting"`, which keeps the figures unseen but in the text, index.css), and the
 * first time the strip is in view it writes 0 and then counts each figure up to the value it read,
 * a step every `STATS_COUNT_UP_STEP_MS`, once the arrival overlay has gone (`"running"`, then
 * `"done"`), without waiting for the app.
 * Under reduced motion, or without IntersectionObserver, it does nothing and the figures simply
 * show. Its text never changes, so the CSP allows it by its SHA-256.
 */
export const STATS_COUNT_UP_SCRIPT =
  '(function(s){var e=s.previousElementSibling;if(!e||!("IntersectionObserver" in window)||' +
  'matchMedia("(prefers-reduced-motion: reduce)").matches)return;' +
  'var f=e.querySelectorAll(".stat-final"),t=[],i;for(i=0;i<f.length;i++)t.push(+f[i].textContent||0);' +
  'function show(p){for(var j=0;j<f.length;j++)f[j].textContent=String(Math.floor(t[j]*p))}' +
  'e.setAttribute("data-count-up","waiting");' +
  'function run(){var a=performance.now();(function step(){var p=Math.min((performance.now()-a)/' +
  `${STATS_COUNT_UP_MS},1);show(p);if(p<1)setTimeout(step,${STATS_COUNT_UP_STEP_MS});` +
  'else e.setAttribute("data-count-up","done")})()}' +
  'var o=new IntersectionObserver(function(l){for(var k=0;k<l.length;k++)if(l[k].isIntersecting){' +
  'o.disconnect();show(0);e.setAttribute("data-count-up","running");' +
  `setTimeout(run,Math.max(0,${ARRIVAL_OVERLAY_MS}-performance.now()));return}});` +
  'o.observe(e)})(document.currentScript)';

/**
 * What `#app-data` holds on a page that leaves its data out (decision 060): the API paths the page
 * was rendered from, each the whole query key of one answer. The app asks for them after the
 * first paint, while the visitor reads, instead of every visitor downloading them inside the HTML
 * (the landing page's were 19 KB, repeating what the markup shows).
 */
export interface PageDataToFetch {
  fetch: string[];
}

/** The pages whose data the app asks for rather than finding it in the HTML: the landing page. */
export function fetchesItsData(pathname: string): boolean {
  return pathname === '/';
}
