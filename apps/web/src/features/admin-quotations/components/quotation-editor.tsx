import { useId, useState } from 'react';
import { type Path, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, FileDown, Save, Send } from 'lucide-react';
import { type Quotation, type QuotationData, quotationInputSchema, QUOTATION_VALIDITY_DAYS_MAX } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { downloadQuotationPdf } from '../api/download-quotation-files';
import { useSaveQuotation } from '../api/save-quotation';
import { useSendQuotation } from '../api/send-quotation';
import { optionalNumber, previewOf, type QuotationFormValues, REVISED_ON_SAVE } from '../lib/quotation-form';
import { BuyerFields } from './buyer-fields';
import { Field, fieldError } from './form-field';
import { LinesTable } from './lines-table';
import { TotalsPreview } from './totals-summary';

const resolver = zodResolver(quotationInputSchema);

/** What the editor saves: a new quotation for an inquiry, or a stored one (replaced, or revised when sent). */
export type EditorTarget =
  { inquiryId: string; quotation?: undefined } | { quotation: Quotation; inquiryId?: undefined };

interface ServerIssue {
  path: (string | number)[];
  message: string;
}

function serverIssues(error: ApiError): ServerIssue[] {
  try {
    const body: unknown = JSON.parse(error.body);
    if (body && typeof body === 'object' && 'issues' in body && Array.isArray(body.issues)) {
      return body.issues.filter(
        (issue): issue is ServerIssue =>
          typeof issue === 'object' && issue !== null && Array.isArray(issue.path) && typeof issue.message === 'string',
      );
    }
  } catch {
    // Not JSON (a proxy's page): no per-field messages.
  }
  return [];
}

/**
 * The quotation editor (issue 39): buyer, lines, charges, validity and terms, with the live totals
 * the server will compute. Save draft keeps it; Save and send saves, sends and shows the buyer's
 * link. A sent quotation is never changed: saving it makes its next revision, and the editor says so
 * before the save.
 */
export function QuotationEditor({
  target,
  defaults,
  sellerState,
}: {
  target: EditorTarget;
  defaults: QuotationFormValues;
  /** The company's state for GST (its GSTIN's first two digits), or null when Site → Company has none. */
  sellerState: string | null;
}) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const navigate = useNavigate();
  const formId = useId();
  const save = useSaveQuotation();
  const send = useSendQuotation();
  const [refused, setRefused] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const form = useForm<QuotationFormValues, unknown, QuotationData>({
    resolver,
    defaultValues: defaults,
    mode: 'onTouched',
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const values = useWatch({ control: form.control }) as Partial<QuotationFormValues>;
  const preview = previewOf(values, sellerState);

  const stored = target.quotation;
  const revises = stored !== undefined && REVISED_ON_SAVE.has(stored.status);
  const nextRevision = (stored?.revision ?? 0) + 1;
  const busy = form.formState.isSubmitting;

  const showRefusal = (error: unknown) => {
    if (error instanceof ApiError && error.status === 400) {
      const issues = serverIssues(error);
      let placed = false;
      for (const issue of issues) {
        if (issue.path.length === 0) continue;
        form.setError(issue.path.join('.') as Path<QuotationFormValues>, { type: 'server', message: issue.message });
        placed = true;
      }
      setRefused(
        placed ? t('adminQuotations.checkFields') : refusal(error.serverMessage ?? t('adminQuotations.notSaved')),
      );
      return;
    }
    const reason = error instanceof ApiError && error.serverMessage ? refusal(error.serverMessage) : null;
    setRefused(reason ?? t('adminQuotations.notSaved'));
  };

  const submit = (intent: 'draft' | 'send') =>
    form.handleSubmit(async (input) => {
      setRefused(null);
      let saved: Quotation;
      try {
        saved = await save.mutateAsync(
          stored === undefined ? { inquiryId: target.inquiryId ?? '', input } : { quotationId: stored.id, input },
        );
      } catch (error) {
        showRefusal(error);
        return;
      }
      if (intent === 'send') {
        try {
          const { link } = await send.mutateAsync(saved.id);
          void navigate(paths.admin.quotation(saved.id), { state: { link } });
        } catch (error) {
          // Saved but not sent: the quotation is kept; its page offers Send again.
          toast({
            variant: 'destructive',
            title: t('adminQuotations.savedNotSent', { number: saved.number }),
            description:
              error instanceof ApiError && error.serverMessage
                ? refusal(error.serverMessage)
                : t('adminQuotations.tryAgain'),
          });
          void navigate(paths.admin.quotation(saved.id));
        }
        return;
      }
      toast({
        title: t('adminQuotations.saved'),
        description:
          saved.revision > 1 && saved.id !== stored?.id
            ? t('adminQuotations.savedRevision', { number: saved.number, revision: saved.revision })
            : t('adminQuotations.savedDraft', { number: saved.number }),
      });
      if (saved.id !== stored?.id) void navigate(paths.admin.editQuotation(saved.id), { replace: true });
    });

  const downloadPdf = async () => {
    if (stored === undefined) return;
    setDownloading(true);
    try {
      await downloadQuotationPdf(stored.id, stored.number);
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('adminQuotations.pdfFailed'),
        description:
          error instanceof ApiError && error.serverMessage
            ? refusal(error.serverMessage)
            : t('adminQuotations.tryAgain'),
      });
    } finally {
      setDownloading(false);
    }
  };

  const backTo = stored ? paths.admin.quotation(stored.id) : paths.admin.inquiry(target.inquiryId ?? '');
  const heading = stored
    ? revises
      ? t('adminQuotations.reviseTitle', { number: stored.number })
      : t('adminQuotations.editTitle', { number: stored.number })
    : t('adminQuotations.prepareTitle');
  const revisionWarning = revises
    ? t('adminQuotations.revisionWarning', { revision: nextRevision, number: stored.number })
    : null;

  return (
    <section className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="grid gap-3">
        <Link
          to={backTo}
          className="inline-flex items-center gap-1 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {stored ? t('adminQuotations.backToQuotation') : t('adminQuotations.backToInquiry')}
        </Link>
        <h1 className="text-2xl font-bold tracking-tight">{heading}</h1>
        {revisionWarning ? (
          <p role="note" className="rounded-md border border-amber-500/50 bg-amber-50 p-3 text-sm text-amber-900">
            {revisionWarning}
          </p>
        ) : null}
        {sellerState === null ? (
          <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
            {t('adminQuotations.noCompanyGstin')}
          </p>
        ) : null}
      </div>
      <form
        id={formId}
        noValidate
        className="grid gap-6"
        aria-label={heading}
        onSubmit={(event) => void submit('draft')(event)}
      >
        <BuyerFields form={form} />
        <LinesTable form={form} lines={lines} taxed={preview.lines} />
        <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
          <fieldset className="grid content-start gap-4 rounded-lg border bg-background p-4 sm:grid-cols-2 sm:p-5">
            <legend className="px-1 text-base font-semibold">{t('adminQuotations.termsLegend')}</legend>
            <Field label={t('adminQuotations.freightRupees')} error={fieldError(form, 'freight')}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  {...form.register('freight', { setValueAs: optionalNumber })}
                />
              )}
            </Field>
            <Field label={t('adminQuotations.packingRupees')} error={fieldError(form, 'packing')}>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step={0.01}
                  {...form.register('packing', { setValueAs: optionalNumber })}
                />
              )}
            </Field>
            <Field
              label={t('adminQuotations.validityDays')}
              hint={t('adminQuotations.validityHint', { max: QUOTATION_VALIDITY_DAYS_MAX })}
              error={fieldError(form, 'validityDays')}
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={QUOTATION_VALIDITY_DAYS_MAX}
                  step={1}
                  {...form.register('validityDays', { setValueAs: optionalNumber })}
                />
              )}
            </Field>
            <Field label={t('adminQuotations.deliveryPeriod')} error={fieldError(form, 'terms.delivery')}>
              {(control) => <Input {...control} autoComplete="off" {...form.register('terms.delivery')} />}
            </Field>
            <Field
              label={t('adminQuotations.paymentTerms')}
              error={fieldError(form, 'terms.payment')}
              className="sm:col-span-2"
            >
              {(control) => <Textarea {...control} rows={2} {...form.register('terms.payment')} />}
            </Field>
            <Field
              label={t('adminQuotations.warranty')}
              error={fieldError(form, 'terms.warranty')}
              className="sm:col-span-2"
            >
              {(control) => <Input {...control} autoComplete="off" {...form.register('terms.warranty')} />}
            </Field>
            <Field label={t('adminQuotations.notes')} error={fieldError(form, 'terms.notes')} className="sm:col-span-2">
              {(control) => <Textarea {...control} rows={3} {...form.register('terms.notes')} />}
            </Field>
          </fieldset>
          <TotalsPreview preview={preview} />
        </div>
        {refused ? (
          <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
            {refused}
          </p>
        ) : null}
        <div className="sticky bottom-0 -mx-4 flex flex-col gap-3 border-t bg-muted/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:flex-wrap sm:items-center sm:rounded-lg sm:border">
          <Button type="submit" disabled={busy}>
            <Save aria-hidden="true" />
            {busy
              ? t('adminQuotations.saving')
              : revises
                ? t('adminQuotations.saveRevision', { revision: nextRevision })
                : t('adminQuotations.saveDraft')}
          </Button>
          <Button type="button" variant="secondary" disabled={busy} onClick={(event) => void submit('send')(event)}>
            <Send aria-hidden="true" />
            {revises
              ? t('adminQuotations.saveRevisionAndSend', { revision: nextRevision })
              : t('adminQuotations.saveAndSend')}
          </Button>
          <Button
            type="button"
            variant="outline"
            disabled={stored === undefined || downloading}
            onClick={() => void downloadPdf()}
            aria-describedby={stored === undefined ? `${formId}-pdf-hint` : undefined}
          >
            <FileDown aria-hidden="true" />{' '}
            {downloading ? t('adminQuotations.downloading') : t('adminQuotations.downloadPdf')}
          </Button>
          {stored === undefined ? (
            <span id={`${formId}-pdf-hint`} className="text-xs text-muted-foreground">
              {t('adminQuotations.pdfAfterSave')}
            </span>
          ) : null}
        </div>
      </form>
    </section>
  );
}
