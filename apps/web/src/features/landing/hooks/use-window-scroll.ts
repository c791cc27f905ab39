import { useEffect, useState } from 'react';

/** Whether the window is scrolled past `threshold` px, updated on every scroll (effects only, SSR-safe). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}

/**
 * Like `useScrolledPast`, but `null` until the app has read the scroll position: the server's
 * HTML (and the page before the app starts) cannot know it, and says so, so CSS can decide.
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
