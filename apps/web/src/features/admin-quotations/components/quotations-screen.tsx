import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FileSpreadsheet } from 'lucide-react';
import { type QuotationListQuery, type QuotationStatus, QUOTATION_STATUSES } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ADMIN_TITLES } from '@/config/admin-titles';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { type AcceptedExportFormat, downloadAcceptedQuotations } from '../api/download-quotation-files';
import { useQuotations } from '../api/get-quotations';
import { formatDay, QUOTATION_STATUS_LABELS, useMoney } from '../lib/labels';
import { selectClass } from './form-field';
import { QuotationActions } from './quotation-actions';
import { QuotationStatusBadge } from './quotation-status-badge';
import { SentLink } from './sent-link';

const ALL = '';

function isStatus(value: string | null): value is QuotationStatus {
  return value !== null && (QUOTATION_STATUSES as readonly string[]).includes(value);
}

/** Every quotation, newest first, by status; the accepted ones export for the accountant. */
export function QuotationsScreen() {
  const { t, intl } = useAdminT();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatus(requested) ? requested : null;
  const query: QuotationListQuery = status ? { status } : {};
  const quotations = useQuotations(query);
  const [link, setLink] = useState<string | null>(null);
  const filterId = useId();
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t(ADMIN_TITLES.quotations)}</h1>
        <p className="text-sm text-muted-foreground">{t('adminQuotations.intro')}</p>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="flex flex-col gap-1.5 sm:w-64">
          <Label htmlFor={filterId}>{t('adminQuotations.filterByStatus')}</Label>
          <select
            id={filterId}
            className={selectClass}
            value={status ?? ALL}
            onChange={(event) => {
              const next = event.target.value;
              setParams(isStatus(next) ? { status: next } : {}, { replace: true });
            }}
          >
            <option value={ALL}>{t('adminQuotations.allStatuses')}</option>
            {QUOTATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(QUOTATION_STATUS_LABELS[value])}
              </option>
            ))}
          </select>
        </div>
        <AcceptedExport />
      </div>
      {link ? <SentLink link={link} /> : null}
      <QueryState query={quotations} errorText={t('adminQuotations.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">
              {status
                ? t('adminQuotations.emptyWithStatus', { status: t(QUOTATION_STATUS_LABELS[status]) })
                : t('adminQuotations.empty')}
            </p>
          ) : (
            <Card className="overflow-x-auto p-0">
              <table className="w-full min-w-[48rem] text-sm">
                <caption className="sr-only">{t(ADMIN_TITLES.quotations)}</caption>
                <thead className="bg-muted/50">
                  <tr>
                    <th scope="col" className={head}>
                      {t('adminQuotations.number')}
                    </th>
                    <th scope="col" className={head}>
                      {t('adminQuotations.buyer')}
                    </th>
                    <th scope="col" className={head}>
                      {t('adminQuotations.date')}
                    </th>
                    <th scope="col" className={`${head} text-right`}>
                      {t('adminQuotations.total')}
                    </th>
                    <th scope="col" className={head}>
                      {t('adminQuotations.status')}
                    </th>
                    <th scope="col" className={head}>
                      <span className="sr-only">{t('adminQuotations.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((quotation) => (
                    <tr key={quotation.id} className="border-t align-top" data-testid="quotation-row">
                      <td className="px-3 py-2 font-mono whitespace-nowrap">
                        <Link
                          to={paths.admin.quotation(quotation.id)}
                          className="text-primary underline-offset-4 hover:underline"
                        >
                          {quotation.number}
                        </Link>
                      </td>
                      <td className="px-3 py-2 break-words">
                        {quotation.buyer.name}
                        {quotation.buyer.company ? (
                          <span className="block text-xs text-muted-foreground">{quotation.buyer.company}</span>
                        ) : null}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap">
                        {formatDay(intl, quotation.sentAt ?? quotation.createdAt)}
                      </td>
                      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                        {money.rupees(quotation.totals.total)}
                      </td>
                      <td className="px-3 py-2">
                        <QuotationStatusBadge status={quotation.status} />
                      </td>
                      <td className="px-3 py-2">
                        <QuotationActions quotation={quotation} onSent={setLink} compact />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )
        }
      </QueryState>
    </div>
  );
}

/** The accepted quotations as CSV or Excel, a row per line, optionally between two days. */
function AcceptedExport() {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<AcceptedExportFormat | null>(null);
  const fromId = useId();
  const toId = useId();
  const exportAs = async (format: AcceptedExportFormat) => {
    setBusy(format);
    try {
      await downloadAcceptedQuotations(format, { from, to });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('adminQuotations.exportFailed'),
        description:
          error instanceof ApiError && error.serverMessage
            ? refusal(error.serverMessage)
            : t('adminQuotations.tryAgain'),
      });
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border bg-background p-3 sm:flex-row sm:items-end">
      <legend className="px-1 text-sm font-medium">{t('adminQuotations.exportAccepted')}</legend>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fromId}>{t('adminQuotations.exportFrom')}</Label>
        <Input id={fromId} type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={toId}>{t('adminQuotations.exportTo')}</Label>
        <Input id={toId} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </div>
      <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void exportAs('csv')}>
        <FileSpreadsheet aria-hidden="true" />{' '}
        {busy === 'csv' ? t('adminQuotations.exporting') : t('adminQuotations.exportCsv')}
      </Button>
      <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void exportAs('xlsx')}>
        <FileSpreadsheet aria-hidden="true" />{' '}
        {busy === 'xlsx' ? t('adminQuotations.exporting') : t('adminQuotations.exportXlsx')}
      </Button>
    </fieldset>
  );
}
