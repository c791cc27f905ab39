/** SPEC §2: the landing sections in order, with their anchor ids and nav labels. */
export const LANDING_SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'products', label: 'Products' },
  { id: 'services', label: 'Services' },
  { id: 'contact', label: 'Contact' },
] as const;

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

/** Smooth scroll to a section (instant under reduced motion). Handlers and effects only. */
export function scrollToSection(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
}
