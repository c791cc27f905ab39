import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { STATS_COUNT_UP_MS, STATS_COUNT_UP_STEP_MS } from '@capstan/shared';
import { prefersReducedMotion } from '../lib/sections';

export const COUNT_UP_MS = STATS_COUNT_UP_MS;

const subscribeToNothing = () => () => {};

/**
 * True while React renders on the server or hydrates its HTML (the server snapshot is used
 * then), false for a component first mounted in the browser.
 */
const useIsServerHtml = () =>
  useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );

/**
 * SPEC §2: the figures count from 0 to their targets over 2 s the first time the element
 * becomes visible. Without IntersectionObserver, or under reduced motion, the targets show at once.
 *
 * Server-rendered HTML keeps the targets in its text (a page read without script must not say
 * "0 years"), and the page's own inline script counts that text up on arrival (see
 * StatsSection): when the app takes that HTML over, this hook leaves the figures alone.
 */
export function useCountUp<T extends Element>(
  targets: readonly number[],
  duration = COUNT_UP_MS,
): { ref: RefObject<T | null>; values: number[]; fromServerHtml: boolean } {
  const ref = useRef<T>(null);
  const fromServerHtml = useIsServerHtml();
  const [values, setValues] = useState<number[]>(() => targets.map((target) => (fromServerHtml ? target : 0)));
  const countedByPage = useRef(fromServerHtml);
  const targetsKey = targets.join(',');

  useEffect(() => {
    if (countedByPage.current) return;
    const finalValues = targetsKey.split(',').map(Number);
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || prefersReducedMotion()) {
      setValues(finalValues);
      return;
    }
    // A step at the page script's cadence, not at every frame (STATS_COUNT_UP_STEP_MS).
    let timer: ReturnType<typeof setTimeout> | undefined;
    let startedAt = 0;
    const step = () => {
      const progress = Math.min((performance.now() - startedAt) / duration, 1);
      setValues(finalValues.map((target) => Math.floor(target * progress)));
      if (progress < 1) timer = setTimeout(step, STATS_COUNT_UP_STEP_MS);
    };
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect(); // only the first time
      startedAt = performance.now();
      timer = setTimeout(step, STATS_COUNT_UP_STEP_MS);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [targetsKey, duration]);

  return { ref, values, fromServerHtml };
}
