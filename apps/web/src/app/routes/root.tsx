import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ADMIN_SESSION_EXPIRED_EVENT, useAdminSession } from '@/lib/auth-storage';
import { useOpenBackOffice } from '@/hooks/use-open-back-office';
import { useT } from '@/lib/i18n';
import { LanguageSuggestion } from '@/components/language-suggestion';

function isAdminPath(pathname: string): boolean {
  return pathname === paths.admin.root || pathname.startsWith(`${paths.admin.root}/`);
}

/** From a Tamil or Hindi page the back office (at /admin, outside the page's language) is loaded. */
function LeaveForBackOffice() {
  const openBackOffice = useOpenBackOffice();
  useEffect(() => openBackOffice({ replace: true }), [openBackOffice]);
  return null;
}

export function RootRoute() {
  const session = useAdminSession();
  const { locale } = useT();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  // Listened for here rather than in the admin layout: the layout unmounts as soon as the
  // cleared session re-renders it, and the toast must still be shown.
  useEffect(() => {
    const onExpired = () => {
      toast({ variant: 'destructive', title: 'Session expired', description: 'Please sign in again.' });
      void navigate(paths.home, { replace: true });
    };
    window.addEventListener(ADMIN_SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(ADMIN_SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate]);

  // SPEC §4: an authenticated admin outside /admin is sent to the dashboard.
  if (session !== null && !isAdminPath(pathname)) {
    return locale === 'en' ? <Navigate to={paths.admin.dashboard} replace /> : <LeaveForBackOffice />;
  }

  return (
    <>
      <ScrollRestoration />
      <Outlet />
      {locale === 'en' && !isAdminPath(pathname) ? <LanguageSuggestion here={`${pathname}${search}`} /> : null}
    </>
  );
}

/** Shown while a lazily loaded route (the admin area) downloads on first load. */
export function RouteLoading() {
  const { t } = useT();
  return (
    <p role="status" className="flex min-h-dvh items-center justify-center gap-3 text-muted-foreground">
      <Spinner /> {t('common.loading')}
    </p>
  );
}
