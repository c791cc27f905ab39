import { useId, useState } from 'react';
import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { type ServiceReportInput, serviceReportSchema, type ServiceRequest } from '@capstan/shared';
import { ErrorText, fieldError } from '@/components/field-refusal';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { serverIssues } from '../lib/server-issues';
import { useFlowStep } from './flow-actions';
import { SparePartPicker } from '@/components/spare-part-picker';

/** The form's values are the report payload as typed (the schema's input): one schema for form and route. */
type ReportFormValues = z.input<typeof serviceReportSchema>;

const resolver = zodResolver(serviceReportSchema);

/** A number input's text: empty is no number (NaN, which the schema refuses with the field's message). */
const requiredNumber = (value: unknown): number =>
  value === '' || value === null || value === undefined ? Number.NaN : Number(value);
/** Empty is "not recorded". */
const optionalNumber = (value: unknown): number | undefined =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** The server names a report's fields under `report` (`report.partsUsed.0.quantity`). */
const REPORT_PREFIX = 'report.';

/**
 * Closing a resolved request with its report (work done, parts used from the catalogue or written
 * out, time spent): what the customer's PDF prints. The form refuses to close without the work done,
 * with the route's own schema and message; the server's field refusals land under their inputs.
 */
export function ReportForm({ request }: { request: ServiceRequest }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [refused, setRefused] = useState<string | null>(null);
  const ids = useId();
  const form = useForm<ReportFormValues, unknown, ServiceReportInput>({
    resolver,
    defaultValues: { workDone: '', partsUsed: [], hours: undefined },
    mode: 'onTouched',
  });
  const parts = useFieldArray({ control: form.control, name: 'partsUsed' });
  const { run, busy } = useFlowStep(request, (message, error) => {
    let placed = false;
    for (const issue of serverIssues(error)) {
      if (!issue.path.startsWith(REPORT_PREFIX)) continue;
      form.setError(issue.path.slice(REPORT_PREFIX.length) as Path<ReportFormValues>, {
        type: 'server',
        message: issue.message,
      });
      placed = true;
    }
    setRefused(placed ? t('adminService.checkFields') : message);
  });

  const submit = form.handleSubmit((report) => {
    setRefused(null);
    run({ status: 'closed', report }, t('adminService.closedToast', { reference: request.reference }));
  });

  const workDoneError = fieldError(form, 'workDone');
  const hoursError = fieldError(form, 'hours');
  const partsError = fieldError(form, 'partsUsed');

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-title`}
      className="grid gap-4 rounded-lg border bg-card p-4 sm:p-5"
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-1">
        <h2 id={`${ids}-title`} className="text-base font-semibold">
          {t('adminService.reportTitle')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('adminService.reportIntro')}</p>
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor={`${ids}-work`}>{t('adminService.workDone')}</Label>
        <Textarea
          id={`${ids}-work`}
          rows={5}
          disabled={busy}
          aria-invalid={workDoneError ? true : undefined}
          aria-describedby={workDoneError ? `${ids}-work-error` : undefined}
          {...form.register('workDone')}
        />
        <ErrorText id={`${ids}-work-error`} message={workDoneError} />
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-1 text-sm font-medium">{t('adminService.partsUsed')}</legend>
        {parts.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('adminService.noPartsYet')}</p>
        ) : (
          <ol className="grid gap-3">
            {parts.fields.map((field, index) => {
              const line = index + 1;
              const descriptionError = fieldError(form, `partsUsed.${index}.description`);
              const quantityError = fieldError(form, `partsUsed.${index}.quantity`);
              return (
                <li
                  key={field.id}
                  className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_7rem_auto] sm:items-start"
                  data-testid="part-line"
                >
                  <div className="grid gap-1">
                    <Input
                      aria-label={t('adminService.partDescriptionOf', { line })}
                      disabled={busy}
                      autoComplete="off"
                      aria-invalid={descriptionError ? true : undefined}
                      aria-describedby={descriptionError ? `${ids}-part-${index}-error` : undefined}
                      {...form.register(`partsUsed.${index}.description`)}
                    />
                    {field.itemId ? (
                      <Badge variant="secondary" className="justify-self-start">
                        {t('adminService.fromCatalogue')}
                      </Badge>
                    ) : null}
                    <ErrorText id={`${ids}-part-${index}-error`} message={descriptionError} />
                  </div>
                  <div className="grid gap-1">
                    <Input
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="any"
                      aria-label={t('adminService.partQuantityOf', { line })}
                      disabled={busy}
                      aria-invalid={quantityError ? true : undefined}
                      aria-describedby={quantityError ? `${ids}-qty-${index}-error` : undefined}
                      {...form.register(`partsUsed.${index}.quantity`, { setValueAs: requiredNumber })}
                    />
                    <ErrorText id={`${ids}-qty-${index}-error`} message={quantityError} />
                  </div>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={busy}
                    aria-label={t('adminService.removePart', { line })}
                    onClick={() => parts.remove(index)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
        <ErrorText id={`${ids}-parts-error`} message={partsError} />
        <SparePartPicker
          disabled={busy}
          onPick={(part) => parts.append({ itemId: part.itemId, description: part.description, quantity: 1 })}
        />
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          onClick={() => parts.append({ description: '', quantity: 1 })}
        >
          <Plus aria-hidden="true" /> {t('adminService.addPartByHand')}
        </Button>
      </fieldset>

      <div className="grid gap-1.5 sm:max-w-48">
        <Label htmlFor={`${ids}-hours`}>{t('adminService.hours')}</Label>
        <Input
          id={`${ids}-hours`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.5}
          disabled={busy}
          aria-invalid={hoursError ? true : undefined}
          aria-describedby={hoursError ? `${ids}-hours-error` : undefined}
          {...form.register('hours', { setValueAs: optionalNumber })}
        />
        <ErrorText id={`${ids}-hours-error`} message={hoursError} />
      </div>

      <div role="alert" className="text-sm text-destructive empty:hidden">
        {refused ? refusal(refused) : null}
      </div>
      <Button type="submit" disabled={busy} className="justify-self-start">
        <Lock aria-hidden="true" />
        {busy ? t('adminService.closing') : t('adminService.closeWithReport')}
      </Button>
    </form>
  );
}
