import { useId } from 'react';
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
  formatAvailability,
  formatWarranty,
  type ItemTerms,
  LEAD_TIME_MAX_WEEKS,
  WARRANTY_MAX_MONTHS,
} from '@capstan/shared';
import { Label } from '@/components/ui/label';
import { WholeNumberField } from '@/components/whole-number-field';
import { useItemTerms } from '@/lib/item-terms';

/** The form's terms: '' in each is "the default of its kind" (decision 051). */
export interface TermsValues {
  availability: AvailabilityStatus | '';
  leadTimeMinWeeks: string;
  leadTimeMaxWeeks: string;
  warrantyMonths: string;
}

export const TERMS_TEXT = {
  legend: 'Delivery and warranty',
  help: 'Leave a field on its default to follow the default set under Catalogue → Delivery and warranty.',
  availability: 'Availability',
  from: 'Lead time from (weeks)',
  to: 'to (weeks)',
  warranty: 'Warranty in months',
  defaultOption: (shown: string) => `Default (${shown})`,
  defaultWarranty: (shown: string) => `Default: ${shown}`,
} as const;

const selectClass =
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
  const id = useId();
  const defaults: ItemTerms | undefined = useItemTerms().data?.[kind];
  const set = (patch: Partial<TermsValues>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{TERMS_TEXT.legend}</legend>
      <p className="text-sm text-muted-foreground">{TERMS_TEXT.help}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-availability`}>{TERMS_TEXT.availability}</Label>
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
              {TERMS_TEXT.defaultOption(
                defaults
                  ? formatAvailability({ status: defaults.availability, leadTimeWeeks: defaults.leadTimeWeeks })
                  : '…',
              )}
            </option>
            {AVAILABILITY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {AVAILABILITY_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <WholeNumberField
          id={`${id}-warranty`}
          label={TERMS_TEXT.warranty}
          min={0}
          max={WARRANTY_MAX_MONTHS}
          placeholder={defaults ? TERMS_TEXT.defaultWarranty(formatWarranty(defaults.warrantyMonths)) : ''}
          value={value.warrantyMonths}
          onChange={(warrantyMonths) => set({ warrantyMonths })}
        />
        {value.availability === 'made_to_order' ? (
          <>
            <WholeNumberField
              id={`${id}-from`}
              label={TERMS_TEXT.from}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              required
              value={value.leadTimeMinWeeks}
              onChange={(leadTimeMinWeeks) => set({ leadTimeMinWeeks })}
            />
            <WholeNumberField
              id={`${id}-to`}
              label={TERMS_TEXT.to}
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
