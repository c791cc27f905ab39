import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { REVIEW_TEXT_MAX, reviewMachineLabel } from '@capstan/shared';
import { RatingInput } from '@/components/rating-input';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { type MessageKey, translateRefusal, useT } from '@/lib/i18n';
import type { MachineChoice } from '@/lib/machine-choices';
import { createReview } from '../api/reviews';
import type { ReviewErrors, ReviewField } from '../lib/review-validation';

const FIELD_ORDER: readonly ReviewField[] = ['rating', 'itemId', 'text', 'name', 'position', 'company'];

// zod and the schema stay out of the landing page's entry: they load when the visitor starts typing.
const loadValidation = () => import('../lib/review-validation');

/** What went wrong: the server's own words, or a message of the page's language. */
type Problem = { text: string } | { key: MessageKey };

/** What went wrong, in words for the visitor: the server's own message (too many reviews, say) when it sent one. */
function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { key: 'reviewForm.networkError' };
  return error.serverMessage === null ? { key: 'reviewForm.failed' } : { text: error.serverMessage };
}

async function serverFieldErrors(error: unknown): Promise<ReviewErrors> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  try {
    const body = JSON.parse(error.body) as { issues?: { path: PropertyKey[]; message: string }[] };
    return (await loadValidation()).errorsByField(body.issues ?? []);
  } catch {
    return {};
  }
}

/**
 * The visitor's review (decision 023), stored as pending until staff approve it. A real form (POST
 * to `/review`, answered by the server) until the app runs; then checked with the shared schema
 * and sent as JSON. What the visitor typed stays in the form whenever it is not sent.
 * `machines`: what the visitor may say the review is about (decision 051); none, no choice.
 */
export function ReviewForm({ machines = [] }: { machines?: readonly MachineChoice[] }) {
  const [errors, setErrors] = useState<ReviewErrors>({});
  const translator = useT();
  const { t } = translator;
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  // A second click before React re-renders the disabled button must not send twice.
  const inFlight = useRef(false);
  const id = useId();
  const fieldId = (field: ReviewField) => `${id}-${field}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form).entries());
    setSending(true);
    setProblem(null);
    try {
      const checked = (await loadValidation()).validateReview(values);
      if ('errors' in checked) {
        setErrors(checked.errors);
        focusFirstInvalid(form, checked.errors);
        return;
      }
      setErrors({});
      await createReview(checked.data);
      setSent(true);
      requestAnimationFrame(() => thanksRef.current?.focus());
    } catch (error) {
      const fieldErrors = await serverFieldErrors(error);
      setErrors(fieldErrors);
      setProblem(Object.keys(fieldErrors).length > 0 ? null : problemOf(error));
      focusFirstInvalid(form, fieldErrors);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  function focusFirstInvalid(form: HTMLFormElement, found: ReviewErrors) {
    const first = FIELD_ORDER.find((field) => found[field]);
    if (!first) return;
    const target =
      first === 'rating'
        ? form.querySelector<HTMLInputElement>('input[name="rating"]')
        : form.elements.namedItem(first);
    if (target instanceof HTMLElement) target.focus();
  }

  const a11y = (field: ReviewField) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${fieldId(field)}-error` : undefined,
  });

  if (sent) {
    return (
      <div role="status" className="rounded-lg border bg-card p-6 shadow-sm">
        <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
        <h3 ref={thanksRef} tabIndex={-1} className="mt-3 text-xl font-semibold focus:outline-none">
          {t('reviewForm.thanksTitle')}
        </h3>
        <p className="mt-2 text-muted-foreground">{t('reviewForm.thanksText')}</p>
      </div>
    );
  }

  return (
    <form
      method="post"
      action={paths.reviewForm}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadValidation().catch(() => undefined)}
      className="rounded-lg border bg-card p-6 shadow-sm"
    >
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        {t('reviewForm.title')}
      </h3>
      <RatingInput
        name="rating"
        legend={t('reviewForm.rating')}
        error={translateRefusal(translator, errors.rating)}
        errorId={`${fieldId('rating')}-error`}
        className="mt-5"
      />
      <div className="mt-5 grid gap-4">
        {machines.length > 0 && (
          <Field
            id={fieldId('itemId')}
            label={t('reviewForm.itemLabel')}
            error={translateRefusal(translator, errors.itemId)}
          >
            <select id={fieldId('itemId')} name="itemId" defaultValue="" className="ui-field h-10" {...a11y('itemId')}>
              <option value="">{t('reviewForm.itemNone')}</option>
              {machines.map((machine) => (
                <option key={machine.id} value={machine.id}>
                  {reviewMachineLabel(machine)}
                </option>
              ))}
            </select>
          </Field>
        )}
        <Field id={fieldId('text')} label={t('reviewForm.text')} error={translateRefusal(translator, errors.text)}>
          <Textarea
            id={fieldId('text')}
            name="text"
            rows={4}
            maxLength={REVIEW_TEXT_MAX}
            placeholder={t('reviewForm.textPlaceholder')}
            {...a11y('text')}
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={fieldId('name')} label={t('reviewForm.name')} error={translateRefusal(translator, errors.name)}>
            <Input id={fieldId('name')} name="name" autoComplete="name" {...a11y('name')} />
          </Field>
          <Field
            id={fieldId('position')}
            label={t('reviewForm.position')}
            error={translateRefusal(translator, errors.position)}
          >
            <Input id={fieldId('position')} name="position" autoComplete="organization-title" {...a11y('position')} />
          </Field>
        </div>
        <Field
          id={fieldId('company')}
          label={t('reviewForm.company')}
          error={translateRefusal(translator, errors.company)}
        >
          <Input id={fieldId('company')} name="company" autoComplete="organization" {...a11y('company')} />
        </Field>
      </div>
      {problem && (
        <p
          role="alert"
          className="mt-5 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {'key' in problem ? t(problem.key) : problem.text}
        </p>
      )}
      {/* The form posted without JavaScript says it too: its action is the same for every language. */}
      <input type="hidden" name="locale" value={translator.locale} />
      <Button type="submit" disabled={sending} className="mt-6 w-full sm:w-auto">
        {t(sending ? 'reviewForm.sending' : 'reviewForm.submit')}
      </Button>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
