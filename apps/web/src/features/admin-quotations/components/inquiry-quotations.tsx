import { Link } from 'react-router';
import { FilePlus2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useCan } from '@/hooks/use-can';
import { useAdminT } from '@/lib/i18n/admin';
import { useQuotations } from '../api/get-quotations';
import { useMoney } from '../lib/labels';
import { QuotationNumberLink } from './quotation-number-link';
import { QuotationStatusBadge } from './quotation-status-badge';

/**
 * An inquiry's quotations and "Prepare quotation", under its lines in the inbox (composed there by
 * the app, features do not import each other). Each card asks for its own inquiry's quotations: the
 * list of all of them grows by thousands a year, one inquiry's is a few revisions, well inside a page,
 * and react-query keeps each card's answer. Only roles with quotations.manage see any of it.
 */
export function InquiryQuotations({ inquiryId, name }: { inquiryId: string; name: string }) {
  const can = useCan('quotations.manage');
  const quotations = useQuotations({ inquiryId }, { enabled: can });
  const { t } = useAdminT();
  const money = useMoney();
  if (!can) return null;
  const mine = quotations.data?.items ?? [];
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  return (
    <section className="grid gap-2 text-sm" aria-label={t('adminQuotations.quotationsOf', { name })}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground">{t('adminQuotations.inquiryQuotations')}</p>
        <Button asChild size="sm">
          <Link to={paths.admin.newQuotation(inquiryId)} aria-label={t('adminQuotations.prepareFor', { name })}>
            <FilePlus2 aria-hidden="true" /> {t('adminQuotations.prepare')}
          </Link>
        </Button>
      </div>
      {quotations.isError ? (
        <p role="alert" className="text-destructive">
          {t('adminQuotations.loadFailed')}
        </p>
      ) : quotations.isPending ? null : mine.length === 0 ? (
        <p className="text-muted-foreground">{t('adminQuotations.noneForInquiry')}</p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left">
            <caption className="sr-only">{t('adminQuotations.quotationsOf', { name })}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className={head}>
                  {t('adminQuotations.number')}
                </th>
                <th scope="col" className={head}>
                  {t('adminQuotations.revision')}
                </th>
                <th scope="col" className={head}>
                  {t('adminQuotations.status')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {mine.map((quotation) => (
                <tr key={quotation.id} className="border-t">
                  <td className="px-3 py-2 font-mono whitespace-nowrap">
                    <QuotationNumberLink quotation={quotation} />
                  </td>
                  <td className="px-3 py-2 tabular-nums">{quotation.revision}</td>
                  <td className="px-3 py-2">
                    <QuotationStatusBadge status={quotation.status} />
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {money.rupees(quotation.totals.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
