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
 * but before the app's entry had arrived (a slow phone, a busy machine) used to be lost. So was a
 * tap whose button moved between press and release (see `hold`).
 */
export function holdClicksUntilReady(): void {
  const root = document.documentElement;
  let held: HTMLElement | null = null;
  let pressed: { button: HTMLElement; x: number; y: number } | null = null;
  const press = (event: PointerEvent) => {
    const button = holdableButton(event.target);
    pressed = button === null ? null : { button, x: event.clientX, y: event.clientY };
  };
  const hold = (event: MouseEvent) => {
    const clicked = holdableButton(event.target);
    // The page may move under a still pointer between press and release: the first press can turn
    // on the whole stylesheet, which gives the sections their real heights, and a button placed
    // after them (the floating group) moves. The click then goes to what is under the pointer
    // now; released where it was pressed, it is a tap on the button that was pressed.
    const target = clicked ?? (pressed !== null && releasedWherePressed(event, pressed) ? pressed.button : null);
    pressed = null;
    if (target === null) return;
    // The browser's own submit would reload the page and lose what was typed.
    if (clicked instanceof HTMLButtonElement && clicked.type === 'submit') event.preventDefault();
    held = target;
  };
  document.addEventListener('pointerdown', press, { capture: true });
  document.addEventListener('click', hold, { capture: true });

  const { appListening, appReady } = HANDOVER_ATTRIBUTES;
  const observer = new MutationObserver(() => {
    // Once React listens, it queues a click on a part it has not hydrated yet and replays it
    // itself: holding one here too would click twice.
    if (root.hasAttribute(appListening) || root.hasAttribute(appReady)) {
      document.removeEventListener('pointerdown', press, { capture: true });
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

/** How far a pointer may move between press and release and still be a tap (CSS px). */
const TAP_SLOP_PX = 10;

const releasedWherePressed = (release: MouseEvent, press: { x: number; y: number }) =>
  Math.abs(release.clientX - press.x) <= TAP_SLOP_PX && Math.abs(release.clientY - press.y) <= TAP_SLOP_PX;

/** The button a tap on `target` is for, when it is one the app must be given again. */
function holdableButton(target: EventTarget | null): HTMLElement | null {
  const button = target instanceof Element ? target.closest<HTMLElement>('button, [role="button"]') : null;
  if (!button || button.closest('a[href]')) return null;
  // A popover's button opens it natively: clicking again would close it.
  if (button.hasAttribute('popovertarget')) return null;
  if (button instanceof HTMLButtonElement && button.disabled) return null;
  return button;
}
