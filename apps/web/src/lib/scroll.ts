/** SPEC §9: the way back to the top is offered past 500 px of scroll. */
export const SCROLL_TOP_VISIBLE_AT = 500;

/** Smooth scroll to the top of the page (instant under reduced motion). Handlers and effects only. */
export function scrollToTop(): void {
  const reduced =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
}
