import type { MessageKey } from '@/lib/i18n';

/** SPEC §2: the landing sections in order, with their anchor ids and nav labels (message keys). */
export const LANDING_SECTIONS = [
  { id: 'home', label: 'landing.sectionHome' },
  { id: 'about', label: 'landing.sectionAbout' },
  { id: 'products', label: 'landing.sectionProducts' },
  { id: 'services', label: 'landing.sectionServices' },
  { id: 'contact', label: 'landing.sectionContact' },
] as const satisfies readonly { id: string; label: MessageKey }[];

export type SectionId = (typeof LANDING_SECTIONS)[number]['id'];

/** SPEC §9 scroll thresholds. */
export const NAV_SCROLLED_AT = 100;
export const ACTIVE_SECTION_PROBE = 200;

export interface SectionBox {
  id: string;
  top: number;
  bottom: number;
}

/** SPEC §2: the active section is the first whose box contains y = probe (px from the viewport top). */
export function pickActiveSection(boxes: readonly SectionBox[], probe = ACTIVE_SECTION_PROBE): string | null {
  return boxes.find((box) => box.top <= probe && box.bottom > probe)?.id ?? null;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How long a scroll to a section keeps following it while the page above it changes height. */
export const SECTION_SETTLE_MS = 3000;
/** Input that means the visitor is scrolling themselves: the page stops following the section. */
const VISITOR_SCROLL_EVENTS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

let stopFollowing: (() => void) | null = null;

/**
 * Keeps a section at the top while the sections above it change height: their data may arrive
 * after the scroll started, and sections skipped by `content-visibility` get their real height
 * only as they are passed, so a smooth scroll aimed at the first estimate ends short (by
 * thousands of pixels on a phone coming from another page). Until the visitor scrolls themselves,
 * or for SECTION_SETTLE_MS, a change of the page's height or a scroll that ends away from the
 * section aims again.
 */
function followSection(element: HTMLElement, behavior: ScrollBehavior): () => void {
  const aim = () => {
    if (!element.isConnected) return;
    const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    const offset = element.getBoundingClientRect().top - margin;
    const atBottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
    if (Math.abs(offset) > 2 && !(offset > 0 && atBottom)) element.scrollIntoView({ behavior, block: 'start' });
  };
  const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(aim) : null;
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    resizes?.disconnect();
    window.clearTimeout(timer);
    window.removeEventListener('scrollend', aim);
    for (const type of VISITOR_SCROLL_EVENTS) window.removeEventListener(type, stop, options);
    if (stopFollowing === stop) stopFollowing = null;
  };
  const timer = window.setTimeout(stop, SECTION_SETTLE_MS);
  resizes?.observe(document.body);
  window.addEventListener('scrollend', aim);
  for (const type of VISITOR_SCROLL_EVENTS) window.addEventListener(type, stop, options);
  return stop;
}

/** Smooth scroll to a section (instant under reduced motion). Handlers and effects only. */
export function scrollToSection(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
  stopFollowing?.();
  element.scrollIntoView({ behavior, block: 'start' });
  stopFollowing = followSection(element, behavior);
}
