import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { Cog } from 'lucide-react';
import { ARRIVAL_OVERLAY_MS } from '@capstan/shared';
import { useT } from '@/lib/i18n';
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
 * A veil, not a curtain (decision 060): the page is painted under it, softly
 * blurred but in its own colours, so the first screen is there at once, and the overlay still
 * covers the whole screen for its full 1.5 s, taking every tap, with its cog, name and
 * "Loading..." on a card that keeps them legible over any section. A tint over the page made
 * every pixel another colour for those 1.5 s, which the Speed Index counted as a page not yet
 * drawn.
 *
 * Arrival only (decision 015): an in-app return to `/` (Back to Home, Request Quote) shows no
 * overlay. The document's first location is the one React Router keys 'default'; a page
 * reached in the app has a key of its own, and a later Back to that first entry finds the
 * overlay already shown.
 */
export function LoadingOverlay() {
  const { t } = useT();
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
      // Part of the first screen, whose CSS the server inlines (FirstScreen): marked on the element
      // itself, which index.css finds as a child of #root.
      data-beasties-container=""
      className="fixed inset-0 z-[100] flex animate-overlay-out items-center justify-center backdrop-blur-[2px]"
      style={{ animationDelay: `${LOADING_OVERLAY_MS}ms` }}
    >
      <div className="flex flex-col items-center gap-2 rounded-xl bg-slate-900/85 px-6 py-4 text-white shadow-2xl">
        <Cog aria-hidden="true" className="size-10 animate-spin text-accent motion-reduce:animate-none" />
        <p className="font-semibold tracking-tight">{companyName}</p>
        <p className="text-sm text-blue-100">{t('common.loading')}</p>
      </div>
    </div>
  );
}
