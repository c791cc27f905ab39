import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Check, Pencil, X } from 'lucide-react';
import {
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX,
  type Review,
  reviewMachineLabel,
  type ReviewStatus,
  type ReviewUpdateInput,
  reviewUpdateSchema,
} from '@capstan/shared';
import { QueryState } from '@/components/query-state';
import { RatingInput } from '@/components/rating-input';
import { RatingStars } from '@/components/rating-stars';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type BackOfficeKey, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useMachineChoices } from '@/lib/machine-choices';
import { paths } from '@/config/paths';
import { useAdminReviews, useUpdateReview } from '../api/reviews';

// The works and its staff are in India: show Indian time whatever the browser's zone.
const RECEIVED_AT = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;

const ALL = 'all';
type Filter = ReviewStatus | typeof ALL;
const FILTERS: readonly Filter[] = [ALL, ...REVIEW_STATUSES];
const FILTER_LABELS: Record<Filter, BackOfficeKey> = {
  all: 'adminReviews.filterAll',
  pending: 'adminReviews.filterPending',
  approved: 'adminReviews.filterApproved',
  rejected: 'adminReviews.filterRejected',
};
const STATUS_BADGE: Record<ReviewStatus, { label: BackOfficeKey; className: string }> = {
  pending: { label: 'adminReviews.statusPending', className: 'bg-amber-100 text-amber-900' },
  approved: { label: 'adminReviews.statusApproved', className: 'bg-emerald-100 text-emerald-900' },
  rejected: { label: 'adminReviews.statusRejected', className: 'bg-slate-200 text-slate-700' },
};

const errorMessage = (error: unknown, tryAgain: string) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : tryAgain;

/** Words said to screen readers only. */
const sr = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

/** Site → Reviews (decision 023): visitors' reviews, pending first; approve, correct typos, or reject. */
export function AdminReviews() {
  const [filter, setFilter] = useState<Filter>(ALL);
  const { t, rich, intl } = useAdminT();
  const reviews = useAdminReviews(filter === ALL ? undefined : filter);
  const counts = reviews.data?.counts;
  const list = reviews.data?.reviews ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('adminReviews.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('adminReviews.intro')}</p>
      </div>

      <div role="group" aria-label={t('adminReviews.showReviews')} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <Button
            key={value}
            variant={filter === value ? 'default' : 'outline'}
            size="sm"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {t(FILTER_LABELS[value])}
            {value === 'pending' && counts && counts.pending > 0 ? (
              <Badge variant="destructive" data-testid="pending-reviews-count">
                {rich('adminReviews.pendingCount', { count: intl.formatNumber(counts.pending), sr })}
              </Badge>
            ) : null}
          </Button>
        ))}
      </div>

      <QueryState query={reviews} errorText={t('adminReviews.loadFailed')}>
        {() =>
          list.length === 0 ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">
              {filter === ALL ? t('adminReviews.noReviews') : t('adminReviews.noReviewsOfStatus', { status: filter })}
            </p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label={t('adminReviews.listLabel')}>
              {list.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

function ReviewCard({ review }: { review: Review }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateReview();
  const { t, rich, intl } = useAdminT();
  const refusal = useAdminRefusal();
  const item = review.item;
  const byline = [review.position, review.company].filter(Boolean).join(', ');

  const decide = (status: 'approved' | 'rejected') =>
    update.mutate(
      { id: review.id, update: { status, expectedUpdatedAt: review.updatedAt } },
      {
        onSuccess: () =>
          toast({ title: t(status === 'approved' ? 'adminReviews.approvedToast' : 'adminReviews.rejectedToast') }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('adminReviews.notChanged'),
            description: refusal(errorMessage(error, t('adminReviews.tryAgain'))),
          }),
      },
    );

  const formatReceived = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : intl.formatDate(date, RECEIVED_AT);
  };

  // Everything a visitor typed goes through React text nodes: never rendered as HTML.
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
            {review.name}
            <Badge className={STATUS_BADGE[review.status].className}>{t(STATUS_BADGE[review.status].label)}</Badge>
          </h2>
          {byline ? <p className="text-sm break-words text-muted-foreground">{byline}</p> : null}
          {/* Approved, it counts in this machine's rating (decision 051). */}
          <p className="text-sm break-words">
            {item
              ? rich('adminReviews.aboutItem', {
                  name: item.name,
                  link: (chunks) => (
                    <Link className="font-medium text-primary hover:underline" to={paths.product(item.id)}>
                      {chunks}
                    </Link>
                  ),
                })
              : t('adminReviews.aboutCompany')}
          </p>
          <p className="text-xs text-muted-foreground">
            {rich('adminReviews.received', {
              date: formatReceived(review.createdAt),
              time: (chunks) => <time dateTime={review.createdAt}>{chunks}</time>,
            })}
          </p>
        </div>
        <RatingStars rating={review.rating} className="gap-0.5" starClassName="size-4" />
      </div>

      {editing ? (
        <ReviewEditForm
          review={review}
          saving={update.isPending}
          onCancel={() => setEditing(false)}
          onSave={(changes) =>
            update.mutate(
              { id: review.id, update: { ...changes, expectedUpdatedAt: review.updatedAt } },
              {
                onSuccess: () => {
                  setEditing(false);
                  toast({ title: t('adminReviews.savedToast') });
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: t('adminReviews.notSaved'),
                    description: refusal(errorMessage(error, t('adminReviews.tryAgain'))),
                  }),
              },
            )
          }
        />
      ) : (
        <>
          <p className="rounded-md bg-muted p-3 text-sm break-words whitespace-pre-wrap">{review.text}</p>
          <div className="flex flex-wrap gap-2">
            {review.status !== 'approved' ? (
              <Button
                size="sm"
                disabled={update.isPending}
                onClick={() => decide('approved')}
                aria-label={t('adminReviews.approveLabel', { name: review.name })}
              >
                <Check aria-hidden="true" /> {t('adminReviews.approve')}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => setEditing(true)}
              aria-label={t('adminReviews.editLabel', { name: review.name })}
            >
              <Pencil aria-hidden="true" /> {t('adminReviews.edit')}
            </Button>
            {review.status !== 'rejected' ? (
              <Button
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => decide('rejected')}
                aria-label={t('adminReviews.rejectLabel', { name: review.name })}
              >
                <X aria-hidden="true" /> {t('adminReviews.reject')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}

type EditField = 'rating' | 'text' | 'name' | 'position' | 'company' | 'itemId';
type EditValues = Record<EditField, string>;

function ReviewEditForm({
  review,
  saving,
  onSave,
  onCancel,
}: {
  review: Review;
  saving: boolean;
  onSave: (changes: ReviewUpdateInput) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { t } = useAdminT();
  const refusal = useAdminRefusal();
  const [values, setValues] = useState<EditValues>({
    rating: String(review.rating),
    text: review.text,
    name: review.name,
    position: review.position ?? '',
    company: review.company ?? '',
    itemId: review.item?.id ?? '',
  });
  // The catalogue's machines; the one it is about stays offered while they load, or if it is not among them.
  const machines = useMachineChoices().data ?? [];
  const machineOptions =
    review.item && !machines.some((machine) => machine.id === review.item?.id)
      ? [{ id: review.item.id, label: review.item.name }, ...machines.map(optionOf)]
      : machines.map(optionOf);
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const set = (field: EditField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { itemId, ...fields } = values;
    // Sent only when staff changed it, so a save while the list loads never touches it (decision 011).
    const changes: ReviewUpdateInput = {
      ...fields,
      rating: Number(values.rating),
      ...(itemId !== (review.item?.id ?? '') ? { itemId: itemId === '' ? null : itemId } : {}),
    };
    const parsed = reviewUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      const found: Partial<Record<EditField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as EditField | undefined;
        if (field && !found[field]) found[field] = refusal(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(changes);
  };

  const a11y = (field: EditField) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={t('adminReviews.editLabel', { name: review.name })}
      className="grid gap-4"
    >
      <RatingInput
        name="rating"
        legend={t('adminReviews.rating')}
        defaultValue={review.rating}
        onChange={(value) => set('rating')(String(value))}
        error={errors.rating}
        errorId={`${id}-rating-error`}
      />
      <EditField id={`${id}-itemId`} label={t('adminReviews.machineField')} error={errors.itemId}>
        <select
          {...a11y('itemId')}
          value={values.itemId}
          onChange={(event) => set('itemId')(event.target.value)}
          className="h-10 w-full max-w-md rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <option value="">{t('adminReviews.machineNone')}</option>
          {machineOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </EditField>
      <EditField id={`${id}-text`} label={t('adminReviews.reviewField')} error={errors.text}>
        <Textarea
          {...a11y('text')}
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          value={values.text}
          onChange={(event) => set('text')(event.target.value)}
        />
      </EditField>
      <div className="grid gap-4 sm:grid-cols-3">
        <EditField id={`${id}-name`} label={t('adminReviews.nameField')} error={errors.name}>
          <Input {...a11y('name')} value={values.name} onChange={(event) => set('name')(event.target.value)} />
        </EditField>
        <EditField id={`${id}-position`} label={t('adminReviews.positionField')} error={errors.position}>
          <Input
            {...a11y('position')}
            value={values.position}
            onChange={(event) => set('position')(event.target.value)}
          />
        </EditField>
        <EditField id={`${id}-company`} label={t('adminReviews.companyField')} error={errors.company}>
          <Input {...a11y('company')} value={values.company} onChange={(event) => set('company')(event.target.value)} />
        </EditField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? t('adminReviews.saving') : t('adminReviews.saveChanges')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel} disabled={saving}>
          {t('ui.cancel')}
        </Button>
      </div>
    </form>
  );
}

const optionOf = (machine: { id: string; name: string; code: string | null }) => ({
  id: machine.id,
  label: reviewMachineLabel(machine),
});

function EditField({
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
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
