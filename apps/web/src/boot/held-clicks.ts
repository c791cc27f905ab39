/**
 * The loader's side of the handover to the app (lib/page-handover.ts, which the app reads): the
 * same attribute names, spelled here because the loader cannot import the app's modules.
 */
export const HANDOVER_ATTRIBUTES = {
  appListening: 'data-app-listening',
  appReady: 'data-app-ready',
  visitorActed: 'data-visitor-acted',
} as const;

/**
 * Until the app has taken over a server-rendered page, a button is only HTML: a click on it does
 * nothing (or, for a submit button, would send the form the browser's way and reload the page).
 * This keeps the latest such click and gives it to the button again once the app is ready, so the
 * visitor's tap is not lost. Links and popover buttons need no help: they work as HTML.
 *
 * The loader calls it as soon as it runs, before the first paint: a tap that came after the paint
 * but before the app's entry had arrived (a slow phone, a busy machine) used to be lost.
 */
export function holdClicksUntilReady(): void {
  const root = document.documentElement;
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

  const { appListening, appReady } = HANDOVER_ATTRIBUTES;
  const observer = new MutationObserver(() => {
    // Once React listens, it queues a click on a part it has not hydrated yet and replays it
    // itself: holding one here too would click twice.
    if (root.hasAttribute(appListening) || root.hasAttribute(appReady)) {
      document.removeEventListener('click', hold, { capture: true });
    }
    if (!root.hasAttribute(appReady)) return;
    observer.disconnect();
    const target = held;
    held = null;
    if (target?.isConnected) target.click();
  });
  observer.observe(root, { attributes: true, attributeFilter: [appListening, appReady] });
}
