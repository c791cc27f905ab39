import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { Cog } from 'lucide-react';
import { paths } from '@/config/paths';
import { FloatingActions } from '@/features/chat';
import { locationOf, useSiteSettings } from '@/lib/site-settings';
import { cn } from '@/lib/utils';

export function PublicLayout() {
  const { pathname } = useLocation();
  const site = useSiteSettings();
  // The landing page brings its own fixed bar, footer and skip link (SPEC §2).
  if (pathname === paths.home) return <Outlet />;

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-background px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
          <Link
            to={paths.home}
            className="flex min-w-0 items-center gap-2 rounded-md font-bold text-primary transition-transform hover:scale-105 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none motion-reduce:transition-none"
          >
            <Cog
              aria-hidden="true"
              className="size-7 shrink-0 animate-spin-slow text-accent motion-reduce:animate-none"
            />
            <span className="truncate text-[15px] tracking-tight sm:text-lg sm:tracking-normal">
              {site?.company.name}
            </span>
          </Link>
          <nav aria-label="Main">
            <NavLink
              to={paths.products}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-2 py-2 text-sm font-medium sm:px-3 text-slate-700 transition-colors hover:bg-muted hover:text-primary focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  isActive && 'text-primary',
                )
              }
            >
              Products
            </NavLink>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {/* The page is hydrated apart from the bar, in small slices (see the landing page). */}
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <footer className="border-t bg-slate-900 text-slate-300">
        {/* The bottom padding leaves the floating contact button a clear place at the end of the page. */}
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 pt-8 pb-24 text-sm sm:flex-row sm:justify-between sm:px-6">
          <p className="font-semibold text-white">{site?.company.name}</p>
          <p>{site ? locationOf(site) : null}</p>
        </div>
      </footer>
      <FloatingActions />
    </div>
  );
}
