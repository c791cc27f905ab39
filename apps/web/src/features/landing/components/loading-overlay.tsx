import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Cog } from 'lucide-react';
import { ARRIVAL_OVERLAY_MS } from '@capstan/shared';
import { useSiteSettings } from '@/lib/site-settings';

export const LOADING_OVERLAY_MS = ARRIVAL_OVERLAY_MS;

/** Set once the overlay has had its one showing in this document (effects only, never on the server). */
let shownInThisDocument = false;

/**
 * SPEC §2: a full-screen loading overlay for 1.5 s on arrival. The CSS animation hides it at
 * 1.5 s by itself, so server-rendered HTML is usable even when the script is slow or blocked;
 * the effect then removes it from the tree. Not disabled under reduced motion: it is a delay,
 * not movement, and without it the overlay would never go away before the script runs.
 *
 * A veil, not a curtain (issue 20, decision 036): the page is painted under it, blurred, so the
 * first screen is there at once (the Speed Index counted 1.5 s of a different picture) and the
 * overlay still shows for its full 1.5 s, over the whole screen, with its cog and name.
 *
 * Arrival only (issue 16): an in-app return to `/` (Back to Home, Request Quote) shows no
 * overlay. The document's first location is the one React Router keys 'default'; a page
 * reached in the app has a key of its own, and a later Back to that first entry finds the
 * overlay already shown.
 */
export function LoadingOverlay() {
  const { key } = useLocation();
  const companyName = useSiteSettings()?.company.name;
  const [visible, setVisible] = useState(() => key === 'default' && !shownInThisDocument);
  useEffect(() => {
    shownInThisDocument = true;
    if (!visible) return;
    const timer = window.setTimeout(() => setVisible(false), LOADING_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [visible]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
      data-arrival-overlay=""
      className="fixed inset-0 z-[100] flex animate-overlay-out flex-col items-center justify-center gap-4 bg-gradient-to-br from-primary/45 to-slate-900/60 text-white backdrop-blur-md"
      style={{ animationDelay: `${LOADING_OVERLAY_MS}ms` }}
    >
      <Cog aria-hidden="true" className="size-14 animate-spin text-accent motion-reduce:animate-none" />
      <p className="text-lg font-semibold tracking-tight">{companyName}</p>
      <p className="text-sm text-blue-100">Loading...</p>
    </div>
  );
}
