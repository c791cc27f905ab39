import { Outlet, ScrollRestoration } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Shown while a lazily loaded route (the admin area) downloads on first load. */
export function RouteLoading() {
  return (
    <p role="status" className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground">
      <Spinner /> Loading...
    </p>
  );
}
