import { useEffect, useId, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Save } from 'lucide-react';
import {
  checkGstin,
  CONTROL_MAKES,
  gstStateName,
  type InstallationDetail,
  type InstallationInput,
  installationInputSchema,
  type InstallationUpdate,
  installationUpdateSchema,
  LOCALES,
  MAX_WARRANTY_MONTHS,
  normalizeGstin,
} from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { GstStateOptions } from '@/components/gst-state-options';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useMachineChoices } from '@/lib/machine-choices';
import { useSaveInstallation } from '../api/save-installation';
import { useWarrantyDefault } from '../api/get-warranty-default';
import {
  type ChangedFields,
  type InstallationFormFields,
  liveWarrantyEnd,
  optionalNumber,
  patchOf,
} from '../lib/installation-form';
import { customerLanguageName, useFormats } from '../lib/labels';
import { placeServerIssues } from '../lib/server-issues';
import { Field, fieldError, selectClass } from './form-field';

// The form's values are the payload as typed; the shared schemas check them and give the payload.
const registerResolver = zodResolver(installationInputSchema) as unknown as Resolver<
  InstallationFormFields,
  unknown,
  InstallationInput
>;
const updateResolver = zodResolver(installationUpdateSchema) as unknown as Resolver<
  InstallationFormFields,
  unknown,
  InstallationUpdate
>;

/** What the form saves: a new machine, or a registered one (changed by a patch). */
export type InstallationFormTarget = { installation: InstallationDetail } | { installation?: undefined };

/**
 * Register a machine, or change one: the machine (serial, model from the catalogue, control,
 * commissioning and warranty), its invoice and its customer. The warranty's end is shown as it
 * will be computed; an edit sends only the fields changed.
 */
export function InstallationForm({
  target,
  defaults,
}: {
  target: InstallationFormTarget;
  defaults: InstallationFormFields;
}) {
  const { t, locale } = useAdminT();
  const refusal = useAdminRefusal();
  const formats = useFormats();
  const navigate = useNavigate();
  const save = useSaveInstallation();
  const machines = useMachineChoices();
  const warrantyDefault = useWarrantyDefault();
  const stored = target.installation;
  const formId = useId();
  const [refused, setRefused] = useState<string | null>(null);
  const form = useForm<InstallationFormFields, unknown, InstallationInput | InstallationUpdate>({
    resolver: (stored ? updateResolver : registerResolver) as Resolver<
      InstallationFormFields,
      unknown,
      InstallationInput | InstallationUpdate
    >,
    defaultValues: defaults,
    mode: 'onTouched',
  });

  const [commissionedOn, warrantyMonths, gstin, machineId] = useWatch({
    control: form.control,
    name: ['commissionedOn', 'warrantyMonths', 'customer.gstin', 'machineId'],
  });
  const gstinState = ((): string | null => {
    const checked = checkGstin(normalizeGstin(gstin));
    return checked.ok ? checked.stateCode : null;
  })();
  // A valid GSTIN names the customer's state (its first two digits): the state follows it.
  useEffect(() => {
    if (gstinState !== null && form.getValues('customer.state') !== gstinState) {
      form.setValue('customer.state', gstinState, { shouldDirty: true });
      form.clearErrors('customer.state');
    }
  }, [form, gstinState]);

  const warrantyEnd = liveWarrantyEnd(commissionedOn, warrantyMonths, warrantyDefault);
  const machineOptions = machines.data ?? [];
  // A machine that has left the catalogue keeps its name here until another model is chosen.
  const orphanModel =
    stored &&
    machines.isSuccess &&
    machineId === stored.machineId &&
    !machineOptions.some((machine) => machine.id === machineId)
      ? { id: stored.machineId, name: stored.model }
      : null;

  const submit = form.handleSubmit(async (payload) => {
    setRefused(null);
    let request: Parameters<typeof save.mutateAsync>[0];
    if (stored) {
      const patch = patchOf(payload as InstallationUpdate, form.formState.dirtyFields as ChangedFields);
      if (Object.keys(patch).length === 0) {
        toast({ title: t('adminInstallations.nothingChanged') });
        void navigate(paths.admin.installation(stored.id));
        return;
      }
      request = { id: stored.id, input: patch };
    } else {
      request = { input: payload as InstallationInput };
    }
    try {
      const saved = await save.mutateAsync(request);
      toast({
        title: stored ? t('adminInstallations.savedChanges') : t('adminInstallations.registered'),
        description: t('adminInstallations.savedSerial', { serial: saved.serial }),
      });
      void navigate(paths.admin.installation(saved.id));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The serial is someone else's machine: said where it was typed.
        form.setError('serial', {
          type: 'server',
          message: error.serverMessage ?? t('adminInstallations.serialTaken'),
        });
        form.setFocus('serial');
        setRefused(t('adminInstallations.checkFields'));
        return;
      }
      if (placeServerIssues(form, error)) {
        setRefused(t('adminInstallations.checkFields'));
        return;
      }
      setRefused(
        error instanceof ApiError && error.serverMessage
          ? refusal(error.serverMessage)
          : t('adminInstallations.notSaved'),
      );
    }
  });

  const heading = stored
    ? t('adminInstallations.editTitle', { serial: stored.serial })
    : t('adminInstallations.registerTitle');
  const busy = form.formState.isSubmitting;
  const text = (name: Parameters<typeof form.register>[0]) => form.register(name);

  return (
    <section className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-3">
        <Link
          to={stored ? paths.admin.installation(stored.id) : paths.admin.installations}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {stored ? t('adminInstallations.backToMachine') : t('adminInstallations.backToList')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
      </div>
      <form id={formId} noValidate className="grid gap-6" aria-label={heading} onSubmit={(event) => void submit(event)}>
        <fieldset className="grid gap-4 rounded-lg border bg-background p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 text-base font-semibold">{t('adminInstallations.machineLegend')}</legend>
          <Field
            label={t('adminInstallations.serial')}
            hint={t('adminInstallations.serialHint')}
            error={fieldError(form, 'serial')}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                {...text('serial')}
              />
            )}
          </Field>
          <Field label={t('adminInstallations.model')} error={fieldError(form, 'machineId')}>
            {(control) => (
              // Controlled: the models arrive after the form, and the stored one must show once they do.
              <select
                {...control}
                className={selectClass}
                disabled={machines.isPending}
                {...text('machineId')}
                value={machineId}
              >
                <option value="">
                  {machines.isPending ? t('adminInstallations.modelsLoading') : t('adminInstallations.chooseModel')}
                </option>
                {orphanModel ? (
                  <option value={orphanModel.id}>
                    {t('adminInstallations.modelNotInCatalogue', { model: orphanModel.name })}
                  </option>
                ) : null}
                {machineOptions.map((machine) => (
                  <option key={machine.id} value={machine.id}>
                    {machine.code ? `${machine.name} (${machine.code})` : machine.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {machines.isError ? (
            <p role="alert" className="text-sm text-destructive sm:col-span-2">
              {t('adminInstallations.modelsFailed')}{' '}
              <Button type="button" variant="link" className="h-auto p-0" onClick={() => void machines.refetch()}>
                {t('ui.retry')}
              </Button>
            </p>
          ) : null}
          <Field label={t('adminInstallations.commissionedOn')} error={fieldError(form, 'commissionedOn')}>
            {(control) => <Input {...control} type="date" {...text('commissionedOn')} />}
          </Field>
          <Field
            label={t('adminInstallations.warrantyMonths')}
            hint={t('adminInstallations.warrantyMonthsHint', { months: warrantyDefault })}
            error={fieldError(form, 'warrantyMonths')}
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_WARRANTY_MONTHS}
                step={1}
                placeholder={String(warrantyDefault)}
                {...form.register('warrantyMonths', { setValueAs: optionalNumber })}
              />
            )}
          </Field>
          <p
            className="rounded-md bg-muted px-3 py-2 text-sm sm:col-span-2"
            aria-live="polite"
            data-testid="warranty-end"
          >
            {warrantyEnd
              ? t('adminInstallations.warrantyEndsOn', { date: formats.day(warrantyEnd) })
              : t('adminInstallations.warrantyEndPending')}
          </p>
          <Field
            label={t('adminInstallations.controlMake')}
            hint={t('adminInstallations.controlMakeHint')}
            error={fieldError(form, 'controlMake')}
          >
            {(control) => (
              <>
                <Input {...control} autoComplete="off" list={`${formId}-controls`} {...text('controlMake')} />
                <datalist id={`${formId}-controls`}>
                  {CONTROL_MAKES.map((make) => (
                    <option key={make} value={make} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
          <Field label={t('adminInstallations.invoiceNumber')} error={fieldError(form, 'invoiceNumber')}>
            {(control) => <Input {...control} autoComplete="off" {...text('invoiceNumber')} />}
          </Field>
          <Field label={t('adminInstallations.invoiceDate')} error={fieldError(form, 'invoiceDate')}>
            {(control) => <Input {...control} type="date" {...text('invoiceDate')} />}
          </Field>
          <Field label={t('adminInstallations.notes')} error={fieldError(form, 'notes')} className="sm:col-span-2">
            {(control) => <Textarea {...control} rows={3} {...text('notes')} />}
          </Field>
        </fieldset>

        <fieldset className="grid gap-4 rounded-lg border bg-background p-4 sm:grid-cols-2 sm:p-5">
          <legend className="px-1 text-base font-semibold">{t('adminInstallations.customerLegend')}</legend>
          <Field label={t('adminInstallations.company')} error={fieldError(form, 'customer.company')}>
            {(control) => <Input {...control} autoComplete="off" {...text('customer.company')} />}
          </Field>
          <Field label={t('adminInstallations.contactName')} error={fieldError(form, 'customer.contactName')}>
            {(control) => <Input {...control} autoComplete="off" {...text('customer.contactName')} />}
          </Field>
          <Field label={t('adminInstallations.phone')} error={fieldError(form, 'customer.phone')}>
            {(control) => <Input {...control} type="tel" autoComplete="off" {...text('customer.phone')} />}
          </Field>
          <Field label={t('adminInstallations.email')} error={fieldError(form, 'customer.email')}>
            {(control) => <Input {...control} type="email" autoComplete="off" {...text('customer.email')} />}
          </Field>
          <Field
            label={t('adminInstallations.gstin')}
            hint={
              gstinState !== null
                ? t('adminInstallations.gstinState', {
                    state: gstStateName(gstinState, locale),
                    code: gstinState,
                  })
                : t('adminInstallations.gstinHint')
            }
            error={fieldError(form, 'customer.gstin')}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                spellCheck={false}
                maxLength={20}
                className="font-mono uppercase"
                {...text('customer.gstin')}
              />
            )}
          </Field>
          <Field label={t('adminInstallations.state')} error={fieldError(form, 'customer.state')}>
            {(control) => (
              <select {...control} className={selectClass} {...text('customer.state')}>
                <GstStateOptions placeholder={t('adminInstallations.chooseState')} />
              </select>
            )}
          </Field>
          <Field
            label={t('adminInstallations.siteAddress')}
            error={fieldError(form, 'customer.address')}
            className="sm:col-span-2"
          >
            {(control) => <Textarea {...control} rows={3} {...text('customer.address')} />}
          </Field>
          <Field
            label={t('adminInstallations.emailLanguage')}
            hint={t('adminInstallations.emailLanguageHint')}
            error={fieldError(form, 'customer.language')}
          >
            {(control) => (
              <select {...control} className={selectClass} {...text('customer.language')}>
                {LOCALES.map((language) => (
                  <option key={language} value={language} lang={language}>
                    {customerLanguageName(language)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </fieldset>

        {refused ? (
          <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
            {refused}
          </p>
        ) : null}
        <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t bg-muted/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:rounded-lg sm:border">
          <Button type="submit" disabled={busy}>
            <Save aria-hidden="true" />
            {busy
              ? t('adminInstallations.saving')
              : stored
                ? t('adminInstallations.saveChanges')
                : t('adminInstallations.register')}
          </Button>
          <Button asChild variant="outline">
            <Link to={stored ? paths.admin.installation(stored.id) : paths.admin.installations}>
              {t('adminInstallations.cancel')}
            </Link>
          </Button>
        </div>
      </form>
    </section>
  );
}
