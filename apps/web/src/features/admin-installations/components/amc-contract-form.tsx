import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type AmcContract, type AmcContractInput, amcContractInputSchema } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useAddAmcContract, useUpdateAmcContract } from '../api/amc-contracts';
import type { AmcContractFields } from '../lib/amc-form';
import { optionalNumber, requiredNumber } from '../lib/installation-form';
import { placeServerIssues } from '../lib/server-issues';
import { Field, fieldError } from './form-field';

const resolver = zodResolver(amcContractInputSchema) as unknown as Resolver<
  AmcContractFields,
  unknown,
  AmcContractInput
>;

/**
 * A new AMC contract on a machine, or one corrected (`contract`): its period, the visits it
 * includes, its value in rupees and notes.
 */
export function AmcContractForm({
  installationId,
  contract,
  defaults,
  onDone,
}: {
  installationId: string;
  contract?: AmcContract;
  defaults: AmcContractFields;
  onDone: () => void;
}) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const add = useAddAmcContract(installationId);
  const update = useUpdateAmcContract(installationId);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<AmcContractFields, unknown, AmcContractInput>({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const title = contract ? t('adminInstallations.editContractTitle') : t('adminInstallations.addContractTitle');

  const submit = form.handleSubmit(async (input) => {
    setRefused(null);
    try {
      if (contract) await update.mutateAsync({ contractId: contract.id, input });
      else await add.mutateAsync({ installationId, input });
      toast({ title: contract ? t('adminInstallations.contractSaved') : t('adminInstallations.contractAdded') });
      onDone();
    } catch (error) {
      if (placeServerIssues(form, error)) {
        setRefused(t('adminInstallations.checkFields'));
        return;
      }
      setRefused(
        error instanceof ApiError && error.serverMessage
          ? refusal(error.serverMessage)
          : t('adminInstallations.contractNotSaved'),
      );
    }
  });

  return (
    <form
      noValidate
      aria-label={title}
      className="grid gap-4 rounded-lg border border-dashed bg-background p-4 sm:grid-cols-2"
      onSubmit={(event) => void submit(event)}
    >
      <h3 className="text-base font-semibold sm:col-span-2">{title}</h3>
      <Field label={t('adminInstallations.startsOn')} error={fieldError(form, 'startsOn')}>
        {(control) => <Input {...control} type="date" {...form.register('startsOn')} />}
      </Field>
      <Field label={t('adminInstallations.endsOn')} error={fieldError(form, 'endsOn')}>
        {(control) => <Input {...control} type="date" {...form.register('endsOn')} />}
      </Field>
      <Field label={t('adminInstallations.visitsIncluded')} error={fieldError(form, 'visitsIncluded')}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            max={52}
            step={1}
            {...form.register('visitsIncluded', { setValueAs: requiredNumber })}
          />
        )}
      </Field>
      <Field
        label={t('adminInstallations.valueRupees')}
        hint={t('adminInstallations.valueHint')}
        error={fieldError(form, 'value')}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            {...form.register('value', { setValueAs: optionalNumber })}
          />
        )}
      </Field>
      <Field label={t('adminInstallations.notes')} error={fieldError(form, 'notes')} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={2} {...form.register('notes')} />}
      </Field>
      {refused ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {refused}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting
            ? t('adminInstallations.saving')
            : contract
              ? t('adminInstallations.saveContract')
              : t('adminInstallations.addContract')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={form.formState.isSubmitting}>
          {t('adminInstallations.cancel')}
        </Button>
      </div>
    </form>
  );
}
