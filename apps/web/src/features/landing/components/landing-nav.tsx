import { useId, useState } from 'react';
import { Cog, Menu, X } from 'lucide-react';
import { siteContent } from '@/config/site-content';
import { cn } from '@/lib/utils';
import { useActiveSection } from '../hooks/use-active-section';
import { useExitTransition } from '../hooks/use-exit-transition';
import { useScrolledPast } from '../hooks/use-window-scroll';
import { LANDING_SECTIONS, NAV_SCROLLED_AT, scrollToSection } from '../lib/sections';

const SECTION_IDS = LANDING_SECTIONS.map((section) => section.id);
/** SPEC §2: the dropdown opens and closes over 0.3 s (matches --animate-menu-close in index.css). */
const MENU_TRANSITION_MS = 300;

export interface LandingNavProps {
  /** SPEC §2: accepted, unused in the bar itself. */
  onAdminLoginSuccess?: () => void;
}

/** SPEC §2 / §4: the fixed navigation bar of the landing page. */
export function LandingNav(_props: LandingNavProps) {
  const scrolled = useScrolledPast(NAV_SCROLLED_AT);
  const active = useActiveSection(SECTION_IDS, 'home');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuState = useExitTransition(menuOpen, MENU_TRANSITION_MS);

  const choose = (id: string) => {
    setMenuOpen(false);
    scrollToSection(id);
  };

  const entryClass = (id: string) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:outline-none',
      scrolled
        ? 'text-slate-700 hover:bg-muted hover:text-primary focus-visible:ring-ring'
        : 'text-white/90 hover:bg-white/15 hover:text-white focus-visible:ring-white',
      active === id && (scrolled ? 'bg-primary/10 text-primary' : 'bg-white/20 text-white'),
    );

  return (
    <header
      data-testid="landing-nav"
      data-scrolled={scrolled}
      className={cn(
        // SPEC §2: slides in from above over 0.6 s; a CSS animation, so it also plays in server-rendered HTML.
        'fixed inset-x-0 top-0 z-50 animate-nav-enter transition-colors duration-300 motion-reduce:animate-none motion-reduce:transition-none',
        scrolled
          ? 'border-b border-border bg-white/80 text-slate-900 shadow-sm backdrop-blur-md'
          : 'bg-gradient-to-b from-blue-950/70 to-blue-900/0 text-white',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <button
          type="button"
          onClick={() => choose('home')}
          className={cn(
            'flex min-w-0 items-center gap-2 rounded-md font-bold transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:outline-none motion-reduce:transition-none motion-reduce:hover:scale-100',
            scrolled ? 'text-primary focus-visible:ring-ring' : 'text-white focus-visible:ring-white',
          )}
        >
          <Cog
            aria-hidden="true"
            className="size-7 shrink-0 animate-spin-slow text-accent motion-reduce:animate-none"
          />
          <span className="truncate text-[15px] tracking-tight sm:text-lg">{siteContent.companyName}</span>
        </button>

        <nav aria-label="Sections" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LANDING_SECTIONS.map(({ id, label }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  aria-current={active === id ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    choose(id);
                  }}
                  className={entryClass(id)}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <button
          type="button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
          className={cn(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-md focus-visible:ring-2 focus-visible:outline-none md:hidden',
            scrolled
              ? 'text-slate-900 hover:bg-muted focus-visible:ring-ring'
              : 'text-white hover:bg-white/15 focus-visible:ring-white',
          )}
        >
          {menuOpen ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        </button>
      </div>

      {menuState !== 'closed' ? (
        <nav
          id={menuId}
          aria-label="Sections"
          data-state={menuState}
          inert={menuState === 'closing'}
          // Animating grid rows from 0fr to 1fr gives the panel's natural height without measuring it.
          className={cn(
            'grid overflow-hidden border-b border-border bg-white shadow-md motion-reduce:animate-none md:hidden',
            menuState === 'open' ? 'animate-menu-open' : 'animate-menu-close',
          )}
        >
          <ul className="flex min-h-0 flex-col gap-1 px-4 py-3">
            {LANDING_SECTIONS.map(({ id, label }) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  aria-current={active === id ? 'location' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    choose(id);
                  }}
                  className={cn(
                    'block rounded-md px-3 py-3 text-base font-medium text-slate-700 hover:bg-muted hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    active === id && 'bg-primary/10 text-primary',
                  )}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
