import { useEffect, useState } from 'react';
import { Cog } from 'lucide-react';
import { siteContent } from '@/config/site-content';

export const LOADING_OVERLAY_MS = 1500;

/**
 * SPEC §2: a full-screen loading overlay for 1.5 s on arrival. The CSS animation hides it at
 * 1.5 s by itself, so server-rendered HTML is usable even when the script is slow or blocked;
 * the effect then removes it from the tree. Not disabled under reduced motion: it is a delay,
 * not movement, and without it the overlay would never go away before the script runs.
 */
export function LoadingOverlay() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), LOADING_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      className="fixed inset-0 z-[100] flex animate-overlay-out flex-col items-center justify-center gap-4 bg-gradient-to-br from-primary to-slate-900 text-white"
      style={{ animationDelay: `${LOADING_OVERLAY_MS}ms` }}
    >
      <Cog aria-hidden="true" className="size-14 animate-spin text-accent motion-reduce:animate-none" />
      <p className="text-lg font-semibold tracking-tight">{siteContent.companyName}</p>
      <p className="text-sm text-blue-100">Loading...</p>
    </div>
  );
}
