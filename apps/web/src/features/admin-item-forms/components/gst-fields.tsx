import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { GST_RATES, gstDefaultsFor, type ItemFieldKind } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAdminT } from '@/lib/i18n/admin';
import type { AnyItemKind } from '../lib/item-kinds';
import { selectClass } from './terms-field';

const STORED_KIND: Record<AnyItemKind, ItemFieldKind> = { machine: 'machine', sparePart: 'spare', service: 'service' };

/** An item's default HSN/SAC code and GST rate (decision 075): its kind's, a machine's by its category. */
export const gstDefaultsOfForm = (kind: AnyItemKind, category?: string) => gstDefaultsFor(STORED_KIND[kind], category);

/**
 * The HSN/SAC code and GST rate quotations print for the item (decision 075). An empty code is the
 * default (shown as the placeholder, following the machine's category as it changes); the rate is
 * one of GST_RATES. A stored rate the list no longer has stays an option, so opening and saving the
 * form never changes it silently: the save is refused until staff choose one.
 */
export function GstFields({
  kind,
  category,
  storedRate,
  hsnCode,
  gstRate,
}: {
  kind: AnyItemKind;
  category?: string;
  storedRate?: string;
  hsnCode: UseFormRegisterReturn;
  gstRate: UseFormRegisterReturn;
}) {
  const { t, intl } = useAdminT();
  const id = useId();
  const defaults = gstDefaultsOfForm(kind, category);
  const listed: readonly number[] = GST_RATES;
  const rates =
    storedRate === undefined || storedRate === '' || listed.includes(Number(storedRate))
      ? listed
      : [...listed, Number(storedRate)];
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{t('adminItemForms.taxLegend')}</legend>
      <p className="text-sm text-muted-foreground">{t('adminItemForms.taxHelp')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-hsn`}>{t('adminItemForms.hsnCode')}</Label>
          <Input
            id={`${id}-hsn`}
            {...hsnCode}
            inputMode="numeric"
            maxLength={12}
            autoComplete="off"
            spellCheck={false}
            placeholder={defaults.hsnCode}
            aria-describedby={`${id}-hsn-hint`}
          />
          <p id={`${id}-hsn-hint`} className="text-xs text-muted-foreground">
            {t('adminItemForms.hsnCodeHint', { code: defaults.hsnCode })}
          </p>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-rate`}>{t('adminItemForms.gstRate')}</Label>
          <select id={`${id}-rate`} className={selectClass} {...gstRate}>
            {rates.map((rate) => (
              <option key={rate} value={String(rate)}>
                {intl.formatNumber(rate / 100, { style: 'percent', maximumFractionDigits: 2 })}
              </option>
            ))}
          </select>
        </div>
      </div>
    </fieldset>
  );
}
