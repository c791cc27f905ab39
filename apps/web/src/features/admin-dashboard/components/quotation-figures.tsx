import { FileCheck2, FileText } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { useCan } from '@/hooks/use-can';
import { useAdminT } from '@/lib/i18n/admin';
import { useQuotationSummary } from '../api/get-quotation-summary';

/**
 * This month's quoted and accepted value (issue 39), for the roles that quote. Its own request: the
 * catalogue figures above do not wait for it, nor fail with it.
 */
export function QuotationFigures() {
  const can = useCan('quotations.manage');
  const summary = useQuotationSummary(can);
  const { t, intl } = useAdminT();
  if (!can || summary.isPending) return null;
  if (summary.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('adminDashboard.quotationsLoadFailed')}
      </p>
    );
  }
  const money = (rupees: number) =>
    intl.formatNumber(rupees, {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 2,
    });
  const figures = [
    {
      key: 'quoted',
      label: t('adminDashboard.quotedThisMonth'),
      value: money(summary.data.quoted.value),
      count: t('adminDashboard.quotationCount', { count: summary.data.quoted.count }),
      icon: <FileText aria-hidden="true" className="size-5" />,
    },
    {
      key: 'accepted',
      label: t('adminDashboard.acceptedThisMonth'),
      value: money(summary.data.accepted.value),
      count: t('adminDashboard.quotationCount', { count: summary.data.accepted.count }),
      icon: <FileCheck2 aria-hidden="true" className="size-5" />,
    },
  ];
  return (
    <section aria-label={t('adminDashboard.quotationFigures')}>
      <dl className="grid gap-3 sm:grid-cols-2 sm:gap-4">
        {figures.map((figure) => (
          <Card key={figure.key} className="flex flex-col gap-2 p-4" data-testid={`quotation-figure-${figure.key}`}>
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <span className="text-primary">{figure.icon}</span>
              {figure.label}
            </dt>
            <dd className="flex flex-wrap items-baseline gap-x-3">
              <span className="text-3xl font-bold tabular-nums">{figure.value}</span>
              <span className="text-sm text-muted-foreground">{figure.count}</span>
            </dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}
