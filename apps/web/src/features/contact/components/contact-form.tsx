import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm, type UseFormGetValues, type UseFormRegisterReturn, type UseFormSetValue } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Send } from 'lucide-react';
import {
  type ContactServiceOption,
  contactServiceOptions,
  type InquiryData,
  type InquiryInput,
  type QuoteListLine,
  serializeQuoteList,
} from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type MessageKey, translateRefusal, type Translator, useT } from '@/lib/i18n';
import { machineCategoriesQueryIn } from '@/lib/machine-categories';
import { type QuoteRequest, readQuoteRequest } from '@/lib/quote-request';
import { cn } from '@/lib/utils';
import { useCreateInquiry } from '../api/create-inquiry';
import { lazyInquiryResolver, preloadInquiryResolver } from '../lib/lazy-inquiry-resolver';

/** SPEC §3: contact form state (the shared schema's input, with every field as typed text). */
export interface ContactFormValues extends InquiryInput {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  service: string;
  message: string;
}

const EMPTY_VALUES: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  service: '',
  message: '',
};

/**
 * The fixed options' labels are interface words (the categories' names are staff's content). The
 * server stores the English label the list gives, whatever the page's language.
 */
const FIXED_SERVICE_LABELS: Readonly<Record<string, MessageKey>> = {
  machine: 'inquiryForm.serviceOtherMachines',
  'spare-parts': 'inquiryForm.serviceSpareParts',
  services: 'inquiryForm.serviceEngineering',
  maintenance: 'inquiryForm.serviceMaintenance',
  general: 'inquiryForm.serviceGeneral',
};

/**
 * The Service list follows the catalogue: each machine category, then the fixed options (the
 * fixed ones alone until the categories are known; the server renders `/` with them).
 */
function useServiceOptions(offered: boolean): ContactServiceOption[] {
  const { locale } = useT();
  // Not asked for where the form offers no Service (the quote list names its items instead).
  const { data: categories } = useQuery({ ...machineCategoriesQueryIn(locale), enabled: offered });
  return useMemo(() => contactServiceOptions(categories ?? []), [categories]);
}

/**
 * Request Quote and Request this part links carry the form's starting point (lib/quote-link). A
 * service the list does not offer is not preselected; one that appears once the categories
 * arrive is applied then, like a later prefill.
 */
function usePreselection(options: readonly ContactServiceOption[]) {
  const [searchParams] = useSearchParams();
  const translator = useT();
  const request = useMemo(() => readQuoteRequest(searchParams, translator), [searchParams, translator]);
  const offered = request.service !== null && options.some((option) => option.value === request.service);
  return useMemo(() => (offered ? request : { ...request, service: null }), [request, offered]);
}

/**
 * A later Request Quote on the same page changes the search params without remounting the form:
 * its prefill replaces only a field still empty or still holding the previous prefill, never
 * what the person typed.
 */
function useLaterPrefill(
  preselection: QuoteRequest,
  getValues: UseFormGetValues<InquiryInput>,
  setValue: UseFormSetValue<InquiryInput>,
) {
  const applied = useRef(preselection);
  useEffect(() => {
    const previous = applied.current;
    applied.current = preselection;
    const replace = (name: 'service' | 'message', next: string | null, before: string | null) => {
      const current = getValues(name) ?? '';
      if (next !== null && next !== current && (current === '' || current === before)) setValue(name, next);
    };
    replace('service', preselection.service, previous.service);
    replace('message', preselection.message, previous.message);
  }, [preselection, getValues, setValue]);
}

function failureMessage(error: unknown, translator: Translator): string {
  if (error instanceof ApiError) {
    // The server's refusal in the page's language where the catalogue has it (a quote list's line
    // refused, say); as sent otherwise.
    return translateRefusal(translator, error.serverMessage ?? undefined) ?? translator.t('inquiryForm.notSentText');
  }
  return translator.t('inquiryForm.networkError');
}

/** The quote list page's request (issue 39): the form sends the list's lines with the visitor's details. */
export interface ContactFormQuote {
  /** The lines of items still in the catalogue, sent as the inquiry's `items`. */
  items: readonly QuoteListLine[];
  /** The request is stored: the page empties the list and thanks the buyer (`reference` is the inquiry's). */
  onSent: (reference: string) => void;
}

export function ContactForm({ className, quote }: { className?: string; quote?: ContactFormQuote }) {
  const translator = useT();
  const { t, locale } = translator;
  const idPrefix = useId();
  const serviceOptions = useServiceOptions(quote === undefined);
  const preselection = usePreselection(serviceOptions);
  const createInquiry = useCreateInquiry();
  const inFlight = useRef(false);
  const [sentReference, setSentReference] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // After "Send another request" the form comes back and the visitor starts at its first field.
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (sentReference !== null || !focusFirstField.current) return;
    focusFirstField.current = false;
    formRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, [sentReference]);

  const startValues: ContactFormValues = {
    ...EMPTY_VALUES,
    service: preselection.service ?? '',
    // A quote list's request says what it is for in the page's language; the lines travel apart.
    message: quote ? t('inquiryForm.requestMessage') : (preselection.message ?? ''),
  };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<InquiryInput, unknown, InquiryData>({ resolver: lazyInquiryResolver, defaultValues: startValues });
  const refusal = (message: string | undefined) => translateRefusal(translator, message);

  // react-hook-form keeps what was typed into the server's form before the app took it over
  // (decision 009; it does not write a starting value over an edited field). A prefill applied
  // later must not either.
  useLaterPrefill(preselection, getValues, setValue);

  const onSubmit = async (data: InquiryData) => {
    // A second click before React re-renders the disabled button must not send twice.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Staff see which item the quote is for even if the visitor rewrote the message; the buyer
      // is answered in the page's language.
      const { reference } = await createInquiry.mutateAsync({
        ...data,
        ...(preselection.product ? { product: preselection.product } : {}),
        ...(quote ? { items: quote.items.map(({ id, quantity }) => ({ id, quantity })) } : {}),
        locale,
      });
      toast({
        title: t('inquiryForm.thanksTitle'),
        description: t('inquiryForm.sentToast', { reference }),
      });
      reset(EMPTY_VALUES);
      if (quote) {
        quote.onSent(reference);
        return;
      }
      // The toast goes after a few seconds; the reference must stay where the form was.
      setSentReference(reference);
    } catch (error) {
      // The typed text stays in the form so the visitor can simply try again.
      toast({
        variant: 'destructive',
        title: t('inquiryForm.notSentTitle'),
        description: failureMessage(error, translator),
      });
    } finally {
      inFlight.current = false;
    }
  };

  const busy = isSubmitting || createInquiry.isPending;

  if (sentReference !== null) {
    return (
      <InquiryThanks
        reference={sentReference}
        className={className}
        onSendAnother={() => {
          setSentReference(null);
          focusFirstField.current = true;
        }}
      />
    );
  }

  return (
    // A real form (POST, never GET: no visitor's data in the URL) that the server answers when the
    // app is not running; once it runs, the submit is taken over and sent as JSON (decision 015).
    <form
      ref={formRef}
      method="post"
      action={paths.contactForm}
      onSubmit={(event) => {
        // Only a failed download of the validation code can reject here (onSubmit catches its own errors).
        handleSubmit(onSubmit)(event).catch(() => {
          toast({
            variant: 'destructive',
            title: t('inquiryForm.notSentTitle'),
            description: t('inquiryForm.networkError'),
          });
        });
      }}
      // Focus bubbles in React: the first field focused starts loading the validation code.
      onFocus={() => void preloadInquiryResolver().catch(() => undefined)}
      aria-label={quote ? t('inquiryForm.requestHeading') : t('inquiryForm.formLabel')}
      className={cn('grid gap-5', className)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={`${idPrefix}-firstName`}
          label={t('inquiryForm.firstName')}
          error={refusal(errors.firstName?.message)}
        >
          {(a11y) => <Input {...a11y} {...register('firstName')} autoComplete="given-name" required />}
        </Field>
        <Field id={`${idPrefix}-lastName`} label={t('inquiryForm.lastName')} error={refusal(errors.lastName?.message)}>
          {(a11y) => <Input {...a11y} {...register('lastName')} autoComplete="family-name" required />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-email`} label={t('inquiryForm.emailField')} error={refusal(errors.email?.message)}>
          {(a11y) => <Input {...a11y} {...register('email')} type="email" autoComplete="email" required />}
        </Field>
        <Field id={`${idPrefix}-phone`} label={t('inquiryForm.phoneField')} error={refusal(errors.phone?.message)}>
          {(a11y) => <Input {...a11y} {...register('phone')} type="tel" autoComplete="tel" required />}
        </Field>
      </div>
      {/* A quote list names its items line by line: no service to choose. */}
      {quote ? null : (
        <Field
          id={`${idPrefix}-service`}
          label={t('inquiryForm.service')}
          optional
          error={refusal(errors.service?.message)}
        >
          {(a11y) => (
            <ServiceSelect
              {...a11y}
              registration={register('service')}
              // In the server's HTML too, so the form without JavaScript shows a quote's choice.
              defaultValue={startValues.service}
              options={serviceOptions}
            />
          )}
        </Field>
      )}
      <Field id={`${idPrefix}-message`} label={t('inquiryForm.message')} error={refusal(errors.message?.message)}>
        {(a11y) => (
          <Textarea
            {...a11y}
            {...register('message')}
            // The quote list's message is in the server's HTML too, so the form sent without
            // JavaScript carries it. Not the other forms' prefill: hydrating a defaultValue would
            // replace what the visitor typed before the app started (decision 009).
            defaultValue={quote ? startValues.message : undefined}
            rows={5}
            placeholder={t('inquiryForm.messagePlaceholder')}
            required
          />
        )}
      </Field>
      {preselection.product && <input type="hidden" name="product" value={preselection.product} />}
      {/* Without JavaScript the lines go as the cookie writes them (`id:qty.id:qty`); POST /contact reads them. */}
      {quote ? <input type="hidden" name="items" value={serializeQuoteList(quote.items)} /> : null}
      {/* The form posted without JavaScript says it too: its action is the same for every language. */}
      <input type="hidden" name="locale" value={locale} />
      <Button
        type="submit"
        size="lg"
        disabled={busy}
        className="h-auto min-h-11 w-full py-2 whitespace-normal sm:w-auto sm:justify-self-start"
      >
        <Send aria-hidden="true" />
        {busy ? t('inquiryForm.sending') : quote ? t('inquiryForm.sendQuote') : t('inquiryForm.send')}
      </Button>
    </form>
  );
}

/**
 * Where the form was, once it is sent: the reference stays on screen until the visitor moves on.
 * `children`: the way on where "Send another request" has nothing to send (the emptied quote list).
 */
export function InquiryThanks({
  reference,
  className,
  onSendAnother,
  children,
}: {
  reference: string;
  className?: string;
  onSendAnother?: () => void;
  children?: ReactNode;
}) {
  const { t, rich } = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className={cn('grid justify-items-start gap-3', className)}>
      <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
      <h4 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t('inquiryForm.thanksTitle')}
      </h4>
      <p className="text-muted-foreground">{t('inquiryForm.thanksText')}</p>
      <p>
        {/* A key: rich returns the message's parts as a list. */}
        {rich('inquiryForm.thanksReference', { reference, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      {onSendAnother ? (
        <Button type="button" variant="outline" onClick={onSendAnother} className="mt-2">
          {t('inquiryForm.sendAnother')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}

interface FieldA11y {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

function Field({
  id,
  label,
  optional = false,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  error: string | undefined;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { t } = useT();
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? (
          <span className="font-normal text-muted-foreground">{` ${t('inquiryForm.optional')}`}</span>
        ) : (
          <span className="text-destructive" aria-hidden="true">
            {' *'}
          </span>
        )}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function ServiceSelect({
  registration,
  defaultValue,
  options,
  ...a11y
}: FieldA11y & {
  registration: UseFormRegisterReturn<'service'>;
  defaultValue: string;
  options: readonly ContactServiceOption[];
}) {
  const { t } = useT();
  return (
    <select {...a11y} {...registration} defaultValue={defaultValue} className="ui-field h-10">
      <option value="">{t('inquiryForm.selectService')}</option>
      {options.map((option) => {
        const fixed = FIXED_SERVICE_LABELS[option.value];
        return (
          <option key={option.value} value={option.value}>
            {fixed ? t(fixed) : option.label}
          </option>
        );
      })}
    </select>
  );
}
