import { type RefObject, useEffect, useState } from 'react';
import type { Clearance } from '../lib/watch-clearance';

const CLEAR: Clearance = { covering: false, formInView: false, fieldFocused: false };

/** The same object when nothing changed, so a scroll that changes nothing renders nothing. */
function merge(current: Clearance, change: Partial<Clearance>): Clearance {
  const next = { ...current, ...change };
  const same = (Object.keys(next) as (keyof Clearance)[]).every((key) => next[key] === current[key]);
  return same ? current : next;
}

/**
 * Whether the floating group should step aside: while the contact section or any form field of
 * the page is on screen or focused, or while any text or control lies where its button sits
 * (issue 16: nothing may ever sit under it). `engaged` (the visitor is using the group) keeps it.
 *
 * The watching code is loaded once the app runs, like the chat panel, so it adds nothing to the
 * landing page's first load (its JS budget, decision 019).
 */
export function useStepsAside(
  group: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  engaged: boolean,
): boolean {
  const [clearance, setClearance] = useState(CLEAR);

  useEffect(() => {
    const own = group.current;
    if (!own || typeof IntersectionObserver === 'undefined' || typeof ResizeObserver === 'undefined') return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../lib/watch-clearance')
      .then(({ watchClearance }) => {
        if (cancelled) return;
        stop = watchClearance(
          own,
          () => button.current,
          (change) => setClearance((current) => merge(current, change)),
        );
      })
      // Without it the group simply stays where it is, as in the server's HTML.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [group, button]);

  return !engaged && (clearance.covering || clearance.formInView || clearance.fieldFocused);
}
