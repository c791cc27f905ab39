import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection } from '../lib/sections';

export const HASH_SCROLL_DELAY_MS = 100;

/** SPEC §2: a hash such as #contact scrolls smoothly to its section after 100 ms (also on Request Quote). */
export function useHashScroll(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const timer = window.setTimeout(() => scrollToSection(id), HASH_SCROLL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hash, key]);
}
