import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../lib/sections';

export type ExitTransitionState = 'open' | 'closing' | 'closed';

/**
 * Keeps an element mounted for `exitMs` after `open` turns false so a CSS exit animation can
 * play before it is removed (instantly under reduced motion).
 */
export function useExitTransition(open: boolean, exitMs: number): ExitTransitionState {
  const [closing, setClosing] = useState(false);
  const [wasOpen, setWasOpen] = useState(open);
  // Adjusting state while rendering (not in an effect) so the closing frame is never skipped.
  if (open !== wasOpen) {
    setWasOpen(open);
    setClosing(!open);
  }

  useEffect(() => {
    if (!closing) return;
    const timer = window.setTimeout(() => setClosing(false), prefersReducedMotion() ? 0 : exitMs);
    return () => window.clearTimeout(timer);
  }, [closing, exitMs]);

  if (open) return 'open';
  return closing ? 'closing' : 'closed';
}
