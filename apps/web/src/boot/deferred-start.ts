/**
 * The loader of the pages whose app waits for the visitor (decisions 009 and 059). The server links
 * it `async` in place of the app's entry, whose URL it passes in `data-src`:
 *
 * - the entry module is added only once the first contentful paint is reported (or after 3 s where
 *   paint timing is missing): requested from the HTML, even the 2 KB entry made the browser's, and
 *   Lighthouse's, largest paint wait for it;
 * - the whole stylesheet, linked `media="print"` so it does not block the first paint, is turned
 *   on at the visitor's first move or once the loaded page is idle, whichever comes first. That
 *   shows the sections below the first screen, whose CSS is not inline; applying it restyles the
 *   page, which a slow phone should not do while it is still loading. The app turns it on too
 *   when it starts (lib/app-stylesheet.ts), but the page must not depend on the app arriving;
 * - a tap on a button before the app has taken over is held and given again once it has
 *   (held-clicks.ts), and the visitor's first move is marked on `<html>` for the app's entry,
 *   which may arrive after it and then starts at once.
 *
 * Vite builds this file as an entry of its own. It is run as a classic script (`document.currentScript`
 * is how it finds its `data-src`), so it imports nothing the app imports: that would become a
 * shared chunk, loaded with an `import` a classic script cannot run.
 */
import { HANDOVER_ATTRIBUTES, holdClicksUntilReady } from './held-clicks';

/** The visitor's first moves; the same list as INTENT_EVENTS in @capstan/shared, which the app's entry listens for. */
const FIRST_MOVES = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'wheel', 'scroll', 'focusin'];
const ENTRY_FALLBACK_MS = 3000;
const IDLE_TIMEOUT_MS = 2000;

/** Turns on the whole stylesheet and adds the app's entry, each at its moment; exported for its tests. */
export function deferAppStart(entryUrl: string): void {
  holdClicksUntilReady();
  let sheetOn = false;
  const turnOnSheet = () => {
    if (sheetOn) return;
    sheetOn = true;
    const link = document.querySelector<HTMLLinkElement>('link[data-app-stylesheet]');
    if (link !== null) link.media = 'all';
  };
  const listening = { capture: true, passive: true } as const;
  const firstMove = (event: Event) => {
    // Chromium's own move of a resting pointer, when what lies under it changes, went nowhere: not
    // the visitor's (isVisitorsOwn in lib/visitor-intent.ts, which this file cannot import).
    if (
      event.type === 'pointermove' &&
      (event as PointerEvent).movementX === 0 &&
      (event as PointerEvent).movementY === 0
    ) {
      return;
    }
    for (const type of FIRST_MOVES) window.removeEventListener(type, firstMove, listening);
    document.documentElement.setAttribute(HANDOVER_ATTRIBUTES.visitorActed, '');
    turnOnSheet();
  };
  for (const type of FIRST_MOVES) window.addEventListener(type, firstMove, listening);
  window.addEventListener('load', () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(turnOnSheet, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(turnOnSheet, 500);
  });

  let added = false;
  const addEntry = () => {
    if (added) return;
    added = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entryUrl;
    document.head.appendChild(script);
  };
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(addEntry, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing here: the fallback below adds the entry.
  }
  setTimeout(addEntry, ENTRY_FALLBACK_MS);
}

const self = document.currentScript;
if (self instanceof HTMLScriptElement && self.dataset.src) deferAppStart(self.dataset.src);
