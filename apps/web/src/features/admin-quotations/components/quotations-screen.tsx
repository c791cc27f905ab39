import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FileSpreadsheet } from 'lucide-react';
import { type Quotation, type QuotationStatus, QUOTATION_STATUSES } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Pagination } from '@/components/ui/pagination';
import { ADMIN_TITLES } from '@/config/admin-titles';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { formatIndianNumber } from '@/lib/format';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { type AcceptedExportFormat, downloadAcceptedQuotations } from '../api/download-quotation-files';
import { QUOTATIONS_PAGE_SIZE, useQuotations } from '../api/get-quotations';
import { formatDay, QUOTATION_STATUS_LABELS, useMoney } from '../lib/labels';
import { selectClass } from './form-field';
import { QuotationActions } from './quotation-actions';
import { QuotationNumberLink } from './quotation-number-link';
import { QuotationStatusBadge } from './quotation-status-badge';
import { SentLink } from './sent-link';

const ALL = '';

function isStatus(value: string | null): value is QuotationStatus {
  return value !== null && (QUOTATION_STATUSES as readonly string[]).includes(value);
}

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 1 ? page : 1;
}

/** The screen's URL parameters; the defaults (every status, page 1) are left out. */
function listParams(status: QuotationStatus | null, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  if (status) params.status = status;
  if (page > 1) params.page = String(page);
  return params;
}

/**
 * The quotations, newest first, by status, a page at a time (`?status=` and `?page=` in the URL, so
 * Back and a shared link keep them); the accepted ones export for the accountant.
 */
export function QuotationsScreen() {
  const translator = useAdminT();
  const { t } = translator;
  const [params, setParams] = useSearchParams();
  const requested = params.get('status');
  const status = isStatus(requested) ? requested : null;
  const page = pageOf(params.get('page'));
  const quotations = useQuotations({ ...(status ? { status } : {}), page });
  const total = quotations.data?.total;
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / QUOTATIONS_PAGE_SIZE));
  const [link, setLink] = useState<string | null>(null);
  const filterId = useId();

  // A page past the end (an old link, or the last page emptied by sending its quotations to another
  // status): go to the last page there is, rather than say there are no quotations.
  const pastTheEnd = total !== undefined && !quotations.isPlaceholderData && page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setParams(listParams(status, pageCount), { replace: true });
  }, [pastTheEnd, status, pageCount, setParams]);

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
              // Another status is another list: it starts at its first page.
              setParams(listParams(isStatus(next) ? next : null, 1), { replace: true });
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
        {(list) => {
          if (pastTheEnd) return null;
          if (list.items.length === 0) {
            return (
              <p className="rounded-lg border bg-background p-6 text-muted-foreground" role="status">
                {status
                  ? t('adminQuotations.emptyWithStatus', { status: t(QUOTATION_STATUS_LABELS[status]) })
                  : t('adminQuotations.empty')}
              </p>
            );
          }
          return (
            <div className="flex flex-col gap-4" aria-busy={quotations.isPlaceholderData || undefined}>
              <p className="text-sm text-muted-foreground" role="status">
                {t('adminQuotations.count', {
                  count: list.total,
                  total: formatIndianNumber(list.total, translator),
                })}
              </p>
              <QuotationsTable rows={list.items} onSent={setLink} />
              <Pagination
                page={Math.min(page, pageCount)}
                pageCount={pageCount}
                onPage={(next) => setParams(listParams(status, next))}
              />
            </div>
          );
        }}
      </QueryState>
    </div>
  );
}

function QuotationsTable({ rows, onSent }: { rows: Quotation[]; onSent: (link: string) => void }) {
  const { t, intl } = useAdminT();
  const money = useMoney();
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  return (
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
          {rows.map((quotation) => (
            <tr key={quotation.id} className="border-t align-top" data-testid="quotation-row">
              <td className="px-3 py-2 font-mono whitespace-nowrap">
                <QuotationNumberLink quotation={quotation} />
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
                <QuotationActions quotation={quotation} onSent={onSent} compact />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
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
