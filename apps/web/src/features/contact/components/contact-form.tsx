import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Send } from 'lucide-react';
import { CONTACT_SERVICE_OPTIONS, type InquiryData, type InquiryInput } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { readQuoteRequest } from '@/lib/quote-request';
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

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/** Request Quote and Request this part links carry the form's starting point (lib/quote-link). */
function usePreselection() {
  const [searchParams] = useSearchParams();
  return useMemo(() => readQuoteRequest(searchParams), [searchParams]);
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    return error.serverMessage ?? 'Your inquiry could not be sent. Please try again or call us.';
  }
  return NETWORK_ERROR_MESSAGE;
}

export function ContactForm({ className }: { className?: string }) {
  const idPrefix = useId();
  const preselection = usePreselection();
  const createInquiry = useCreateInquiry();
  const inFlight = useRef(false);

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<InquiryInput, unknown, InquiryData>({
    resolver: lazyInquiryResolver,
    defaultValues: {
      ...EMPTY_VALUES,
      service: preselection.service ?? '',
      message: preselection.message ?? '',
    },
  });

  // A later Request Quote on the same page changes the search params without remounting.
  useEffect(() => {
    if (preselection.service) setValue('service', preselection.service);
  }, [preselection.service, setValue]);
  useEffect(() => {
    if (preselection.message) setValue('message', preselection.message);
  }, [preselection.message, setValue]);

  const onSubmit = async (data: InquiryData) => {
    // A second click before React re-renders the disabled button must not send twice.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      // Staff see which item the quote is for even if the visitor rewrote the message.
      const { reference } = await createInquiry.mutateAsync(
        preselection.product ? { ...data, product: preselection.product } : data,
      );
      toast({
        title: 'Thank you for your inquiry!',
        description: `Your reference number is ${reference}. We will get back to you soon.`,
      });
      reset(EMPTY_VALUES);
    } catch (error) {
      // The typed text stays in the form so the visitor can simply try again.
      toast({ variant: 'destructive', title: 'Your inquiry was not sent', description: failureMessage(error) });
    } finally {
      inFlight.current = false;
    }
  };

  const busy = isSubmitting || createInquiry.isPending;

  return (
    // A real form (POST, never GET: no visitor's data in the URL) that the server answers when the
    // app is not running; once it runs, the submit is taken over and sent as JSON (issue 16).
    <form
      method="post"
      action={paths.contactForm}
      onSubmit={(event) => {
        // Only a failed download of the validation code can reject here (onSubmit catches its own errors).
        handleSubmit(onSubmit)(event).catch(() => {
          toast({ variant: 'destructive', title: 'Your inquiry was not sent', description: NETWORK_ERROR_MESSAGE });
        });
      }}
      // Focus bubbles in React: the first field focused starts loading the validation code.
      onFocus={() => void preloadInquiryResolver().catch(() => undefined)}
      aria-label="Contact form"
      className={cn('grid gap-5', className)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-firstName`} label="First name" error={errors.firstName?.message}>
          {(a11y) => <Input {...a11y} {...register('firstName')} autoComplete="given-name" required />}
        </Field>
        <Field id={`${idPrefix}-lastName`} label="Last name" error={errors.lastName?.message}>
          {(a11y) => <Input {...a11y} {...register('lastName')} autoComplete="family-name" required />}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${idPrefix}-email`} label="Email" error={errors.email?.message}>
          {(a11y) => <Input {...a11y} {...register('email')} type="email" autoComplete="email" required />}
        </Field>
        <Field id={`${idPrefix}-phone`} label="Phone" error={errors.phone?.message}>
          {(a11y) => <Input {...a11y} {...register('phone')} type="tel" autoComplete="tel" required />}
        </Field>
      </div>
      <Field id={`${idPrefix}-service`} label="Service" optional error={errors.service?.message}>
        {(a11y) => <ServiceSelect {...a11y} registration={register('service')} />}
      </Field>
      <Field id={`${idPrefix}-message`} label="Message" error={errors.message?.message}>
        {(a11y) => (
          <Textarea
            {...a11y}
            {...register('message')}
            rows={5}
            placeholder="Tell us about the machine, part or service you need"
            required
          />
        )}
      </Field>
      {preselection.product && <input type="hidden" name="product" value={preselection.product} />}
      <Button type="submit" size="lg" disabled={busy} className="w-full sm:w-auto sm:justify-self-start">
        <Send aria-hidden="true" />
        {busy ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
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
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? (
          <span className="font-normal text-muted-foreground"> (optional)</span>
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

function ServiceSelect({ registration, ...a11y }: FieldA11y & { registration: UseFormRegisterReturn<'service'> }) {
  return (
    <select {...a11y} {...registration} className="ui-field h-10">
      <option value="">Select a service</option>
      {CONTACT_SERVICE_OPTIONS.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
