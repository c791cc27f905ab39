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
import { useMachineChoices } from '@/lib/machine-choices';
import { paths } from '@/config/paths';
import { useAdminReviews, useUpdateReview } from '../api/reviews';

// The works and its staff are in India: show Indian time whatever the browser's zone.
const receivedAt = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
const formatReceived = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : receivedAt.format(date);
};

const ALL = 'all';
type Filter = ReviewStatus | typeof ALL;
const FILTERS: readonly Filter[] = [ALL, ...REVIEW_STATUSES];
const FILTER_LABELS: Record<Filter, string> = {
  all: 'All',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};
const STATUS_BADGE: Record<ReviewStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-amber-100 text-amber-900' },
  approved: { label: 'Approved', className: 'bg-emerald-100 text-emerald-900' },
  rejected: { label: 'Rejected', className: 'bg-slate-200 text-slate-700' },
};

const errorMessage = (error: unknown) =>
  error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.';

/** Site → Reviews (decision 023): visitors' reviews, pending first; approve, correct typos, or reject. */
export function AdminReviews() {
  const [filter, setFilter] = useState<Filter>(ALL);
  const reviews = useAdminReviews(filter === ALL ? undefined : filter);
  const counts = reviews.data?.counts;
  const list = reviews.data?.reviews ?? [];

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reviews</h1>
        <p className="text-sm text-muted-foreground">
          Reviews visitors sent from the home page. An approved review appears there after the testimonials; nothing is
          shown before you approve it.
        </p>
      </div>

      <div role="group" aria-label="Show reviews" className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <Button
            key={value}
            variant={filter === value ? 'default' : 'outline'}
            size="sm"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {FILTER_LABELS[value]}
            {value === 'pending' && counts && counts.pending > 0 ? (
              <Badge variant="destructive" data-testid="pending-reviews-count">
                {counts.pending.toLocaleString('en-IN')}
                <span className="sr-only"> waiting</span>
              </Badge>
            ) : null}
          </Button>
        ))}
      </div>

      <QueryState query={reviews} errorText="Could not load the reviews.">
        {() =>
          list.length === 0 ? (
            <p className="rounded-lg border bg-background p-6 text-muted-foreground">
              {filter === ALL ? 'No reviews yet.' : `No ${FILTER_LABELS[filter].toLowerCase()} reviews.`}
            </p>
          ) : (
            <ul className="flex flex-col gap-4" aria-label="Reviews">
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

export const REVIEW_OF_COMPANY = 'About the company (no machine named)';
const MACHINE_FIELD_LABEL = 'Machine it is about';
const MACHINE_NONE = 'None: about the company';

function ReviewCard({ review }: { review: Review }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateReview();
  const byline = [review.position, review.company].filter(Boolean).join(', ');

  const decide = (status: 'approved' | 'rejected') =>
    update.mutate(
      { id: review.id, update: { status, expectedUpdatedAt: review.updatedAt } },
      {
        onSuccess: () => toast({ title: status === 'approved' ? 'Review approved' : 'Review rejected' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'The review was not changed', description: errorMessage(error) }),
      },
    );

  // Everything a visitor typed goes through React text nodes: never rendered as HTML.
  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold break-words">
            {review.name}
            <Badge className={STATUS_BADGE[review.status].className}>{STATUS_BADGE[review.status].label}</Badge>
          </h2>
          {byline ? <p className="text-sm break-words text-muted-foreground">{byline}</p> : null}
          {/* Approved, it counts in this machine's rating (decision 051). */}
          <p className="text-sm break-words">
            {review.item ? (
              <>
                About{' '}
                <Link className="font-medium text-primary hover:underline" to={paths.product(review.item.id)}>
                  {review.item.name}
                </Link>
              </>
            ) : (
              REVIEW_OF_COMPANY
            )}
          </p>
          <p className="text-xs text-muted-foreground">
            Received <time dateTime={review.createdAt}>{formatReceived(review.createdAt)}</time>
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
                  toast({ title: 'Review saved' });
                },
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: 'The review was not saved',
                    description: errorMessage(error),
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
                aria-label={`Approve the review by ${review.name}`}
              >
                <Check aria-hidden="true" /> Approve
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() => setEditing(true)}
              aria-label={`Edit the review by ${review.name}`}
            >
              <Pencil aria-hidden="true" /> Edit
            </Button>
            {review.status !== 'rejected' ? (
              <Button
                size="sm"
                variant="outline"
                disabled={update.isPending}
                onClick={() => decide('rejected')}
                aria-label={`Reject the review by ${review.name}`}
              >
                <X aria-hidden="true" /> Reject
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
        if (field && !found[field]) found[field] = issue.message;
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
    <form noValidate onSubmit={submit} aria-label={`Edit the review by ${review.name}`} className="grid gap-4">
      <RatingInput
        name="rating"
        legend="Rating"
        defaultValue={review.rating}
        onChange={(value) => set('rating')(String(value))}
        error={errors.rating}
        errorId={`${id}-rating-error`}
      />
      <EditField id={`${id}-itemId`} label={MACHINE_FIELD_LABEL} error={errors.itemId}>
        <select
          {...a11y('itemId')}
          value={values.itemId}
          onChange={(event) => set('itemId')(event.target.value)}
          className="h-10 w-full max-w-md rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <option value="">{MACHINE_NONE}</option>
          {machineOptions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </EditField>
      <EditField id={`${id}-text`} label="Review" error={errors.text}>
        <Textarea
          {...a11y('text')}
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          value={values.text}
          onChange={(event) => set('text')(event.target.value)}
        />
      </EditField>
      <div className="grid gap-4 sm:grid-cols-3">
        <EditField id={`${id}-name`} label="Name" error={errors.name}>
          <Input {...a11y('name')} value={values.name} onChange={(event) => set('name')(event.target.value)} />
        </EditField>
        <EditField id={`${id}-position`} label="Position (optional)" error={errors.position}>
          <Input
            {...a11y('position')}
            value={values.position}
            onChange={(event) => set('position')(event.target.value)}
          />
        </EditField>
        <EditField id={`${id}-company`} label="Company (optional)" error={errors.company}>
          <Input {...a11y('company')} value={values.company} onChange={(event) => set('company')(event.target.value)} />
        </EditField>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving...' : 'Save changes'}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
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
