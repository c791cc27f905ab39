import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate } from '@tanstack/react-query';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { LOCALES, localePrefix, type Locale, splitLocalePath, type SsrFetch, type SsrResult } from '@capstan/shared';
import { AppProvider } from './app/provider';
import { LAZY_ROUTE_MODULES, routes } from './app/router';
import { prefetchPage } from './app/ssr/prefetch-page';
import { configureApiTransport } from './lib/api-client';
import { createTranslator, loadAllRouteMessages, loadMessages, LOCALE_MODULES, type Translator } from './lib/i18n';
import { preloadLazyParts } from './lib/lazy-when-near';
import { createQueryClient } from './lib/query-client';
import { setRenderOrigin } from './lib/site-origin';

// One handler per language, each with its prefix as the routes' basename ('/ta/products').
const handlers = Object.fromEntries(
  LOCALES.map((locale) => [locale, createStaticHandler(routes, { basename: localePrefix(locale) || undefined })]),
) as Record<Locale, ReturnType<typeof createStaticHandler>>;
// The server renders every page in every language: the namespaces the browser loads with the
// pages that use them (lib/i18n/route-messages.ts), are loaded once here.
await loadAllRouteMessages();
const translators = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, createTranslator(locale, await loadMessages(locale))])),
) as Record<Locale, Translator>;

/** JSON that cannot end the `<script>` element it is embedded in, nor open a comment. */
function toEmbeddableJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

async function renderToString(element: React.ReactElement): Promise<string> {
  // Prerendering waits for every lazy part, so the HTML is complete. Without a chunk size, React
  // moves large Suspense boundaries out of line and reveals them with inline scripts, which the
  // CSP (script-src 'self') blocks: everything stays in document order instead.
  // Node's stream: reading the page through a web stream took about 3% of an item page's render.
  const { prelude } = await prerenderToNodeStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const decoder = new TextDecoder();
  let html = '';
  // A Node Readable, which is async-iterable: the web app is typed without Node's types, so its stub says nothing.
  for await (const chunk of prelude as AsyncIterable<Uint8Array | string>)
    html += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/**
 * Renders one public URL to HTML with its data, from the same routes and components the
 * browser hydrates. `fetchFromApi` answers API calls in process.
 */
export async function render(url: string, fetchFromApi: SsrFetch): Promise<SsrResult> {
  configureApiTransport(fetchFromApi);
  // Every render names the same public address: the links a page hands to other apps are absolute.
  setRenderOrigin(new URL(url).origin);
  await preloadLazyParts();
  const { locale } = splitLocalePath(new URL(url).pathname);
  const handler = handlers[locale];
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  const queryClient = createQueryClient();
  const page = await prefetchPage(queryClient, context.matches, new URL(url).searchParams, locale);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = await renderToString(
    <StrictMode>
      <AppProvider queryClient={queryClient} translator={translators[locale]}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const notFound = page.kind === 'not-found' || (page.kind === 'product' && !page.found);
  const lazyModules = context.matches.flatMap(({ route }) => {
    const module = route.id === undefined ? undefined : LAZY_ROUTE_MODULES[route.id];
    return module === undefined ? [] : [module];
  });
  if (locale !== 'en') lazyModules.push(LOCALE_MODULES[locale]);
  const dataJson = toEmbeddableJson(dehydrate(queryClient));
  queryClient.clear();
  return { kind: 'page', status: notFound ? 404 : 200, page, html, dataJson, lazyModules };
}
