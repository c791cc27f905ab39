import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ADMIN_SESSION_EXPIRED_EVENT, useAdminSession } from '@/lib/auth-storage';
import { useOpenBackOffice } from '@/hooks/use-open-back-office';
import { createTranslator, loadMessages, type Translator, useT } from '@/lib/i18n';
import { rememberedAdminLocale } from '@/lib/i18n/admin-locale';
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

/**
 * "Session expired" in the signed-out staff member's back-office language (the one this browser
 * last showed them), which the page's need not be: the back office is at /admin whatever they
 * chose. Without one, in the page's. Their language's messages were loaded by the back office.
 */
async function toastSessionExpired(page: Translator): Promise<void> {
  const locale = rememberedAdminLocale() ?? page.locale;
  let translator = page;
  if (locale !== page.locale) {
    try {
      translator = createTranslator(locale, await loadMessages(locale));
    } catch {
      // The language's chunk could not be loaded (offline): the page's words are better than none.
    }
  }
  toast({
    variant: 'destructive',
    title: translator.t('common.sessionExpired'),
    description: translator.t('common.signInAgain'),
    // Words in another language than the page's say which, for screen readers (WCAG 3.1.2).
    ...(translator.locale === page.locale ? {} : { lang: translator.locale }),
  });
}

export function RootRoute() {
  const session = useAdminSession();
  const translator = useT();
  const { locale } = translator;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  // Listened for here rather than in the admin layout: the layout unmounts as soon as the
  // cleared session re-renders it, and the toast must still be shown.
  useEffect(() => {
    const onExpired = () => {
      void toastSessionExpired(translator);
      void navigate(paths.home, { replace: true });
    };
    window.addEventListener(ADMIN_SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(ADMIN_SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate, translator]);

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
