import { type MouseEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Cog, Menu, X } from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSwitch } from '@/components/language-switch';
import { QuoteListLink } from '@/components/quote-list-link';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { cn } from '@/lib/utils';
import { useActiveSection } from '../hooks/use-active-section';
import { useExitTransition } from '../hooks/use-exit-transition';
import { useScrolledPastOnceKnown } from '../hooks/use-window-scroll';
import { LANDING_SECTIONS, NAV_SCROLLED_AT, scrollToSection, type SectionId } from '../lib/sections';

const SECTION_IDS = LANDING_SECTIONS.map((section) => section.id);
const NO_SECTIONS: readonly string[] = [];

/** Away from the landing page the same entries lead to its sections, and Products to the catalogue. */
const ELSEWHERE_HREFS: Record<SectionId, string> = {
  home: paths.home,
  about: '/#about',
  products: paths.products,
  services: '/#services',
  contact: paths.contact,
};
/** SPEC §2: the dropdown opens and closes over 0.3 s (matches --animate-menu-close in index.css). */
const MENU_TRANSITION_MS = 300;

export interface LandingNavProps {
  /** SPEC §2: accepted, unused in the bar itself. */
  onAdminLoginSuccess?: () => void;
  /**
   * The bar on another public page (catalogue, product, compare, 404): its entries lead to the
   * landing page's sections and Products to the catalogue, `current` names the entry of the page
   * shown, and it keeps the solid look (there is no hero under it).
   */
  elsewhere?: { current: SectionId | null };
}

/**
 * SPEC §2 / §4: the fixed navigation bar of the landing page.
 *
 * It works as HTML before the app runs (decision 015): entries and brand are `#section` links, the
 * mobile menu is a `<details>` disclosure, and its look is CSS (`.landing-nav` in index.css):
 * until the app has read the scroll position (`data-scrolled` absent) the browser switches it at
 * 100 px by a scroll-driven animation, or, where those are missing, keeps the solid look that is
 * readable over every section. The app then takes over the same switch and the smooth scrolling.
 */
export function LandingNav({ elsewhere }: LandingNavProps) {
  const { t } = useT();
  const company = useSiteSettings()?.company;
  const companyName = company?.name;
  const scrolledOnLanding = useScrolledPastOnceKnown(NAV_SCROLLED_AT);
  const scrolled = elsewhere ? true : scrolledOnLanding;
  const activeSection = useActiveSection(elsewhere ? NO_SECTIONS : SECTION_IDS, 'home');
  const active = elsewhere ? elsewhere.current : activeSection;
  const current = elsewhere ? 'page' : 'location';
  const navLabel = t(elsewhere ? 'landing.navMain' : 'landing.navSections');
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuState = useExitTransition(menuOpen, MENU_TRANSITION_MS);
  const menuRef = useRef<HTMLDetailsElement>(null);
  const toggleRef = useRef<HTMLElement>(null);

  // A menu opened as HTML before the app started stays open, and the app knows it.
  useEffect(() => {
    if (menuRef.current?.open) setMenuOpen(true);
  }, []);

  // Keyboard: Escape closes the open menu and gives focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const choose = (event: MouseEvent, id: string) => {
    setMenuOpen(false);
    if (elsewhere) return; // a link to another page: the router follows it
    event.preventDefault();
    scrollToSection(id);
  };

  /** An entry: a `#section` link on the landing page, a link to another page elsewhere. The brand marks no entry. */
  const entry = (id: SectionId, className: string, children: ReactNode, brand = false) => {
    const ariaCurrent = !brand && active === id ? current : undefined;
    return elsewhere ? (
      <Link
        to={ELSEWHERE_HREFS[id]}
        aria-current={ariaCurrent}
        onClick={(event) => choose(event, id)}
        className={className}
      >
        {children}
      </Link>
    ) : (
      <a href={`#${id}`} aria-current={ariaCurrent} onClick={(event) => choose(event, id)} className={className}>
        {children}
      </a>
    );
  };

  return (
    <header
      data-testid="landing-nav"
      data-scrolled={scrolled ?? undefined}
      // SPEC §2: slides in from above over 0.6 s; a CSS animation, so it also plays in server-rendered HTML.
      className="landing-nav fixed inset-x-0 top-0 z-50 animate-nav-enter transition-colors duration-300 motion-reduce:animate-none motion-reduce:transition-none"
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        {entry(
          'home',
          'landing-nav-brand flex min-w-0 items-center gap-2 rounded-md font-bold transition-transform hover:scale-105 motion-reduce:transition-none motion-reduce:hover:scale-100',
          <>
            <BrandMark logo={company?.logo} className="h-8">
              <Cog
                aria-hidden="true"
                className="size-7 shrink-0 animate-spin-slow text-accent motion-reduce:animate-none"
              />
            </BrandMark>
            <span className="truncate text-[15px] tracking-tight sm:text-lg">{companyName}</span>
          </>,
          true,
        )}

        <nav aria-label={navLabel} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {LANDING_SECTIONS.map(({ id, label }) => (
              <li key={id}>
                {entry(id, 'landing-nav-link rounded-md px-3 py-2 text-sm font-medium transition-colors', t(label))}
              </li>
            ))}
          </ul>
        </nav>

        {/* The language switch, the quote list and (on phones) the menu's toggle keep together at the end. */}
        <div className="flex shrink-0 items-center gap-1">
          <LanguageSwitch
            className="hidden items-center gap-1 md:flex"
            linkClassName="landing-nav-link block rounded-md px-2 py-2 text-sm font-medium transition-colors"
          />

          <QuoteListLink className="landing-nav-link rounded-md px-2 py-2 text-sm font-medium transition-colors" />

          {/* A disclosure that opens without the app; the app drives `open` (and the closing animation). */}
          <details ref={menuRef} open={menuState !== 'closed'} className="group md:hidden">
            <summary
              ref={toggleRef}
              aria-controls={menuId}
              onClick={(event) => {
                event.preventDefault();
                setMenuOpen((open) => !open);
              }}
              className="landing-nav-toggle inline-flex size-10 shrink-0 cursor-pointer list-none items-center justify-center rounded-md [&::-webkit-details-marker]:hidden"
            >
              <span className="sr-only">{t(menuOpen ? 'landing.closeMenu' : 'landing.openMenu')}</span>
              <Menu aria-hidden="true" className="size-6 group-open:hidden" />
              <X aria-hidden="true" className="hidden size-6 group-open:block" />
            </summary>
            <nav
              id={menuId}
              aria-label={navLabel}
              data-state={menuState === 'closed' ? undefined : menuState}
              inert={menuState === 'closing'}
              // Animating grid rows from 0fr to 1fr gives the panel's natural height without measuring it.
              className={cn(
                'styled-later absolute inset-x-0 top-16 grid overflow-hidden border-b border-border bg-white shadow-md motion-reduce:animate-none',
                menuState === 'closing' ? 'animate-menu-close' : 'animate-menu-open',
              )}
            >
              {/* One grid row, so the panel opens to the height of all it holds. */}
              <div className="min-h-0">
                <ul className="flex flex-col gap-1 px-4 py-3">
                  {LANDING_SECTIONS.map(({ id, label }) => (
                    <li key={id}>
                      {entry(
                        id,
                        // The current one is tinted; the hover look, a variant, still wins over it.
                        cn(
                          'block rounded-md px-3 py-3 text-base font-medium hover:bg-muted hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                          active === id ? 'bg-primary/10 text-primary' : 'text-slate-700',
                        ),
                        t(label),
                      )}
                    </li>
                  ))}
                </ul>
                <LanguageSwitch
                  className="flex items-center justify-center gap-2 border-t border-border px-4 py-3"
                  linkClassName="block rounded-md px-3 py-2 text-base font-medium text-slate-700 hover:bg-muted hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none aria-[current]:bg-primary/10 aria-[current]:text-primary"
                />
              </div>
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
