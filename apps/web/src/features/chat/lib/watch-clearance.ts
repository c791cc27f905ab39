import { coversContent } from './covers-content';

const FIELDS = 'input:not([type="hidden"]), textarea, select';
const FORM_AREAS = `#contact, ${FIELDS}`;

/** The button comes back only once its place has stayed clear this long, so it does not flicker while scrolling. */
const SHOW_AFTER_MS = 150;

/** A change of the page's layout is measured when the browser is idle, or after this long at most. */
const IDLE_TIMEOUT_MS = 200;

export interface Clearance {
  /** Text or a control of the page lies where the button sits. */
  covering: boolean;
  /** The contact section or a form field is on screen. */
  formInView: boolean;
  /** A form field of the page has focus. */
  fieldFocused: boolean;
}

/**
 * Watches what lies under the floating group's `button` and where the page's forms are, and
 * reports each change; returns the function that stops watching. Everything inside `own` (the
 * group, its list and the chat panel) is the group's own and never counts. `covers` is the hit
 * test (a parameter so its tests can switch it).
 */
export function watchClearance(
  own: HTMLElement,
  button: () => HTMLElement | null,
  report: (change: Partial<Clearance>) => void,
  covers: typeof coversContent = coversContent,
): () => void {
  let frame = 0;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  const isCovering = () => {
    const spot = button();
    return spot !== null && covers(spot.getBoundingClientRect(), own);
  };
  const measure = () => {
    if (isCovering()) {
      clearTimeout(showTimer);
      showTimer = undefined;
      report({ covering: true });
    } else {
      showTimer ??= setTimeout(() => {
        showTimer = undefined;
        report({ covering: isCovering() });
      }, SHOW_AFTER_MS);
    }
  };
  const schedule = () => {
    frame ||= requestAnimationFrame(() => {
      frame = 0;
      measure();
    });
  };
  // The page's own changes (new results, a section shown) are measured once the browser is idle:
  // the frame that shows them is then laid out, and the hit test does not force its layout. From
  // a rAF, it did, at up to 37 ms after a catalogue search's results (decision 060). Scrolling
  // keeps the next frame, so the button steps aside as content moves under it.
  let idle = 0;
  const scheduleWhenIdle = () => {
    if (typeof requestIdleCallback === 'undefined') return schedule();
    idle ||= requestIdleCallback(
      () => {
        idle = 0;
        measure();
      },
      { timeout: IDLE_TIMEOUT_MS },
    );
  };

  const inView = new Set<Element>();
  const observed = new Set<Element>();
  const intersections = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) inView.add(entry.target);
      else inView.delete(entry.target);
    }
    report({ formInView: inView.size > 0 });
  });
  // Forms appear and go as the page changes (a catalogue page loads, a section is shown).
  const observeForms = () => {
    for (const element of document.querySelectorAll(FORM_AREAS)) {
      if (own.contains(element) || observed.has(element)) continue;
      observed.add(element);
      intersections.observe(element);
    }
    for (const element of observed) {
      if (element.isConnected) continue;
      observed.delete(element);
      inView.delete(element);
      intersections.unobserve(element);
    }
    report({ formInView: inView.size > 0 });
  };
  const resizes = new ResizeObserver(() => {
    observeForms();
    scheduleWhenIdle();
  });
  resizes.observe(document.body);

  const onFocusChange = () => {
    const active = document.activeElement;
    report({ fieldFocused: active !== null && active.matches(FIELDS) && !own.contains(active) });
  };

  observeForms();
  onFocusChange();
  measure();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  document.addEventListener('focusin', onFocusChange);
  document.addEventListener('focusout', onFocusChange);
  return () => {
    cancelAnimationFrame(frame);
    if (idle) cancelIdleCallback(idle);
    clearTimeout(showTimer);
    intersections.disconnect();
    resizes.disconnect();
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    document.removeEventListener('focusin', onFocusChange);
    document.removeEventListener('focusout', onFocusChange);
  };
}
