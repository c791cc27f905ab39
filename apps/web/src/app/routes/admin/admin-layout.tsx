import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { Cog, LayoutDashboard, LogOut, Package } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { COMPANY_NAME } from '@/config/company';
import { paths } from '@/config/paths';
import { clearAdminSession, useAdminSession } from '@/lib/auth-storage';
import { cn } from '@/lib/utils';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-300 transition-colors hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none',
    isActive && 'bg-white/10 text-white',
  );

/**
 * The admin boundary (SPEC §4, §6): without a stored admin token every /admin path goes to /.
 * The screens inside arrive in later issues.
 */
export function AdminLayout() {
  const session = useAdminSession();
  const navigate = useNavigate();

  if (session === null) return <Navigate to={paths.home} replace />;

  const logout = () => {
    clearAdminSession();
    void navigate(paths.home, { replace: true });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-muted md:flex-row">
      <aside className="flex flex-col gap-6 bg-slate-900 p-4 text-white md:w-64 md:shrink-0">
        <p className="flex items-center gap-2 font-bold">
          <Cog aria-hidden="true" className="size-6 text-accent" />
          <span>{COMPANY_NAME}</span>
        </p>
        <nav aria-label="Admin" className="flex gap-1 md:flex-col">
          <NavLink to={paths.admin.dashboard} className={navLinkClass}>
            <LayoutDashboard aria-hidden="true" className="size-4" /> Dashboard
          </NavLink>
          <NavLink to={paths.admin.products} className={navLinkClass}>
            <Package aria-hidden="true" className="size-4" /> Products
          </NavLink>
        </nav>
        <div className="mt-auto flex flex-col gap-3 border-t border-white/10 pt-4 text-sm">
          <p className="text-slate-300">
            Logged in as: <span className="font-semibold text-white">{session.user?.username ?? 'admin'}</span>
          </p>
          <Button variant="secondary" size="sm" onClick={logout} className="self-start">
            <LogOut aria-hidden="true" /> Logout
          </Button>
        </div>
      </aside>
      <main className="flex-1 p-4 sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
