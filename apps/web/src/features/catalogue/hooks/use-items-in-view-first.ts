import { startTransition, useEffect, useLayoutEffect, useState } from 'react';

/** The attribute that numbers a list's slots for `useItemsInViewFirst`. */
export const SLOT_INDEX_ATTRIBUTE = 'data-slot-index';

/**
 * A new page of results reaches the slots on screen in the commit that brings it, and the slots
 * out of view after that commit's frame, in a transition (decision 060).
 *
 * A profile of a search keystroke at 25,000 parts showed about half of its script time updating
 * 24 cards, of which a wide screen shows six and a phone one or two. The slots out of view keep
 * their cards (which, memoised, cost nothing) until that frame is painted, and `settled` is false
 * until they follow.
 *
 * Which slots are on screen is kept by one IntersectionObserver on the list's children, each
 * numbered with `SLOT_INDEX_ATTRIBUTE`. Where it does not exist, or before it has reported, every
 * slot takes the new items at once, as before. The observer reports after a frame, so it can be
 * behind a scroll (a page link scrolls to the results' top): before the paint, the slots held back
 * are measured, and if one is on screen after all, every slot follows in that same commit.
 */
export function useItemsInViewFirst<T>(items: readonly T[]): {
  /** The callback ref of the list whose children are the slots. */
  listRef: (element: HTMLElement | null) => void;
  itemAt: (index: number) => T;
  settled: boolean;
} {
  const [later, setLater] = useState(items);
  // After the frame that shows the slots on screen, so their paint does not wait for the rest.
  useEffect(() => {
    if (later === items) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setLater(items)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [items, later]);

  // A callback ref: the list is not there while a search finds nothing, and comes back after.
  const [element, setElement] = useState<HTMLElement | null>(null);
  // A measurement of the page, kept outside React's state: the observer's reports must not render.
  const [inView] = useState<{ slots: Set<number> | null }>(() => ({ slots: null }));
  useEffect(() => {
    if (element === null || typeof IntersectionObserver === 'undefined') return;
    const seen = new Set<number>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        const index = Number(entry.target.getAttribute(SLOT_INDEX_ATTRIBUTE));
        if (entry.isIntersecting) seen.add(index);
        else seen.delete(index);
      }
      inView.slots = seen;
    });
    const observeSlots = () => {
      observer.disconnect();
      for (const slot of element.children) observer.observe(slot);
    };
    observeSlots();
    // The number of slots changes with the results (a search with three matches).
    const slotsChanged = new MutationObserver(observeSlots);
    slotsChanged.observe(element, { childList: true });
    return () => {
      slotsChanged.disconnect();
      observer.disconnect();
      inView.slots = null;
    };
  }, [element, inView]);

  // Which slots are on screen when new items come, as the observer last saw them.
  const visible = inView.slots;
  const waitingAt = (index: number) => (visible === null || visible.has(index) ? undefined : later[index]);
  const isHeld = (index: number) => (waitingAt(index) ?? items[index]) !== items[index];
  const held = items.some((_, index) => isHeld(index));

  // Layout is due before this paint anyway, so measuring the held slots costs no extra layout
  // unless one is on screen, and then showing the last page's item there would be wrong.
  useIsomorphicLayoutEffect(() => {
    if (!held || element === null) return;
    const height = window.innerHeight;
    const width = window.innerWidth;
    for (const slot of element.children) {
      if (!isHeld(Number(slot.getAttribute(SLOT_INDEX_ATTRIBUTE)))) continue;
      const box = slot.getBoundingClientRect();
      if (box.bottom > 0 && box.top < height && box.right > 0 && box.left < width) {
        setLater(items);
        return;
      }
    }
  });

  return {
    listRef: setElement,
    itemAt: (index) => waitingAt(index) ?? items[index]!,
    settled: !held,
  };
}

// The server renders every slot with the new items; there is nothing held back to measure.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
