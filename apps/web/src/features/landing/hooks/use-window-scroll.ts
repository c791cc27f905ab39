import { useEffect, useState } from 'react';

// The floating contact group needs the same hook outside the landing page, so it lives in hooks/.
export { useScrolledPast } from '@/hooks/use-scrolled-past';

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
