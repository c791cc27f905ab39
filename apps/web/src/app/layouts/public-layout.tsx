import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { QuoteFullNotice } from '@/components/quote-full-notice';
import { paths } from '@/config/paths';
import { FloatingActions } from '@/features/chat';
import { LandingNav } from '@/features/landing';
import { useT } from '@/lib/i18n';
import { locationOf, phonesOf, useSiteSettings } from '@/lib/site-settings';

/** The bar's entry for the page shown: Products for the catalogue and an item's page. */
function currentEntry(pathname: string): 'products' | null {
  return pathname === paths.products || pathname.startsWith('/product/') ? 'products' : null;
}

export function PublicLayout() {
  const { pathname } = useLocation();
  const site = useSiteSettings();
  const { t } = useT();
  // The landing page brings its own fixed bar, footer and skip link (SPEC §2).
  if (pathname === paths.home) return <Outlet />;

  return (
    // The bar is fixed (as on the landing page): the page starts below it.
    <div className="flex min-h-dvh flex-col pt-16">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-background px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skipToContent')}
      </a>
      {/* The landing page's bar, its entries leading back to the landing page's sections. */}
      <LandingNav elsewhere={{ current: currentEntry(pathname) }} />
      <main id="main" className="flex-1">
        <QuoteFullNotice />
        {/* The page is hydrated apart from the bar, in small slices (see the landing page). */}
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t bg-slate-900 text-slate-300">
        {/* The bottom padding leaves the floating buttons a clear place at the end of the page. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 pt-8 pb-36 text-sm sm:flex-row sm:flex-wrap sm:justify-between sm:gap-x-6 sm:px-6">
          <p className="font-semibold text-white">{site?.company.name}</p>
          <p>{site ? locationOf(site) : null}</p>
          {site ? (
            <p className="flex flex-wrap gap-x-4">
              {phonesOf(site).map((phone) => (
                <a
                  key={phone.tel}
                  href={`tel:${phone.tel}`}
                  className="underline-offset-4 hover:text-white hover:underline"
                >
                  {phone.display}
                </a>
              ))}
            </p>
          ) : null}
          {/* After the sale (issue 40): where an owner asks for an engineer and follows their machine. */}
          <nav aria-label={t('common.serviceHeading')} className="flex flex-wrap gap-x-4">
            <Link to={paths.service} className="underline-offset-4 hover:text-white hover:underline">
              {t('common.navService')}
            </Link>
            <Link to={paths.myMachine} className="underline-offset-4 hover:text-white hover:underline">
              {t('common.navMyMachine')}
            </Link>
          </nav>
        </div>
      </footer>
      <FloatingActions />
    </div>
  );
}
