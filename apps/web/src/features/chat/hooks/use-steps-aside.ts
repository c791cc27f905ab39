import { type RefObject, useEffect, useState } from 'react';
import type { Clearance } from '../lib/watch-clearance';

const CLEAR: Clearance = { covering: false, formInView: false, fieldFocused: false };

/** The same object when nothing changed, so a scroll that changes nothing renders nothing. */
function merge(current: Clearance | null, change: Partial<Clearance>): Clearance {
  const next = { ...CLEAR, ...current, ...change };
  if (current === null) return next;
  const same = (Object.keys(next) as (keyof Clearance)[]).every((key) => next[key] === current[key]);
  return same ? current : next;
}

export interface StepAside {
  /** The group should step aside now. */
  stepAside: boolean;
  /**
   * Nothing has yet looked at what lies under the button's fixed place (the watching code is
   * still loading): the group waits unseen rather than show itself over text for a moment.
   */
  awaitingClearance: boolean;
}

/**
 * Whether the floating group should step aside: while the contact section or any form field of
 * the page is on screen or focused, or while any text or control lies where its button sits
 * (nothing may ever sit under it). `engaged` (the visitor is using the group) keeps it.
 *
 * The watching code is loaded once the app runs, like the chat panel, so it adds nothing to the
 * landing page's first load (its JS budget, decision 019).
 */
export function useStepsAside(
  group: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  engaged: boolean,
): StepAside {
  // null until the watcher's first measurement; the server's HTML renders the same.
  const [clearance, setClearance] = useState<Clearance | null>(null);

  useEffect(() => {
    const own = group.current;
    if (!own) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../lib/watch-clearance')
      .then(({ watchClearance }) => {
        if (cancelled) return;
        if (typeof IntersectionObserver === 'undefined' || typeof ResizeObserver === 'undefined') {
          throw new Error('this browser cannot watch what lies under the group');
        }
        stop = watchClearance(
          own,
          () => button.current,
          (change) => setClearance((current) => merge(current, change)),
        );
      })
      // Without it the group is shown and simply stays where it is.
      .catch(() => {
        if (!cancelled) setClearance((current) => current ?? CLEAR);
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [group, button]);

  if (engaged) return { stepAside: false, awaitingClearance: false };
  if (clearance === null) return { stepAside: false, awaitingClearance: true };
  return {
    stepAside: clearance.covering || clearance.formInView || clearance.fieldFocused,
    awaitingClearance: false,
  };
}
