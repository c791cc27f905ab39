import { useState } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import {
  Building2,
  Cog,
  DatabaseBackup,
  Factory,
  FileSpreadsheet,
  FileText,
  History,
  Inbox,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  Mail,
  Menu,
  MessageSquareQuote,
  MessagesSquare,
  Package,
  ShieldCheck,
  Tags,
  Truck,
  UserCog,
  Wrench,
} from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { useSiteSettings } from '@/lib/site-settings';
import { ADMIN_TITLES } from '@/config/admin-titles';
import { paths } from '@/config/paths';
import { EmailNotConfiguredBanner, useAdminStats } from '@/features/admin-dashboard';
import { usePendingReviewCount } from '@/features/admin-reviews';
import { useCan } from '@/hooks/use-can';
import { api } from '@/lib/api-client';
import { useOverdueServiceRequests } from '@/lib/overdue-service-requests';
import { clearAdminSession, useAdminSession, type AdminSession } from '@/lib/auth-storage';
import { useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import { AdminLanguage } from './admin-language';

const LOGOUT_URL = '/api/auth/logout';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
    isActive ? 'bg-white/10 text-white' : 'text-slate-300',
  );

function Brand() {
  const company = useSiteSettings()?.company;
  return (
    // A span: it also sits inside the drawer's heading, where a paragraph is not allowed.
    <span className="flex items-center gap-2 font-bold">
      <BrandMark logo={company?.logo} className="h-7 rounded bg-white p-0.5">
        <Cog aria-hidden="true" className="size-6 text-accent" />
      </BrandMark>
      <span>{company?.name}</span>
    </span>
  );
}

function SidebarContent({
  session,
  onNavigate,
  onLogout,
  loggingOut,
}: {
  session: AdminSession;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const stats = useAdminStats();
  const newCount = stats.data?.inquiries.new ?? 0;
  // Entries a role cannot use are left out (decision 024); the server refuses them anyway.
  const canInquiries = useCan('inquiries.manage');
  const canQuotations = useCan('quotations.manage');
  const canCatalogue = useCan('catalogue.write');
  const canExport = useCan('catalogue.export');
  const canAudit = useCan('audit.read');
  const canStaff = useCan('staff.manage');
  const canSiteCompany = useCan('site.company');
  const canSiteContent = useCan('site.content');
  const canReviews = useCan('reviews.manage');
  const canBackups = useCan('site.backups');
  const pendingReviews = usePendingReviewCount(canReviews);
  const canService = useCan('service.manage');
  const canInstallations = useCan('installations.read');
  const overdueService = useOverdueServiceRequests(canService).data?.total ?? 0;
  const { t, rich } = useAdminT();

  return (
    <>
      <nav aria-label={t('admin.navLabel')} className="flex flex-col gap-1">
        <NavLink to={paths.admin.dashboard} className={navLinkClass} onClick={onNavigate}>
          <LayoutDashboard aria-hidden="true" className="size-4" /> {t('admin.dashboard')}
        </NavLink>
        <NavLink to={paths.admin.products} className={navLinkClass} onClick={onNavigate}>
          <Package aria-hidden="true" className="size-4" /> {t('admin.products')}
        </NavLink>
        {(canCatalogue || canExport) && (
          <NavLink to={paths.admin.catalogueImport} className={navLinkClass} onClick={onNavigate}>
            {/* Sales download the price list there; only catalogue writers import (decision 050). */}
            <FileSpreadsheet aria-hidden="true" className="size-4" />{' '}
            {canCatalogue ? t('admin.importExport') : t('admin.downloadCatalogue')}
          </NavLink>
        )}
        {canCatalogue && (
          <NavLink to={paths.admin.machineCategories} className={navLinkClass} onClick={onNavigate}>
            <Tags aria-hidden="true" className="size-4" /> {t('admin.machineCategories')}
          </NavLink>
        )}
        {canCatalogue && (
          <NavLink to={paths.admin.itemTerms} className={navLinkClass} onClick={onNavigate}>
            <Truck aria-hidden="true" className="size-4" /> {t('admin.deliveryWarranty')}
          </NavLink>
        )}
        {canInquiries && (
          <NavLink to={paths.admin.inquiries} className={navLinkClass} onClick={onNavigate}>
            <Inbox aria-hidden="true" className="size-4" /> {t(ADMIN_TITLES.inquiries)}
            {newCount > 0 ? (
              <Badge variant="destructive" className="ml-auto" data-testid="new-inquiries-badge">
                {newCount}
                <span className="sr-only">{t('admin.newSuffix')}</span>
              </Badge>
            ) : null}
          </NavLink>
        )}
        {canQuotations && (
          <NavLink to={paths.admin.quotations} className={navLinkClass} onClick={onNavigate}>
            <FileText aria-hidden="true" className="size-4" /> {t(ADMIN_TITLES.quotations)}
          </NavLink>
        )}
        {canInquiries && (
          <NavLink to={paths.admin.outbox} className={navLinkClass} onClick={onNavigate}>
            <Mail aria-hidden="true" className="size-4" /> {t('admin.outbox')}
          </NavLink>
        )}
        {canInstallations && (
          <NavLink to={paths.admin.installations} className={navLinkClass} onClick={onNavigate}>
            <Factory aria-hidden="true" className="size-4" /> {t(ADMIN_TITLES.installations)}
          </NavLink>
        )}
        {canService && (
          <NavLink to={paths.admin.serviceRequests} className={navLinkClass} onClick={onNavigate}>
            <Wrench aria-hidden="true" className="size-4" /> {t(ADMIN_TITLES.serviceRequests)}
            {overdueService > 0 ? (
              <Badge variant="destructive" className="ml-auto" data-testid="overdue-service-badge">
                {overdueService}
                <span className="sr-only">{t('adminService.overdueSuffix')}</span>
              </Badge>
            ) : null}
          </NavLink>
        )}
        {(canSiteCompany || canSiteContent || canReviews || canBackups) && (
          <div role="group" aria-labelledby="admin-nav-site" className="mt-3 flex flex-col gap-1">
            <span id="admin-nav-site" className="px-3 text-xs font-semibold tracking-wider text-slate-400 uppercase">
              {t('admin.site')}
            </span>
            {canSiteCompany && (
              <NavLink to={paths.admin.siteCompany} className={navLinkClass} onClick={onNavigate}>
                <Building2 aria-hidden="true" className="size-4" /> {t('admin.company')}
              </NavLink>
            )}
            {canSiteContent && (
              <NavLink to={paths.admin.siteLanding} className={navLinkClass} onClick={onNavigate}>
                <LayoutTemplate aria-hidden="true" className="size-4" /> {t('admin.landingPage')}
              </NavLink>
            )}
            {canSiteContent && (
              <NavLink to={paths.admin.siteChat} className={navLinkClass} onClick={onNavigate}>
                <MessagesSquare aria-hidden="true" className="size-4" /> {t('admin.chat')}
              </NavLink>
            )}
            {canReviews && (
              <NavLink to={paths.admin.reviews} className={navLinkClass} onClick={onNavigate}>
                <MessageSquareQuote aria-hidden="true" className="size-4" /> {t('admin.reviews')}
                {pendingReviews > 0 ? (
                  <Badge variant="destructive" className="ml-auto" data-testid="pending-reviews-badge">
                    {pendingReviews}
                    <span className="sr-only">{t('admin.waitingSuffix')}</span>
                  </Badge>
                ) : null}
              </NavLink>
            )}
            {canBackups && (
              <NavLink to={paths.admin.siteBackups} className={navLinkClass} onClick={onNavigate}>
                <DatabaseBackup aria-hidden="true" className="size-4" /> {t(ADMIN_TITLES.backups)}
              </NavLink>
            )}
          </div>
        )}
        {canAudit && (
          <NavLink
            to={paths.admin.activity}
            className={(state) => cn(navLinkClass(state), 'mt-3')}
            onClick={onNavigate}
          >
            <History aria-hidden="true" className="size-4" /> {t('admin.activity')}
          </NavLink>
        )}
        {canStaff && (
          <NavLink to={paths.admin.staff} className={navLinkClass} onClick={onNavigate}>
            <ShieldCheck aria-hidden="true" className="size-4" /> {t('admin.staff')}
          </NavLink>
        )}
        <NavLink to={paths.admin.account} className={navLinkClass} onClick={onNavigate}>
          <UserCog aria-hidden="true" className="size-4" /> {t('admin.account')}
        </NavLink>
      </nav>
      <div className="mt-auto flex flex-col gap-3 border-t border-white/10 pt-4 text-sm">
        <p className="break-words text-slate-300">
          {rich('admin.loggedInAs', {
            username: session.user?.username ?? 'admin',
            name: (chunks) => <span className="font-semibold text-white">{chunks}</span>,
          })}
        </p>
        <Button variant="secondary" size="sm" onClick={onLogout} disabled={loggingOut} className="self-start">
          <LogOut aria-hidden="true" /> {t('admin.logout')}
        </Button>
      </div>
    </>
  );
}

/**
 * The admin boundary (SPEC §4, §6): without a stored admin token every /admin path goes to /.
 * The session hook re-reads storage on `storage` events, so a logout in another tab lands here too.
 */
export function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  if (session === null) return <Navigate to={paths.home} replace />;

  const logout = async () => {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      // Revoke the server session first, while the token is still there to send.
      await api.post(LOGOUT_URL);
    } catch {
      // The local session ends regardless: an unreachable server must not trap the admin in.
    } finally {
      clearAdminSession();
      void navigate(paths.home, { replace: true });
    }
  };

  return (
    <AdminLanguage>
      <AdminFrame session={session} onLogout={() => void logout()} loggingOut={loggingOut} />
    </AdminLanguage>
  );
}

function AdminFrame({
  session,
  onLogout,
  loggingOut,
}: {
  session: AdminSession;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const { t } = useAdminT();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const sidebarProps = { session, onLogout, loggingOut };

  return (
    <div className="flex min-h-dvh flex-col bg-muted md:flex-row">
      {/* First in the tab order: past the menu to the screen (WCAG 2.4.1). */}
      <a
        href="#admin-main"
        onClick={(event) => {
          // Focus, not a URL hash: the admin's URL carries its own state.
          event.preventDefault();
          document.getElementById('admin-main')?.focus();
        }}
        className="sr-only z-[60] rounded-md bg-background px-4 py-2 font-medium text-primary shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('common.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 flex items-center justify-between gap-3 bg-slate-900 px-4 py-3 text-white md:hidden">
        <Brand />
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('admin.openMenu')}
          aria-expanded={drawerOpen}
          onClick={() => setDrawerOpen(true)}
          className="text-white hover:bg-white/10 hover:text-white"
        >
          <Menu aria-hidden="true" />
        </Button>
      </header>
      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogContent
          placement="left"
          className="flex w-72 flex-col gap-6 bg-slate-900 p-4 text-white md:hidden [&>button]:text-white"
        >
          <DialogTitle className="pr-8">
            <Brand />
          </DialogTitle>
          <DialogDescription className="sr-only">{t('admin.navDescription')}</DialogDescription>
          <SidebarContent {...sidebarProps} onNavigate={() => setDrawerOpen(false)} />
        </DialogContent>
      </Dialog>
      <aside className="hidden flex-col gap-6 overflow-y-auto bg-slate-900 p-4 text-white md:sticky md:top-0 md:flex md:h-dvh md:w-64 md:shrink-0">
        <Brand />
        <SidebarContent {...sidebarProps} />
      </aside>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-8">
        <EmailNotConfiguredBanner />
        <Outlet />
      </main>
    </div>
  );
}
