import { Plus, X } from 'lucide-react';
import { MIN_SPECIFICATIONS, remarkRepeatsNumber, SPEC_UNITS, type SpecUnit } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useAdminT } from '@/lib/i18n/admin';
import { newSpecificationRow, printedRow, rowNumber, type SpecificationRow } from '../lib/specification-rows';

type SpecificationsFieldProps = {
  rows: SpecificationRow[];
  onChange: (update: (rows: SpecificationRow[]) => SpecificationRow[]) => void;
};

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50';

/**
 * SPEC §5's specification rows; a row may also carry a number and a unit from the fixed
 * list besides (or instead of) its text, and shows what the public page will print for it.
 */
export function SpecificationsField({ rows, onChange }: SpecificationsFieldProps) {
  const { t, rich } = useAdminT();
  const update = (rowId: string, patch: Partial<SpecificationRow>) =>
    onChange((current) => current.map((row) => (row.id === rowId ? { ...row, ...patch } : row)));
  const remove = (rowId: string) =>
    onChange((current) => (current.length > MIN_SPECIFICATIONS ? current.filter((row) => row.id !== rowId) : current));

  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium">{t('adminItemForms.specifications')}</legend>
      <p className="text-sm text-muted-foreground">
        {t('adminItemForms.specificationsHelp', { min: MIN_SPECIFICATIONS })}
      </p>
      <ul className="space-y-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const number = rowNumber(row);
          const badNumber = row.number.trim() !== '' && number === null;
          const printed = printedRow(row);
          return (
            <li key={row.id} className="rounded-md border p-2 sm:border-0 sm:p-0">
              <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1.2fr)_6rem_6.5rem_auto]">
                <Input
                  aria-label={t('adminItemForms.specificationRowName', { n })}
                  placeholder={t('adminItemForms.specificationNamePlaceholder')}
                  value={row.key}
                  onChange={(e) => update(row.id, { key: e.target.value })}
                  required={index < MIN_SPECIFICATIONS}
                  className="col-span-2 sm:col-span-1"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t('adminItemForms.removeSpecification', { n })}
                  disabled={rows.length <= MIN_SPECIFICATIONS}
                  onClick={() => remove(row.id)}
                  className="sm:order-last"
                >
                  <X aria-hidden="true" />
                </Button>
                <Input
                  aria-label={t('adminItemForms.specificationRowValue', { n })}
                  placeholder={t(
                    number === null
                      ? 'adminItemForms.specificationValuePlaceholder'
                      : 'adminItemForms.remarkPlaceholder',
                  )}
                  value={row.value}
                  onChange={(e) => update(row.id, { value: e.target.value })}
                  required={index < MIN_SPECIFICATIONS && number === null}
                  className="col-span-3 sm:col-span-1"
                />
                <Input
                  aria-label={t('adminItemForms.specificationRowNumber', { n })}
                  placeholder={t('adminItemForms.numberPlaceholder')}
                  inputMode="decimal"
                  value={row.number}
                  aria-invalid={badNumber || undefined}
                  onChange={(e) => update(row.id, { number: e.target.value })}
                  className="col-span-1"
                />
                <select
                  aria-label={t('adminItemForms.specificationRowUnit', { n })}
                  value={row.unit}
                  onChange={(e) => update(row.id, { unit: e.target.value as SpecUnit | '' })}
                  className={`${selectClass} col-span-2 sm:col-span-1`}
                >
                  <option value="">{t('adminItemForms.noUnit')}</option>
                  {SPEC_UNITS.map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </select>
              </div>
              <p className="mt-1 text-xs text-muted-foreground" aria-live="polite">
                {badNumber ? (
                  <span className="text-destructive">{t('adminItemForms.badNumber')}</span>
                ) : printed !== '' ? (
                  <>
                    {rich('adminItemForms.showsAs', {
                      printed,
                      value: (chunks) => <span className="font-medium text-foreground">{chunks}</span>,
                    })}
                    {number !== null && remarkRepeatsNumber(row.value, number, row.unit || null)
                      ? ` ${t('adminItemForms.repeatedTextNote')}`
                      : null}
                  </>
                ) : null}
              </p>
            </li>
          );
        })}
      </ul>
      <Button variant="outline" onClick={() => onChange((current) => [...current, newSpecificationRow()])}>
        <Plus aria-hidden="true" />
        {t('adminItemForms.addSpecification')}
      </Button>
    </fieldset>
  );
}
