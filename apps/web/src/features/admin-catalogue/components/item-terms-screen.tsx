import { useId, useState, type FormEvent } from 'react';
import {
  AVAILABILITY_STATUSES,
  type AvailabilityStatus,
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
import { ADMIN_ENGLISH, type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { termsSentence, useItemTerms, useSaveItemTerms } from '@/lib/item-terms';

/** The screen's texts, in one place (message keys). */
const ITEM_TERMS_KEYS = {
  title: 'adminCatalogue.termsTitle',
  intro: 'adminCatalogue.termsIntro',
  kinds: { machine: 'adminCatalogue.machines', spare: 'adminCatalogue.spareParts' } satisfies Record<
    TermsKind,
    BackOfficeKey
  >,
  availability: 'adminCatalogue.availability',
  from: 'adminCatalogue.leadTimeFrom',
  to: 'adminCatalogue.leadTimeTo',
  warranty: 'adminCatalogue.warrantyMonths',
  shows: 'adminCatalogue.showsAs',
  save: 'adminCatalogue.saveDefaults',
  saved: 'adminCatalogue.termsSaved',
  failed: 'adminCatalogue.termsNotSaved',
  loadFailed: 'adminCatalogue.termsLoadFailed',
} as const satisfies Record<string, BackOfficeKey | Record<TermsKind, BackOfficeKey>>;

const english = ADMIN_ENGLISH.t;

/** The screen's texts in English, as tests find them. */
export const ITEM_TERMS_TEXT = {
  title: english(ITEM_TERMS_KEYS.title),
  intro: english(ITEM_TERMS_KEYS.intro),
  kinds: { machine: english(ITEM_TERMS_KEYS.kinds.machine), spare: english(ITEM_TERMS_KEYS.kinds.spare) },
  availability: english(ITEM_TERMS_KEYS.availability),
  from: english(ITEM_TERMS_KEYS.from),
  to: english(ITEM_TERMS_KEYS.to),
  warranty: english(ITEM_TERMS_KEYS.warranty),
  shows: english(ITEM_TERMS_KEYS.shows),
  save: english(ITEM_TERMS_KEYS.save),
  saved: english(ITEM_TERMS_KEYS.saved),
  failed: english(ITEM_TERMS_KEYS.failed),
  loadFailed: english(ITEM_TERMS_KEYS.loadFailed),
};

/** Each availability as the product pages name it. */
const AVAILABILITY_KEYS: Record<AvailabilityStatus, BackOfficeKey> = {
  in_stock: 'product.inStock',
  made_to_order: 'product.madeToOrder',
};

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
  const { t } = useAdminT();
  const terms = useItemTerms();
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{t(ITEM_TERMS_KEYS.title)}</h1>
        <p className="text-muted-foreground">{t(ITEM_TERMS_KEYS.intro)}</p>
      </div>
      {terms.isError ? (
        <p role="alert" className="text-destructive">
          {t(ITEM_TERMS_KEYS.loadFailed)}
        </p>
      ) : terms.data ? (
        <ItemTermsForm key={terms.data.updatedAt} terms={terms.data} />
      ) : (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner /> {t('ui.loading')}
        </p>
      )}
    </div>
  );
}

function ItemTermsForm({ terms }: { terms: ItemTermsDefaults }) {
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
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
      const kind = t(ITEM_TERMS_KEYS.kinds[issue?.path[0] === 'spare' ? 'spare' : 'machine']);
      setProblem(
        t('adminCatalogue.kindProblem', { kind, problem: refusal(issue?.message) ?? t('adminCatalogue.checkForm') }),
      );
      return;
    }
    setProblem(null);
    save.mutate(checked.data, {
      onSuccess: () => toast({ title: t(ITEM_TERMS_KEYS.saved) }),
      onError: (error) => {
        const reason = refusal(errorReason(error, t('adminCatalogue.networkError')));
        setProblem(reason);
        toast({ variant: 'destructive', title: t(ITEM_TERMS_KEYS.failed), description: reason });
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
          {save.isPending ? t('adminCatalogue.saving') : t(ITEM_TERMS_KEYS.save)}
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
  const { t } = useAdminT();
  const id = useId();
  const set = (patch: Partial<KindValues>) => onChange({ ...values, ...patch });
  const preview = itemTermsDefaultsInputSchema.shape[kind].safeParse(toPayload(values));
  return (
    <Card className="p-4 sm:p-5">
      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">{t(ITEM_TERMS_KEYS.kinds[kind])}</legend>
        <div className="space-y-2">
          <Label htmlFor={`${id}-availability`}>{t(ITEM_TERMS_KEYS.availability)}</Label>
          <select
            id={`${id}-availability`}
            className={selectClass}
            value={values.availability}
            onChange={(e) => set({ availability: e.target.value as AvailabilityStatus })}
          >
            {AVAILABILITY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(AVAILABILITY_KEYS[status])}
              </option>
            ))}
          </select>
        </div>
        {values.availability === 'made_to_order' ? (
          <div className="grid grid-cols-2 gap-3">
            <WholeNumberField
              id={`${id}-from`}
              label={t(ITEM_TERMS_KEYS.from)}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              value={values.from}
              onChange={(from) => set({ from })}
            />
            <WholeNumberField
              id={`${id}-to`}
              label={t(ITEM_TERMS_KEYS.to)}
              min={1}
              max={LEAD_TIME_MAX_WEEKS}
              value={values.to}
              onChange={(to) => set({ to })}
            />
          </div>
        ) : null}
        <WholeNumberField
          id={`${id}-warranty`}
          label={t(ITEM_TERMS_KEYS.warranty)}
          min={0}
          max={WARRANTY_MAX_MONTHS}
          value={values.warranty}
          onChange={(warranty) => set({ warranty })}
        />
        {preview.success ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t(ITEM_TERMS_KEYS.shows)}{' '}
            <span className="font-medium text-foreground">{termsSentence(preview.data, t)}</span>
          </p>
        ) : null}
      </fieldset>
    </Card>
  );
}
