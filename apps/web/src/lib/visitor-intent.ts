import { INTENT_EVENTS } from '@capstan/shared';
import { VISITOR_ACTED_ATTRIBUTE } from './page-handover';

/**
 * Whether `event` is the visitor's doing. Chromium moves a pointer that rests over the page itself
 * when what lies under it changes (the arrival overlay appearing under a desktop's cursor): a
 * pointermove that went nowhere. The loader (boot/deferred-start.ts) reads moves the same way.
 */
export function isVisitorsOwn(event: Event): boolean {
  if (event.type !== 'pointermove') return true;
  const { movementX, movementY } = event as PointerEvent;
  return movementX !== 0 || movementY !== 0;
}

/**
 * Calls `run` once, at the first of INTENT_EVENTS on the window that the visitor made
 * (isVisitorsOwn), or at once when the page's loader saw one before this entry arrived (a tap right
 * after the first paint on a slow phone).
 */
export function whenVisitorActs(run: () => void): void {
  let done = false;
  const options = { capture: true, passive: true } as const;
  const once = (event?: Event) => {
    if (done || (event !== undefined && !isVisitorsOwn(event))) return;
    done = true;
    for (const type of INTENT_EVENTS) window.removeEventListener(type, once, options);
    run();
  };
  if (document.documentElement.hasAttribute(VISITOR_ACTED_ATTRIBUTE)) {
    run();
    return;
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, once, options);
  // A scroll position the browser set on its own (back/forward, a #fragment) is intent too. Read
  // once the page has loaded: reading it earlier would make the browser lay out the page just for that.
  const checkRestoredScroll = () => {
    if (window.scrollY > 0) once();
  };
  if (document.readyState === 'complete') checkRestoredScroll();
  else window.addEventListener('load', checkRestoredScroll, { once: true });
}
