import { ArrowUp } from 'lucide-react';
import { useScrolledPast } from '../hooks/use-window-scroll';
import { SCROLL_TOP_VISIBLE_AT, scrollToTop } from '../lib/sections';

/** SPEC §4: shown past 500 px of scroll. Bottom-left, clear of the floating action group. */
export function ScrollToTopButton() {
  const visible = useScrolledPast(SCROLL_TOP_VISIBLE_AT);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label="Scroll to top"
      onClick={scrollToTop}
      className="fixed bottom-5 left-5 z-40 inline-flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  );
}
