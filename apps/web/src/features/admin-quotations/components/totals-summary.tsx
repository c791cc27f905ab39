import { amountInWords, gstStateName, type TaxResult } from '@capstan/shared';
import { type AdminMessageKey, useAdminT } from '@/lib/i18n/admin';
import { useMoney } from '../lib/labels';
import type { Preview, PreviewProblem } from '../lib/quotation-form';

const PROBLEMS: Record<PreviewProblem, AdminMessageKey> = {
  noSellerState: 'adminQuotations.previewNoSellerState',
  noPlaceOfSupply: 'adminQuotations.previewNoPlaceOfSupply',
  noLines: 'adminQuotations.previewNoLines',
};

/** The figures a quotation prints under its lines, as a definition list (preview and read view alike). */
export function TaxFigures({ tax }: { tax: TaxResult }) {
  const { t } = useAdminT();
  const money = useMoney();
  const { totals } = tax;
  const rows: { key: string; label: string; value: string; strong?: boolean }[] = [
    ...tax.charges.map((charge) => ({
      key: charge.kind,
      label: t(charge.kind === 'freight' ? 'adminQuotations.freight' : 'adminQuotations.packing'),
      value: money.paise(charge.taxablePaise),
    })),
    { key: 'taxable', label: t('adminQuotations.taxableValue'), value: money.paise(totals.taxablePaise) },
    ...(tax.supply === 'intraState'
      ? [
          { key: 'cgst', label: t('adminQuotations.cgst'), value: money.paise(totals.cgstPaise) },
          {
            key: 'sgst',
            label: tax.stateTax === 'UTGST' ? t('adminQuotations.utgst') : t('adminQuotations.sgst'),
            value: money.paise(totals.sgstPaise),
          },
        ]
      : [{ key: 'igst', label: t('adminQuotations.igst'), value: money.paise(totals.igstPaise) }]),
    { key: 'roundOff', label: t('adminQuotations.roundOff'), value: money.paise(totals.roundOffPaise) },
    { key: 'total', label: t('adminQuotations.total'), value: money.paise(totals.totalPaise), strong: true },
  ];
  return (
    <dl className="grid gap-1 text-sm">
      {rows.map((row) => (
        <div
          key={row.key}
          data-figure={row.key}
          className={`flex items-baseline justify-between gap-4 ${row.strong ? 'border-t pt-2 text-base font-bold' : ''}`}
        >
          <dt className={row.strong ? '' : 'text-muted-foreground'}>{row.label}</dt>
          <dd className="tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Where the goods go and so which taxes apply: same state CGST + SGST, another IGST. */
export function SupplyNote({ placeOfSupply, supply }: { placeOfSupply: string; supply: TaxResult['supply'] }) {
  const { t, locale } = useAdminT();
  const name = gstStateName(placeOfSupply, locale);
  return (
    <p className="text-sm" data-testid="supply-note">
      {t(supply === 'intraState' ? 'adminQuotations.supplyIntra' : 'adminQuotations.supplyInter', {
        state: name,
        code: placeOfSupply,
      })}
    </p>
  );
}

/** The editor's live summary: the shared tax rules on what is typed, as the server will compute it. */
export function TotalsPreview({ preview }: { preview: Preview }) {
  const { t } = useAdminT();
  const { tax } = preview;
  return (
    <section
      aria-labelledby="quotation-summary-title"
      aria-live="polite"
      className="grid content-start gap-3 self-start rounded-lg border bg-background p-4 sm:p-5"
    >
      <h2 id="quotation-summary-title" className="text-base font-semibold">
        {t('adminQuotations.summary')}
      </h2>
      {tax === null ? (
        <p className="text-sm text-muted-foreground">{t(PROBLEMS[preview.problem ?? 'noLines'])}</p>
      ) : (
        <>
          <SupplyNote placeOfSupply={tax.placeOfSupply} supply={tax.supply} />
          <TaxFigures tax={tax} />
          <p className="text-sm" data-testid="amount-in-words">
            <span className="text-muted-foreground">{t('adminQuotations.amountInWords')}: </span>
            {amountInWords(tax.totals.totalPaise)}
          </p>
        </>
      )}
      {preview.incomplete > 0 ? (
        <p className="text-sm text-muted-foreground">
          {t('adminQuotations.previewIncomplete', { count: preview.incomplete })}
        </p>
      ) : null}
    </section>
  );
}
