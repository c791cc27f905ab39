import { useId } from 'react';
import {
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
  type ItemTerms,
  LEAD_TIME_MAX_WEEKS,
  WARRANTY_MAX_MONTHS,
} from '@capstan/shared';
import { Label } from '@/components/ui/label';
import { WholeNumberField } from '@/components/whole-number-field';
import { type AdminTranslator, type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { useItemTerms } from '@/lib/item-terms';

/** The form's terms: '' in each is "the default of its kind" (decision 051). */
export interface TermsValues {
  availability: AvailabilityStatus | '';
  leadTimeMinWeeks: string;
  leadTimeMaxWeeks: string;
  warrantyMonths: string;
}

/** An availability as the public pages name it (`In stock`), in the reader's language. */
const AVAILABILITY_KEYS: Record<AvailabilityStatus, BackOfficeKey> = {
  in_stock: 'product.inStock',
  made_to_order: 'product.madeToOrder',
};

/** A kind's default availability as its page says it: `In stock`, `Made to order: 6-8 weeks`. */
function defaultAvailabilityText(t: AdminTranslator['t'], defaults: ItemTerms): string {
  const weeks = defaults.leadTimeWeeks;
  if (defaults.availability !== 'made_to_order' || weeks === null) return t(AVAILABILITY_KEYS[defaults.availability]);
  if (weeks.min === weeks.max) return t('product.madeToOrderWeeks', { weeks: weeks.min });
  return t('product.madeToOrderWeeksRange', { min: weeks.min, max: weeks.max });
}

/** `12-month warranty`; `No warranty` for 0. */
function warrantyText(t: AdminTranslator['t'], months: number): string {
  return months > 0 ? t('product.warrantyMonths', { months }) : t('product.noWarranty');
}

export const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** The terms of a machine or part as the form edits them; the payload sends all four, empty ones too. */
export function TermsField({
  kind,
  value,
  onChange,
}: {
  kind: 'machine' | 'spare';
  value: TermsValues;
  onChange: (next: TermsValues) => void;
}) {
  const { t } = useAdminT();
  const id = useId();
  const defaults: ItemTerms | undefined = useItemTerms().data?.[kind];
  const set = (patch: Partial<TermsValues>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{t('adminItemForms.termsLegend')}</legend>
      <p className="text-sm text-muted-foreground">{t('adminItemForms.termsHelp')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-availability`}>{t('adminItemForms.availability')}</Label>
          <select
            id={`${id}-availability`}
            className={selectClass}
            value={value.availability}
            onChange={(e) => {
              const availability = e.target.value as TermsValues['availability'];
              // Weeks go with made to order only.
              set(
                availability === 'made_to_order'
                  ? { availability }
                  : { availability, leadTimeMinWeeks: '', leadTimeMaxWeeks: '' },
              );
            }}
          >
            <option value="">
              {t('adminItemForms.defaultOption', { shown: defaults ? defaultAvailabilityText(t, defaults) : '…' })}
            </option>
            {AVAILABILITY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(AVAILABILITY_KEYS[status])}
              </option>
            ))}
          </select>
        </div>
        <WholeNumberField
          id={`${id}-warranty`}
          label={t('adminItemForms.warranty')}
          min={0}
          max={WARRANTY_MAX_MONTHS}
          placeholder={
            defaults ? t('adminItemForms.defaultWarranty', { shown: warrantyText(t, defaults.warrantyMonths) }) : ''
          }
          value={value.warrantyMonths}
          onChange={(warrantyMonths) => set({ warrantyMonths })}
        />
        {value.availability === 'made_to_order' ? (
          <>
            <WholeNumberField
              id={`${id}-from`}
              label={t('adminItemForms.leadTimeFrom')}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              required
              value={value.leadTimeMinWeeks}
              onChange={(leadTimeMinWeeks) => set({ leadTimeMinWeeks })}
            />
            <WholeNumberField
              id={`${id}-to`}
              label={t('adminItemForms.leadTimeTo')}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              required
              value={value.leadTimeMaxWeeks}
              onChange={(leadTimeMaxWeeks) => set({ leadTimeMaxWeeks })}
            />
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
