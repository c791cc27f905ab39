import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled past `threshold` px, updated on every scroll, or `null` until the
 * app has read the scroll position: the server's HTML (and the page before the app starts) cannot
 * know it, and says so, so CSS can decide (effects only, SSR-safe).
 */
export function useScrolledPastOnceKnown(threshold: number): boolean | null {
  const [past, setPast] = useState<boolean | null>(null);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/** Whether the window is scrolled past `threshold` px; false until known. */
export function useScrolledPast(threshold: number): boolean {
  return useScrolledPastOnceKnown(threshold) ?? false;
}
