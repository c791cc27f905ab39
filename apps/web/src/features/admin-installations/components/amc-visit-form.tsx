import { useId, useState } from 'react';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { type AmcContract, type AmcVisitInput, amcVisitInputSchema } from '@capstan/shared';
import { SparePartPicker } from '@/components/spare-part-picker';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useRecordAmcVisit } from '../api/amc-contracts';
import { useEngineers } from '../api/get-engineers';
import { type AmcVisitFields, newVisitFields } from '../lib/amc-form';
import { requiredNumber } from '../lib/installation-form';
import { placeServerIssues } from '../lib/server-issues';
import { ErrorText, Field, fieldError, selectClass } from './form-field';

const resolver = zodResolver(amcVisitInputSchema) as unknown as Resolver<AmcVisitFields, unknown, AmcVisitInput>;

/** The engineer select's choice for someone without a staff account: their name is typed. */
const SOMEONE_ELSE = 'someone-else';
/** Parts a visit may list (partsUsedSchema). */
const MAX_PARTS = 50;
/**
 * Records a visit made under a contract: when, by which engineer (a staff account, or a name typed
 * for someone else), what was done, and the parts used (from the catalogue's spare parts, or typed).
 */
export function AmcVisitForm({
  installationId,
  contract,
  onDone,
}: {
  installationId: string;
  contract: AmcContract;
  onDone: () => void;
}) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const record = useRecordAmcVisit(installationId);
  const engineers = useEngineers();
  const engineerList = engineers.data ?? [];
  const [choice, setChoice] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const engineerSelectId = useId();
  const form = useForm<AmcVisitFields, unknown, AmcVisitInput>({
    resolver,
    defaultValues: newVisitFields(),
    mode: 'onTouched',
  });
  const parts = useFieldArray({ control: form.control, name: 'partsUsed' });
  // Without the list of engineers (a role that may not read it, or none yet) the name is typed.
  const typed = engineerList.length === 0 ? !engineers.isPending : choice === SOMEONE_ELSE;
  const engineerError = fieldError(form, 'engineerName') ?? fieldError(form, 'engineerId');

  const chooseEngineer = (value: string) => {
    setChoice(value);
    const chosen = engineerList.find((engineer) => engineer.id === value);
    form.setValue('engineerId', chosen ? chosen.id : '', { shouldDirty: true });
    form.setValue('engineerName', '', { shouldDirty: true });
    if (chosen) form.clearErrors(['engineerName', 'engineerId']);
  };

  const submit = form.handleSubmit(async (input) => {
    setRefused(null);
    try {
      await record.mutateAsync({ contractId: contract.id, input });
      toast({ title: t('adminInstallations.visitRecorded') });
      onDone();
    } catch (error) {
      if (placeServerIssues(form, error)) {
        setRefused(t('adminInstallations.checkFields'));
        return;
      }
      setRefused(
        error instanceof ApiError && error.serverMessage
          ? refusal(error.serverMessage)
          : t('adminInstallations.visitNotSaved'),
      );
    }
  });

  const title = t('adminInstallations.recordVisitTitle');
  return (
    <form
      noValidate
      aria-label={title}
      className="grid gap-4 rounded-lg border border-dashed bg-background p-4 sm:grid-cols-2"
      onSubmit={(event) => void submit(event)}
    >
      <h4 className="text-base font-semibold sm:col-span-2">{title}</h4>
      <Field label={t('adminInstallations.visitedOn')} error={fieldError(form, 'visitedOn')}>
        {(control) => <Input {...control} type="date" {...form.register('visitedOn')} />}
      </Field>
      {engineerList.length > 0 ? (
        <div className="grid content-start gap-1.5">
          <Label htmlFor={engineerSelectId}>{t('adminInstallations.engineer')}</Label>
          <select
            id={engineerSelectId}
            className={selectClass}
            value={choice}
            aria-invalid={engineerError && !typed ? true : undefined}
            aria-describedby={engineerError && !typed ? `${engineerSelectId}-error` : undefined}
            onChange={(event) => chooseEngineer(event.target.value)}
          >
            <option value="">{t('adminInstallations.chooseEngineer')}</option>
            {engineerList.map((engineer) => (
              <option key={engineer.id} value={engineer.id}>
                {engineer.name}
              </option>
            ))}
            <option value={SOMEONE_ELSE}>{t('adminInstallations.someoneElse')}</option>
          </select>
          {typed ? null : <ErrorText id={`${engineerSelectId}-error`} message={engineerError} />}
        </div>
      ) : null}
      {typed ? (
        <Field
          label={engineerList.length > 0 ? t('adminInstallations.engineerName') : t('adminInstallations.engineer')}
          hint={engineerList.length > 0 ? undefined : t('adminInstallations.engineerNameHint')}
          error={engineerError}
        >
          {(control) => <Input {...control} autoComplete="off" {...form.register('engineerName')} />}
        </Field>
      ) : null}
      <Field label={t('adminInstallations.visitNotes')} error={fieldError(form, 'notes')} className="sm:col-span-2">
        {(control) => <Textarea {...control} rows={3} {...form.register('notes')} />}
      </Field>

      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium">{t('adminInstallations.partsUsed')}</legend>
        {parts.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('adminInstallations.noPartsYet')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('adminInstallations.partsUsed')}>
            {parts.fields.map((field, index) => (
              <li
                key={field.id}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_7rem_auto] sm:items-start"
                data-testid="part-line"
              >
                <Field
                  label={t('adminInstallations.partDescription', { n: index + 1 })}
                  error={fieldError(form, `partsUsed.${index}.description`)}
                >
                  {(control) => (
                    <Input {...control} autoComplete="off" {...form.register(`partsUsed.${index}.description`)} />
                  )}
                </Field>
                <Field
                  label={t('adminInstallations.partQuantity', { n: index + 1 })}
                  error={fieldError(form, `partsUsed.${index}.quantity`)}
                >
                  {(control) => (
                    <Input
                      {...control}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      {...form.register(`partsUsed.${index}.quantity`, { setValueAs: requiredNumber })}
                    />
                  )}
                </Field>
                <div className="sm:pt-6">
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t('adminInstallations.removePart', { n: index + 1 })}
                    onClick={() => parts.remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <ErrorText id={`${engineerSelectId}-parts-error`} message={fieldError(form, 'partsUsed')} />
        <SparePartPicker
          disabled={parts.fields.length >= MAX_PARTS}
          onPick={(part) => parts.append({ ...part, quantity: 1 })}
        />
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={parts.fields.length >= MAX_PARTS}
          onClick={() => parts.append({ itemId: '', description: '', quantity: 1 })}
        >
          <Plus aria-hidden="true" /> {t('adminInstallations.addTypedPart')}
        </Button>
      </fieldset>

      {refused ? (
        <p role="alert" className="text-sm text-destructive sm:col-span-2">
          {refused}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? t('adminInstallations.saving') : t('adminInstallations.recordVisit')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone} disabled={form.formState.isSubmitting}>
          {t('adminInstallations.cancel')}
        </Button>
      </div>
    </form>
  );
}
