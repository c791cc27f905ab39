import { useId } from 'react';
import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { GST_RATES, QUOTATION_MAX_LINES, type TaxedLine } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAdminT } from '@/lib/i18n/admin';
import { useMoney } from '../lib/labels';
import {
  lineFromCatalogue,
  optionalNumber,
  type QuotationFormValues,
  requiredNumber,
  typedLine,
} from '../lib/quotation-form';
import { CataloguePicker } from './catalogue-picker';
import { cn } from '@/lib/utils';
import { ErrorText, fieldError, selectLook } from './form-field';

type LineField = 'description' | 'hsn' | 'quantity' | 'unit' | 'rate' | 'discountPercent' | 'gstRate';

/** The lines: picked from the catalogue or typed, each with its HSN/SAC, quantity, rate, discount and GST rate. */
export function LinesTable({
  form,
  lines,
  taxed,
}: {
  form: UseFormReturn<QuotationFormValues>;
  lines: UseFieldArrayReturn<QuotationFormValues, 'lines'>;
  /** Each line's figures from the live preview, null while it is incomplete. */
  taxed: readonly (TaxedLine | null)[];
}) {
  const { t } = useAdminT();
  const money = useMoney();
  const baseId = useId();
  const count = lines.fields.length;
  const full = count >= QUOTATION_MAX_LINES;
  const head = 'px-2 py-2 text-left text-xs font-medium text-muted-foreground';

  const cellProps = (index: number, field: LineField, label: string) => {
    const error = fieldError(form, `lines.${index}.${field}`);
    const errorId = `${baseId}-${index}-${field}-error`;
    return {
      error,
      errorId,
      control: {
        'aria-label': t('adminQuotations.lineField', { field: label, line: index + 1 }),
        'aria-invalid': error ? (true as const) : undefined,
        'aria-describedby': error ? errorId : undefined,
      },
    };
  };

  return (
    <fieldset className="grid gap-4 rounded-lg border bg-background p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold">{t('adminQuotations.linesLegend')}</legend>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[60rem] text-sm">
          <caption className="sr-only">{t('adminQuotations.linesCaption')}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className={head}>
                #
              </th>
              <th scope="col" className={`${head} w-[30%]`}>
                {t('adminQuotations.description')}
              </th>
              <th scope="col" className={head}>
                {t('adminQuotations.hsn')}
              </th>
              <th scope="col" className={head}>
                {t('adminQuotations.quantity')}
              </th>
              <th scope="col" className={head}>
                {t('adminQuotations.unit')}
              </th>
              <th scope="col" className={head}>
                {t('adminQuotations.rate')}
              </th>
              <th scope="col" className={head}>
                {t('adminQuotations.discount')}
              </th>
              <th scope="col" className={head}>
                {t('adminQuotations.gstRate')}
              </th>
              <th scope="col" className={`${head} text-right`}>
                {t('adminQuotations.taxableValue')}
              </th>
              <th scope="col" className={head}>
                <span className="sr-only">{t('adminQuotations.lineActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.fields.map((field, index) => {
              const description = cellProps(index, 'description', t('adminQuotations.description'));
              const hsn = cellProps(index, 'hsn', t('adminQuotations.hsn'));
              const quantity = cellProps(index, 'quantity', t('adminQuotations.quantity'));
              const unit = cellProps(index, 'unit', t('adminQuotations.unit'));
              const rate = cellProps(index, 'rate', t('adminQuotations.rate'));
              const discount = cellProps(index, 'discountPercent', t('adminQuotations.discount'));
              const gstRate = cellProps(index, 'gstRate', t('adminQuotations.gstRate'));
              const figures = taxed[index] ?? null;
              return (
                <tr key={field.id} className="border-b align-top" data-testid="quotation-line">
                  <td className="px-2 py-2 tabular-nums">{index + 1}</td>
                  <td className="px-2 py-2">
                    <Textarea rows={2} {...description.control} {...form.register(`lines.${index}.description`)} />
                    <ErrorText id={description.errorId} message={description.error} />
                  </td>
                  <td className="px-2 py-2">
                    <Input
                      className="w-24 font-mono"
                      inputMode="numeric"
                      autoComplete="off"
                      {...hsn.control}
                      {...form.register(`lines.${index}.hsn`)}
                    />
                    <ErrorText id={hsn.errorId} message={hsn.error} />
                  </td>
                  <td className="px-2 py-2">
                    <Input
                      className="w-24"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      {...quantity.control}
                      {...form.register(`lines.${index}.quantity`, { setValueAs: requiredNumber })}
                    />
                    <ErrorText id={quantity.errorId} message={quantity.error} />
                  </td>
                  <td className="px-2 py-2">
                    <Input
                      className="w-20"
                      autoComplete="off"
                      {...unit.control}
                      {...form.register(`lines.${index}.unit`)}
                    />
                    <ErrorText id={unit.errorId} message={unit.error} />
                  </td>
                  <td className="px-2 py-2">
                    <Input
                      className="w-32"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step={0.01}
                      {...rate.control}
                      {...form.register(`lines.${index}.rate`, { setValueAs: requiredNumber })}
                    />
                    <ErrorText id={rate.errorId} message={rate.error} />
                  </td>
                  <td className="px-2 py-2">
                    <Input
                      className="w-20"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      max={100}
                      step={0.01}
                      {...discount.control}
                      {...form.register(`lines.${index}.discountPercent`, { setValueAs: optionalNumber })}
                    />
                    <ErrorText id={discount.errorId} message={discount.error} />
                  </td>
                  <td className="px-2 py-2">
                    <select
                      className={cn(selectLook, 'w-24')}
                      {...gstRate.control}
                      {...form.register(`lines.${index}.gstRate`, { setValueAs: requiredNumber })}
                    >
                      {GST_RATES.map((value) => (
                        <option key={value} value={value}>
                          {t('adminQuotations.percent', { value })}
                        </option>
                      ))}
                    </select>
                    <ErrorText id={gstRate.errorId} message={gstRate.error} />
                  </td>
                  <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums" data-testid="line-taxable">
                    {figures === null ? '—' : money.paise(figures.taxablePaise)}
                  </td>
                  <td className="px-2 py-2">
                    <div className="flex gap-1">
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={t('adminQuotations.moveLineUp', { line: index + 1 })}
                        disabled={index === 0}
                        onClick={() => lines.move(index, index - 1)}
                      >
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={t('adminQuotations.moveLineDown', { line: index + 1 })}
                        disabled={index === count - 1}
                        onClick={() => lines.move(index, index + 1)}
                      >
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={t('adminQuotations.removeLine', { line: index + 1 })}
                        onClick={() => lines.remove(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <ErrorText id={`${baseId}-lines-error`} message={fieldError(form, 'lines')} />
      {full ? (
        <p className="text-sm text-muted-foreground">{t('adminQuotations.linesFull', { max: QUOTATION_MAX_LINES })}</p>
      ) : (
        <>
          <CataloguePicker onPick={(item) => lines.append(lineFromCatalogue(item))} />
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => lines.append(typedLine())}
          >
            <Plus aria-hidden="true" /> {t('adminQuotations.addTypedLine')}
          </Button>
        </>
      )}
    </fieldset>
  );
}
