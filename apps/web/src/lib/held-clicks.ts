/** The attribute the app sets on `<html>` once it has taken the page over (app/app.tsx). */
export const APP_READY_ATTRIBUTE = 'data-app-ready';

let stopHolding: (() => void) | null = null;

/**
 * Until the app has taken over a server-rendered page, a button is only HTML: a click on it does
 * nothing (or, for a submit button, would send the form the browser's way and reload the page).
 * This keeps the latest such click and gives it to the button again once the app is ready, so
 * the visitor's tap is not lost. Links and popover buttons need no help: they work as HTML.
 */
export function holdClicksUntilReady(): void {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"]') : null;
    if (!target || target.closest('a[href]')) return;
    // A popover's button opens it natively: clicking again would close it.
    if (target.hasAttribute('popovertarget')) return;
    if (target instanceof HTMLButtonElement && target.disabled) return;
    // The browser's own submit would reload the page and lose what was typed.
    if (target instanceof HTMLButtonElement && target.type === 'submit') event.preventDefault();
    held = target;
  };
  document.addEventListener('click', hold, { capture: true });
  stopHolding = () => document.removeEventListener('click', hold, { capture: true });

  const observer = new MutationObserver(() => {
    if (!document.documentElement.hasAttribute(APP_READY_ATTRIBUTE)) return;
    observer.disconnect();
    stopHoldingClicks();
    const target = held;
    held = null;
    if (target?.isConnected) target.click();
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [APP_READY_ATTRIBUTE] });
}

/**
 * Called as soon as React listens on the page: from then on React itself queues a click on a
 * part it has not hydrated yet and replays it, so holding one here too would click twice.
 */
export function stopHoldingClicks(): void {
  stopHolding?.();
  stopHolding = null;
}
