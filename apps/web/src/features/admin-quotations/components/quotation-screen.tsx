import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { gstStateName, isGstStateCode, type Quotation } from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { type AdminMessageKey, useAdminT } from '@/lib/i18n/admin';
import { useQuotation } from '../api/get-quotation';
import { formatDay, formatMoment, useMoney } from '../lib/labels';
import { QuotationActions } from './quotation-actions';
import { QuotationStatusBadge } from './quotation-status-badge';
import { SentLink } from './sent-link';
import { SupplyNote } from './totals-summary';

function linkFromState(state: unknown): string | null {
  return state && typeof state === 'object' && 'link' in state && typeof state.link === 'string' ? state.link : null;
}

/** One quotation as it stands: buyer, lines, totals, terms, and what happened to it. */
export function QuotationScreen({ quotationId }: { quotationId: string }) {
  const { t } = useAdminT();
  const quotation = useQuotation(quotationId);
  const location = useLocation();
  const [sentLink, setSentLink] = useState<string | null>(null);
  const link = sentLink ?? linkFromState(location.state);
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-6">
      <Link
        to={paths.admin.quotations}
        className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> {t('adminQuotations.backToList')}
      </Link>
      <QueryState query={quotation} errorText={t('adminQuotations.loadOneFailed')}>
        {(data) => (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="grid gap-1">
                <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold tracking-tight">
                  <span className="font-mono">{data.number}</span> <QuotationStatusBadge status={data.status} />
                </h1>
                <p className="text-sm text-muted-foreground">
                  {t('adminQuotations.revisionOf', { revision: data.revision })}
                  {' · '}
                  <Link
                    to={paths.admin.inquiry(data.inquiryId)}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {t('adminQuotations.openInquiry')}
                  </Link>
                </p>
              </div>
              <QuotationActions quotation={data} onSent={setSentLink} />
            </div>
            {link ? <SentLink link={link} /> : null}
            <QuotationDetails quotation={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function QuotationDetails({ quotation }: { quotation: Quotation }) {
  const { t, intl, locale } = useAdminT();
  const money = useMoney();
  const { buyer, totals } = quotation;
  const buyerState = isGstStateCode(buyer.state)
    ? `${gstStateName(buyer.state, locale)} (${buyer.state})`
    : buyer.state;
  const head = 'px-3 py-2 text-left font-medium text-muted-foreground';
  const intra = quotation.supply === 'intraState';
  const figures: { key: string; label: string; value: number; strong?: boolean }[] = [
    ...quotation.charges.map((charge) => ({
      key: charge.kind,
      label: t(charge.kind === 'freight' ? 'adminQuotations.freight' : 'adminQuotations.packing'),
      value: charge.amount,
    })),
    { key: 'taxable', label: t('adminQuotations.taxableValue'), value: totals.taxableValue },
    ...(intra
      ? [
          { key: 'cgst', label: t('adminQuotations.cgst'), value: totals.cgst },
          { key: 'sgst', label: t('adminQuotations.sgst'), value: totals.sgst },
        ]
      : [{ key: 'igst', label: t('adminQuotations.igst'), value: totals.igst }]),
    { key: 'roundOff', label: t('adminQuotations.roundOff'), value: totals.roundOff },
    { key: 'total', label: t('adminQuotations.total'), value: totals.total, strong: true },
  ];
  const terms: { label: AdminMessageKey; value: string | undefined }[] = [
    { label: 'adminQuotations.paymentTerms', value: quotation.terms.payment },
    { label: 'adminQuotations.deliveryPeriod', value: quotation.terms.delivery },
    { label: 'adminQuotations.warranty', value: quotation.terms.warranty },
    { label: 'adminQuotations.notes', value: quotation.terms.notes },
  ];
  const history: { label: AdminMessageKey; at: string | null }[] = [
    { label: 'adminQuotations.historyCreated', at: quotation.createdAt },
    { label: 'adminQuotations.historySent', at: quotation.sentAt },
    { label: 'adminQuotations.historyViewed', at: quotation.viewedAt },
    { label: 'adminQuotations.historyAccepted', at: quotation.acceptedAt },
  ];

  return (
    <div className="grid gap-6">
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="grid content-start gap-2 p-4 text-sm sm:p-5">
          <h2 className="text-base font-semibold">{t('adminQuotations.buyerLegend')}</h2>
          <p className="font-medium">{buyer.name}</p>
          {buyer.company ? <p>{buyer.company}</p> : null}
          {buyer.address ? <p className="whitespace-pre-wrap">{buyer.address}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {buyer.gstin ? (
              <>
                <dt className="text-muted-foreground">{t('adminQuotations.gstin')}</dt>
                <dd className="font-mono">{buyer.gstin}</dd>
              </>
            ) : null}
            <dt className="text-muted-foreground">{t('adminQuotations.buyerState')}</dt>
            <dd>{buyerState}</dd>
            {buyer.email ? (
              <>
                <dt className="text-muted-foreground">{t('adminQuotations.buyerEmail')}</dt>
                <dd className="break-all">{buyer.email}</dd>
              </>
            ) : null}
            {buyer.phone ? (
              <>
                <dt className="text-muted-foreground">{t('adminQuotations.buyerPhone')}</dt>
                <dd>{buyer.phone}</dd>
              </>
            ) : null}
          </dl>
        </Card>
        <Card className="grid content-start gap-3 p-4 text-sm sm:p-5">
          <h2 className="text-base font-semibold">{t('adminQuotations.historyTitle')}</h2>
          <ol className="grid gap-1" aria-label={t('adminQuotations.historyTitle')}>
            {history
              .filter((step) => step.at !== null)
              .map((step) => (
                <li key={step.label} className="flex justify-between gap-4">
                  <span>{t(step.label)}</span>
                  <time dateTime={step.at ?? ''} className="text-muted-foreground tabular-nums">
                    {formatMoment(intl, step.at ?? '')}
                  </time>
                </li>
              ))}
          </ol>
          {quotation.acceptance ? (
            <p data-testid="acceptance">
              {quotation.acceptance.purchaseOrder
                ? t('adminQuotations.acceptedByWithPo', {
                    name: quotation.acceptance.name,
                    po: quotation.acceptance.purchaseOrder,
                  })
                : t('adminQuotations.acceptedBy', { name: quotation.acceptance.name })}
            </p>
          ) : null}
          {quotation.changeRequests.length > 0 ? (
            <div className="grid gap-2">
              <h3 className="font-medium">{t('adminQuotations.changeRequests')}</h3>
              <ul className="grid gap-2">
                {quotation.changeRequests.map((request) => (
                  <li key={request.at} className="rounded-md bg-muted p-2">
                    <time dateTime={request.at} className="block text-xs text-muted-foreground">
                      {formatMoment(intl, request.at)}
                    </time>
                    <p className="break-words whitespace-pre-wrap">{request.message}</p>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-muted-foreground">
            {t('adminQuotations.validUntil', { date: formatDay(intl, quotation.validUntil) })}
          </p>
        </Card>
      </div>

      <Card className="grid gap-4 p-4 sm:p-5">
        <SupplyNote placeOfSupply={quotation.placeOfSupply.code} supply={quotation.supply} />
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">{t('adminQuotations.linesCaption')}</caption>
            <thead className="bg-muted/50">
              <tr>
                <th scope="col" className={head}>
                  #
                </th>
                <th scope="col" className={head}>
                  {t('adminQuotations.description')}
                </th>
                <th scope="col" className={head}>
                  {t('adminQuotations.hsn')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.quantity')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.rate')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.discount')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.gstRate')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.taxableValue')}
                </th>
                <th scope="col" className={`${head} text-right`}>
                  {t('adminQuotations.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {quotation.lines.map((line) => (
                <tr key={line.position} className="border-t align-top">
                  <td className="px-3 py-2 tabular-nums">{line.position}</td>
                  <td className="px-3 py-2 break-words whitespace-pre-wrap">{line.description}</td>
                  <td className="px-3 py-2 font-mono">{line.hsn}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {`${intl.formatNumber(line.quantity)} ${line.unit}`}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money.rupees(line.rate)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {line.discountPercent > 0 ? t('adminQuotations.percent', { value: line.discountPercent }) : '—'}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {t('adminQuotations.percent', { value: line.gstRate })}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {money.rupees(line.taxableValue)}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money.rupees(line.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="grid gap-4 md:grid-cols-[1fr_22rem]">
          <dl className="grid content-start gap-2 text-sm">
            {terms
              .filter((term) => term.value)
              .map((term) => (
                <div key={term.label}>
                  <dt className="text-muted-foreground">{t(term.label)}</dt>
                  <dd className="break-words whitespace-pre-wrap">{term.value}</dd>
                </div>
              ))}
          </dl>
          <div className="grid content-start gap-2">
            <dl className="grid gap-1 text-sm">
              {figures.map((row) => (
                <div
                  key={row.key}
                  data-figure={row.key}
                  className={`flex items-baseline justify-between gap-4 ${row.strong ? 'border-t pt-2 text-base font-bold' : ''}`}
                >
                  <dt className={row.strong ? '' : 'text-muted-foreground'}>{row.label}</dt>
                  <dd className="tabular-nums">{money.rupees(row.value)}</dd>
                </div>
              ))}
            </dl>
            <p className="text-sm">
              <span className="text-muted-foreground">{t('adminQuotations.amountInWords')}: </span>
              {quotation.amountInWords}
            </p>
          </div>
        </div>
      </Card>
    </div>
  );
}
