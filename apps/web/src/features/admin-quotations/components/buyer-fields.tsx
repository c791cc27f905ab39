import { useEffect } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { checkGstin, gstStateName, normalizeGstin } from '@capstan/shared';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { GstStateOptions } from '@/components/gst-state-options';
import { useAdminT } from '@/lib/i18n/admin';
import type { QuotationFormValues } from '../lib/quotation-form';
import { Field, fieldError, selectClass } from './form-field';

/**
 * Who the quotation is for. A valid GSTIN decides the place of supply (its first two digits), so the
 * state follows it and cannot be chosen against it; a GSTIN that fails the offline check says which
 * part is wrong once it has all its characters or the field is left.
 */
export function BuyerFields({ form }: { form: UseFormReturn<QuotationFormValues> }) {
  const { t, locale } = useAdminT();
  const gstin = useWatch({ control: form.control, name: 'buyer.gstin' }) ?? '';
  const state = useWatch({ control: form.control, name: 'buyer.state' }) ?? '';
  const gstinTouched = form.getFieldState('buyer.gstin', form.formState).isTouched;
  const normalized = normalizeGstin(gstin);
  const checked = checkGstin(normalized);
  const gstinState = checked.ok ? checked.stateCode : null;

  useEffect(() => {
    if (gstinState !== null && form.getValues('buyer.state') !== gstinState) {
      form.setValue('buyer.state', gstinState, { shouldDirty: true });
      form.clearErrors('buyer.state');
    }
  }, [form, gstinState]);

  const liveGstinProblem =
    normalized !== '' && !checked.ok && (gstinTouched || normalized.length >= 15) ? checked.message : undefined;
  const text = (name: `buyer.${'name' | 'company' | 'email' | 'phone'}`) => form.register(name);

  return (
    <fieldset className="grid gap-4 rounded-lg border bg-background p-4 sm:grid-cols-2 sm:p-5">
      <legend className="px-1 text-base font-semibold">{t('adminQuotations.buyerLegend')}</legend>
      <Field label={t('adminQuotations.buyerName')} error={fieldError(form, 'buyer.name')}>
        {(control) => <Input {...control} autoComplete="off" {...text('buyer.name')} />}
      </Field>
      <Field label={t('adminQuotations.buyerCompany')} error={fieldError(form, 'buyer.company')}>
        {(control) => <Input {...control} autoComplete="off" {...text('buyer.company')} />}
      </Field>
      <Field
        label={t('adminQuotations.gstin')}
        hint={
          gstinState !== null
            ? t('adminQuotations.gstinState', { state: gstStateName(gstinState, locale), code: gstinState })
            : t('adminQuotations.gstinHint')
        }
        error={fieldError(form, 'buyer.gstin') ?? liveGstinProblem}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            maxLength={20}
            className="font-mono uppercase"
            {...form.register('buyer.gstin')}
          />
        )}
      </Field>
      <Field
        label={t('adminQuotations.buyerState')}
        hint={gstinState !== null ? t('adminQuotations.stateFromGstin') : t('adminQuotations.stateHint')}
        error={fieldError(form, 'buyer.state')}
      >
        {(control) => (
          <select
            {...control}
            className={selectClass}
            value={gstinState ?? state}
            disabled={gstinState !== null}
            onChange={(event) =>
              form.setValue('buyer.state', event.target.value, { shouldDirty: true, shouldValidate: true })
            }
          >
            <GstStateOptions placeholder={t('adminQuotations.chooseState')} />
          </select>
        )}
      </Field>
      <Field
        label={t('adminQuotations.billingAddress')}
        error={fieldError(form, 'buyer.address')}
        className="sm:col-span-2"
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('buyer.address')} />}
      </Field>
      <Field label={t('adminQuotations.buyerEmail')} error={fieldError(form, 'buyer.email')}>
        {(control) => <Input {...control} type="email" autoComplete="off" {...text('buyer.email')} />}
      </Field>
      <Field label={t('adminQuotations.buyerPhone')} error={fieldError(form, 'buyer.phone')}>
        {(control) => <Input {...control} type="tel" autoComplete="off" {...text('buyer.phone')} />}
      </Field>
    </fieldset>
  );
}
