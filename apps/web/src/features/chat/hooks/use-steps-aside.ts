import { type RefObject, useEffect, useState } from 'react';
import { coversContent } from '../lib/covers-content';

const FIELDS = 'input:not([type="hidden"]), textarea, select';
const FORM_AREAS = `#contact, ${FIELDS}`;

/** The button comes back only once its place has stayed clear this long, so it does not flicker while scrolling. */
const SHOW_AFTER_MS = 150;

/**
 * Whether the floating group should step aside: while the contact section or any form field of
 * the page is on screen or focused, or while any text or control lies where its button sits
 * (issue 16: nothing may ever sit under it). `engaged` (the visitor is using the group) keeps it.
 */
export function useStepsAside(
  group: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  engaged: boolean,
): boolean {
  const [covering, setCovering] = useState(false);
  const [formInView, setFormInView] = useState(false);
  const [fieldFocused, setFieldFocused] = useState(false);

  useEffect(() => {
    const own = group.current;
    if (!own || typeof IntersectionObserver === 'undefined' || typeof ResizeObserver === 'undefined') return;

    let frame = 0;
    let showTimer: ReturnType<typeof setTimeout> | undefined;
    const isCovering = () => {
      const spot = button.current;
      return spot !== null && coversContent(spot.getBoundingClientRect(), own);
    };
    const measure = () => {
      frame = 0;
      if (isCovering()) {
        clearTimeout(showTimer);
        showTimer = undefined;
        setCovering(true);
      } else {
        showTimer ??= setTimeout(() => {
          showTimer = undefined;
          setCovering(isCovering());
        }, SHOW_AFTER_MS);
      }
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(measure);
    };

    const inView = new Set<Element>();
    const observed = new Set<Element>();
    const intersections = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) inView.add(entry.target);
        else inView.delete(entry.target);
      }
      setFormInView(inView.size > 0);
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
      setFormInView(inView.size > 0);
    };
    const resizes = new ResizeObserver(() => {
      observeForms();
      schedule();
    });
    resizes.observe(document.body);

    const onFocusChange = () => {
      const active = document.activeElement;
      setFieldFocused(active !== null && active.matches(FIELDS) && !own.contains(active));
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
      clearTimeout(showTimer);
      intersections.disconnect();
      resizes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('focusin', onFocusChange);
      document.removeEventListener('focusout', onFocusChange);
    };
  }, [group, button]);

  return !engaged && (covering || formInView || fieldFocused);
}
