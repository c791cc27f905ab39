import { useEffect, useState } from 'react';
import { pickActiveSection, type SectionBox } from '../lib/sections';

/** SPEC §4: the active section starts as home and is recalculated on every scroll. */
export function useActiveSection(ids: readonly string[], initial: string): string {
  const [active, setActive] = useState(initial);
  useEffect(() => {
    const update = () => {
      const boxes: SectionBox[] = [];
      for (const id of ids) {
        const element = document.getElementById(id);
        if (!element) continue;
        const { top, bottom } = element.getBoundingClientRect();
        boxes.push({ id, top, bottom });
      }
      const next = pickActiveSection(boxes);
      if (next) setActive(next);
    };
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [ids]);
  return active;
}
