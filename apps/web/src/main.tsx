import {
  APP_DATA_ELEMENT_ID,
  APP_MODULES_ELEMENT_ID,
  type AppModules,
  COMPARE_STORAGE_KEY,
  FAVOURITES_STORAGE_KEY,
  splitLocalePath,
  startsOnIntent,
} from '@capstan/shared';
import { enableAppStylesheet } from './lib/app-stylesheet';
import { fetchPageData } from './lib/page-data';
import { prefetchFiles } from './lib/prefetch-files';
import { whenVisitorActs } from './lib/visitor-intent';
import './index.css';

/** Lets the browser handle input and paint between two pieces of start-up work. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A server-rendered page is complete without script: the browser paints it first, and only then
 * is the app's code evaluated and the page taken over. (The timeout covers tabs opened in the
 * background, where animation frames do not run.)
 */
function afterFirstPaint(run: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 250);
}

/**
 * The chunks the server said this page needs (`AppModules`), but this entry itself: it is already
 * running, and asking for it again would be a request for nothing.
 */
function pageModules(): AppModules {
  const none: AppModules = { modules: [], ahead: [] };
  const text = document.getElementById(APP_MODULES_ELEMENT_ID)?.textContent;
  if (!text) return none;
  const list = JSON.parse(text) as Partial<Record<keyof AppModules, unknown>> | null;
  const self = new URL(import.meta.url).pathname;
  const files = (value: unknown): string[] =>
    Array.isArray(value)
      ? value.filter((file): file is string => typeof file === 'string' && file.startsWith('/assets/') && file !== self)
      : [];
  return list === null ? none : { modules: files(list.modules), ahead: files(list.ahead) };
}

/** Fetches and parses the chunks for the imports that follow, in parallel. */
function preloadPageModules(): void {
  for (const file of pageModules().modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/**
 * Puts the page's large chunks in the HTTP cache (they are immutable) without parsing them or
 * touching the document — an element added to the head makes the browser recheck the page's
 * styles, which costs a slow phone more than the downloads — so the app starts soon when the
 * visitor acts. The small ones wait for that moment (`AppModules` says why).
 */
function prefetchPageModules(): void {
  prefetchFiles(pageModules().ahead);
}

/**
 * The libraries are evaluated one import at a time, each in its own task, so no single task
 * keeps a slow phone from responding for long.
 */
async function start(): Promise<void> {
  preloadPageModules();
  const stylesheet = enableAppStylesheet();
  await import('react-dom/client');
  await yieldToMain();
  await import('./lib/query-client');
  await yieldToMain();
  await import('./app/router');
  await yieldToMain();
  const { startApp } = await import('./app/hydrate');
  await stylesheet;
  await yieldToMain();
  await startApp();
}

const serverRendered = document.getElementById(APP_DATA_ELEMENT_ID) !== null;

const storedListIsEmpty = (key: string): boolean => {
  const saved = localStorage.getItem(key);
  return saved === null || saved === '[]';
};

/**
 * The catalogue marks this browser's favourites, and the catalogue and details pages show its
 * comparison, which only the app can read: a visitor who has any gets the app at once
 * rather than hearts that stay empty and a compare bar that is missing until they move.
 */
function showsThisBrowsersFavourites(pathname: string): boolean {
  if (pathname === '/') return false;
  try {
    return (
      (pathname === '/products' && !storedListIsEmpty(FAVOURITES_STORAGE_KEY)) ||
      !storedListIsEmpty(COMPARE_STORAGE_KEY)
    );
  } catch {
    return false;
  }
}

if (
  serverRendered &&
  startsOnIntent(splitLocalePath(window.location.pathname).path) &&
  !showsThisBrowsersFavourites(splitLocalePath(window.location.pathname).path)
) {
  // Everything on this page works as HTML until the visitor does something (decision 009): the
  // app's code is fetched while they read and run at their first scroll, tap, key or pointer move.
  // A tap on a button that lands before the app has taken over is replayed once it has (the
  // loader holds it: boot/held-clicks.ts).
  const prefetch = () =>
    afterFirstPaint(() => {
      prefetchPageModules();
      fetchPageData();
    });
  if (document.readyState === 'complete') prefetch();
  else window.addEventListener('load', prefetch, { once: true });
  whenVisitorActs(() => void start());
} else {
  afterFirstPaint(() => void start());
}
