import { useId, useState, type FormEvent } from 'react';
import {
  AVAILABILITY_LABELS,
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
  formatItemTerms,
  type ItemTermsDefaults,
  itemTermsDefaultsInputSchema,
  LEAD_TIME_MAX_WEEKS,
  type TermsKind,
  WARRANTY_MAX_MONTHS,
} from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { WholeNumberField } from '@/components/whole-number-field';
import { toast } from '@/hooks/use-toast';
import { errorReason } from '@/lib/api-client';
import { useItemTerms, useSaveItemTerms } from '@/lib/item-terms';

/** The screen's texts, in one place. */
export const ITEM_TERMS_TEXT = {
  title: 'Delivery and warranty',
  intro:
    'What a machine or spare part is sold on unless its own form says otherwise. The product pages, their search-engine data and the chat all say these.',
  kinds: { machine: 'Machines', spare: 'Spare parts' } satisfies Record<TermsKind, string>,
  availability: 'Availability',
  from: 'Lead time from (weeks)',
  to: 'to (weeks)',
  warranty: 'Warranty in months (0: none)',
  shows: 'Shows as:',
  save: 'Save defaults',
  saved: 'Delivery and warranty defaults saved',
  failed: 'The defaults were not saved',
  loadFailed: 'The delivery and warranty defaults could not be loaded. Please reload the page.',
} as const;

interface KindValues {
  availability: AvailabilityStatus;
  from: string;
  to: string;
  warranty: string;
}

const toValues = (terms: ItemTermsDefaults[TermsKind]): KindValues => ({
  availability: terms.availability,
  from: terms.leadTimeWeeks ? String(terms.leadTimeWeeks.min) : '',
  to: terms.leadTimeWeeks ? String(terms.leadTimeWeeks.max) : '',
  warranty: String(terms.warrantyMonths),
});

const toPayload = (values: KindValues) => ({
  availability: values.availability,
  leadTimeWeeks: values.availability === 'made_to_order' ? { min: values.from.trim(), max: values.to.trim() } : null,
  warrantyMonths: values.warranty.trim(),
});

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

/** Catalogue → Delivery and warranty (decision 051): each kind's default terms. */
export function ItemTermsScreen() {
  const terms = useItemTerms();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{ITEM_TERMS_TEXT.title}</h1>
        <p className="text-muted-foreground">{ITEM_TERMS_TEXT.intro}</p>
      </div>
      {terms.isError ? (
        <p role="alert" className="text-destructive">
          {ITEM_TERMS_TEXT.loadFailed}
        </p>
      ) : terms.data ? (
        <ItemTermsForm key={terms.data.updatedAt} terms={terms.data} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> Loading...
        </p>
      )}
    </div>
  );
}

function ItemTermsForm({ terms }: { terms: ItemTermsDefaults }) {
  const save = useSaveItemTerms();
  const [values, setValues] = useState<Record<TermsKind, KindValues>>({
    machine: toValues(terms.machine),
    spare: toValues(terms.spare),
  });
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One schema: the route validates the same payload.
    const checked = itemTermsDefaultsInputSchema.safeParse({
      machine: toPayload(values.machine),
      spare: toPayload(values.spare),
      updatedAt: terms.updatedAt,
    });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const kind = issue?.path[0] === 'spare' ? ITEM_TERMS_TEXT.kinds.spare : ITEM_TERMS_TEXT.kinds.machine;
      setProblem(`${kind}: ${issue?.message ?? 'Please check the form.'}`);
      return;
    }
    setProblem(null);
    save.mutate(checked.data, {
      onSuccess: () => toast({ title: ITEM_TERMS_TEXT.saved }),
      onError: (error) => {
        const reason = errorReason(error, 'Network error.');
        setProblem(reason);
        toast({ variant: 'destructive', title: ITEM_TERMS_TEXT.failed, description: reason });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
      {problem ? (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {(['machine', 'spare'] as const).map((kind) => (
          <KindFieldset
            key={kind}
            kind={kind}
            values={values[kind]}
            onChange={(next) => setValues((current) => ({ ...current, [kind]: next }))}
          />
        ))}
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : ITEM_TERMS_TEXT.save}
        </Button>
      </div>
    </form>
  );
}

function KindFieldset({
  kind,
  values,
  onChange,
}: {
  kind: TermsKind;
  values: KindValues;
  onChange: (next: KindValues) => void;
}) {
  const id = useId();
  const set = (patch: Partial<KindValues>) => onChange({ ...values, ...patch });
  const preview = itemTermsDefaultsInputSchema.shape[kind].safeParse(toPayload(values));
  return (
    <Card className="p-4 sm:p-5">
      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">{ITEM_TERMS_TEXT.kinds[kind]}</legend>
        <div className="space-y-2">
          <Label htmlFor={`${id}-availability`}>{ITEM_TERMS_TEXT.availability}</Label>
          <select
            id={`${id}-availability`}
            className={selectClass}
            value={values.availability}
            onChange={(e) => set({ availability: e.target.value as AvailabilityStatus })}
          >
            {AVAILABILITY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {AVAILABILITY_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        {values.availability === 'made_to_order' ? (
          <div className="grid grid-cols-2 gap-3">
            <WholeNumberField
              id={`${id}-from`}
              label={ITEM_TERMS_TEXT.from}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              value={values.from}
              onChange={(from) => set({ from })}
            />
            <WholeNumberField
              id={`${id}-to`}
              label={ITEM_TERMS_TEXT.to}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              value={values.to}
              onChange={(to) => set({ to })}
            />
          </div>
        ) : null}
        <WholeNumberField
          id={`${id}-warranty`}
          label={ITEM_TERMS_TEXT.warranty}
          min={0}
          max={WARRANTY_MAX_MONTHS}
          value={values.warranty}
          onChange={(warranty) => set({ warranty })}
        />
        {preview.success ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {ITEM_TERMS_TEXT.shows} <span className="font-medium text-foreground">{formatItemTerms(preview.data)}</span>
          </p>
        ) : null}
      </fieldset>
    </Card>
  );
}
