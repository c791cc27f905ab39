import { createHash } from 'node:crypto';
import { INTENT_EVENTS } from '@capstan/shared';

/**
 * The one inline script the site has (decision 009). On pages whose app waits for the visitor, it
 * adds the entry module only once the first contentful frame is painted (the hero's text, the
 * largest paint too): requested from the HTML, even a 2 KB module made the browser's (and
 * Lighthouse's) largest paint wait for it, and an animation frame can come before that paint.
 * Where paint timing is missing the entry comes after 3 s. The entry's URL comes from the
 * element's `data-src`, so this text — and its hash in the CSP — never changes.
 *
 * It also turns on the whole stylesheet (`media="print"` until then), which shows the sections
 * below the first screen (page-stylesheet.ts): at the visitor's first move (scroll, pointer, key,
 * touch, focus), or once the loaded page is idle, whichever comes first. Applying it restyles the
 * page, work a slow phone should not do while it is still loading, for sections that are out of
 * view. The app does the same when it starts, but the page must not depend on the app's code
 * arriving to show its own content.
 */
export const DEFERRED_ENTRY_SCRIPT =
  '(function(s){var done=0,on=0;function sheet(){if(on)return;on=1;' +
  'var l=document.querySelector("link[data-app-stylesheet]");if(l)l.media="all"}' +
  `${JSON.stringify(INTENT_EVENTS)}.forEach(function(t){` +
  'addEventListener(t,sheet,{capture:true,passive:true,once:true})});' +
  'addEventListener("load",function(){window.requestIdleCallback?requestIdleCallback(sheet,{timeout:2000}):setTimeout(sheet,500)});' +
  'function go(){if(done)return;done=1;' +
  'var m=document.createElement("script");m.type="module";m.crossOrigin="";m.src=s;document.head.appendChild(m)}' +
  'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go,0)})' +
  '.observe({type:"paint",buffered:true})}catch(e){}' +
  'setTimeout(go,3000)})(document.currentScript.dataset.src)';

/** The CSP source that allows exactly that script and no other inline one. */
export const DEFERRED_ENTRY_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DEFERRED_ENTRY_SCRIPT).digest('base64')}'`;

const ENTRY_TAG = /<script type="module" crossorigin(?: fetchpriority="low")? src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** The page with its entry `<script type="module" src>` swapped for the deferred loader, if it has one. */
export function deferEntryScript(html: string): string {
  return html.replace(ENTRY_TAG, (_tag, src: string) => `<script data-src="${src}">${DEFERRED_ENTRY_SCRIPT}</script>`);
}
