import { createHash } from 'node:crypto';
import { INTENT_EVENTS } from '@capstan/shared';

/**
 * The page loader (decision 009), a file of its own since decision 047. On pages whose app waits
 * for the visitor, it adds the entry module only once the first contentful frame is painted (the
 * hero's text, the largest paint too): requested from the HTML, even a 2 KB module made the
 * browser's (and Lighthouse's) largest paint wait for it, and an animation frame can come before
 * that paint.
 * Where paint timing is missing the entry comes after 3 s. The entry's URL comes from the
 * element's `data-src`, so this text, and its URL, change only when the loader itself does.
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

/**
 * Where the server answers with the loader: named by its content, so it is cached for good (the
 * page links it `async`). Inline it cost every page's HTML about 520 bytes of gzip (issue 20); as a
 * file it is one small request, fetched in parallel with the first paint and once per browser.
 */
export const DEFERRED_ENTRY_PATH = `/assets/loader-${createHash('sha256').update(DEFERRED_ENTRY_SCRIPT).digest('hex').slice(0, 10)}.js`;

const ENTRY_TAG = /<script type="module" crossorigin(?: fetchpriority="low")? src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** The page with its entry `<script type="module" src>` swapped for the deferred loader, if it has one. */
export function deferEntryScript(html: string): string {
  return html.replace(
    ENTRY_TAG,
    (_tag, src: string) => `<script src="${DEFERRED_ENTRY_PATH}" data-src="${src}" async></script>`,
  );
}
