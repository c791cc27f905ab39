import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AlarmClock, ArrowRight, Boxes, Inbox, Mail, Star, Wrench, Cog } from 'lucide-react';
import type { AdminStats, Permission } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { useMe } from '@/hooks/use-can';
import { type AdminMessageKey, useAdminT } from '@/lib/i18n/admin';
import { useAdminStats } from '../api/get-admin-stats';
import { InquiriesChart } from './inquiries-chart';
import { OverdueServiceRequests } from './overdue-service-requests';
import { QuotationFigures } from './quotation-figures';

interface Figure {
  label: AdminMessageKey;
  value: (stats: AdminStats) => number;
  icon: ReactNode;
}

const FIGURES: Figure[] = [
  { label: 'adminDashboard.machines', value: (s) => s.machines, icon: <Cog aria-hidden="true" className="size-5" /> },
  {
    label: 'adminDashboard.spareParts',
    value: (s) => s.spareParts,
    icon: <Boxes aria-hidden="true" className="size-5" />,
  },
  {
    label: 'adminDashboard.services',
    value: (s) => s.services,
    icon: <Wrench aria-hidden="true" className="size-5" />,
  },
  { label: 'adminDashboard.featured', value: (s) => s.featured, icon: <Star aria-hidden="true" className="size-5" /> },
  {
    label: 'adminDashboard.inquiriesThisWeek',
    value: (s) => s.inquiries.thisWeek,
    icon: <Mail aria-hidden="true" className="size-5" />,
  },
  {
    label: 'adminDashboard.newInquiries',
    value: (s) => s.inquiries.new,
    icon: <Inbox aria-hidden="true" className="size-5" />,
  },
  {
    label: 'adminDashboard.overdueFollowUps',
    value: (s) => s.inquiries.overdue,
    icon: <AlarmClock aria-hidden="true" className="size-5" />,
  },
];

// Each role sees only the actions it may take (decision 024); every role may look at the products.
const QUICK_ACTIONS: readonly { label: AdminMessageKey; to: string; permission?: Permission }[] = [
  { label: 'adminDashboard.manageProducts', to: paths.admin.products },
  {
    label: 'adminDashboard.chooseFeaturedProducts',
    to: paths.admin.featuredProducts,
    permission: 'catalogue.write',
  },
  { label: 'adminDashboard.viewInquiries', to: paths.admin.inquiries, permission: 'inquiries.manage' },
];

export function AdminDashboard() {
  const stats = useAdminStats();
  const { t } = useAdminT();
  const permissions = useMe().data?.permissions ?? [];
  const actions = QUICK_ACTIONS.filter((a) => a.permission === undefined || permissions.includes(a.permission));

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminDashboard.title')}</h1>

      <QueryState query={stats} errorText={t('adminDashboard.loadFailed')}>
        {(data) => (
          <>
            <section aria-label={t('adminDashboard.figures')}>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-7">
                {FIGURES.map((figure) => (
                  <Card key={figure.label} className="flex flex-col gap-2 p-4">
                    <dt className="flex items-center gap-2 text-sm text-muted-foreground">
                      <span className="text-primary">{figure.icon}</span>
                      {t(figure.label)}
                    </dt>
                    <dd className="text-3xl font-bold tabular-nums">{figure.value(data)}</dd>
                  </Card>
                ))}
              </dl>
            </section>

            <QuotationFigures />

            <OverdueServiceRequests />

            <div className="grid gap-6 lg:grid-cols-3">
              <Card className="lg:col-span-2">
                <CardHeader>
                  <h2 className="leading-tight font-semibold">{t('adminDashboard.inquiriesPerWeek')}</h2>
                </CardHeader>
                <CardContent>
                  <InquiriesChart weeks={data.inquiriesPerWeek} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <h2 className="leading-tight font-semibold">{t('adminDashboard.quickActions')}</h2>
                </CardHeader>
                <CardContent>
                  <ul className="flex flex-col gap-2">
                    {actions.map((action) => (
                      <li key={action.to}>
                        <Button asChild variant="outline" className="w-full justify-between">
                          <Link to={action.to}>
                            {t(action.label)} <ArrowRight aria-hidden="true" />
                          </Link>
                        </Button>
                      </li>
                    ))}
                  </ul>
                </CardContent>
              </Card>
              <Card className="lg:col-span-3">
                <CardHeader>
                  <h2 className="leading-tight font-semibold">{t('adminDashboard.productsAskedAboutHeading')}</h2>
                </CardHeader>
                <CardContent>
                  {data.inquiryProducts.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t('adminDashboard.noProductsAskedAbout')}</p>
                  ) : (
                    <ol className="flex flex-col gap-2 text-sm" aria-label={t('adminDashboard.productsAskedAbout')}>
                      {data.inquiryProducts.map((entry) => (
                        <li key={entry.product} className="flex items-baseline justify-between gap-4">
                          <span className="min-w-0 break-words">{entry.product}</span>
                          <span className="shrink-0 font-semibold tabular-nums">
                            {t('adminDashboard.inquiryCount', { count: entry.count })}
                          </span>
                        </li>
                      ))}
                    </ol>
                  )}
                </CardContent>
              </Card>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
