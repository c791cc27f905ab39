import { type FormEvent, useId, useState } from 'react';
import {
  INQUIRY_NOTE_MAX,
  type Inquiry,
  type InquiryAssignee,
  inquiryNoteInputSchema,
  type InquiryUpdate,
} from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useMe } from '@/hooks/use-can';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type AdminMessageKey, type AdminTranslator, useAdminT } from '@/lib/i18n/admin';
import { translateAdminRefusal } from '@/lib/i18n/admin-validation';
import { useAddInquiryNote, useUpdateInquiry } from '../api/update-inquiry';

export const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50';

const UNASSIGNED = '';

// The works and its staff are in India: show Indian time whatever the browser's zone.
export const INDIAN_TIME = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;

function failed(translator: AdminTranslator, title: AdminMessageKey, error: unknown) {
  toast({
    variant: 'destructive',
    title: translator.t(title),
    description:
      error instanceof ApiError && error.serverMessage
        ? translateAdminRefusal(translator, error.serverMessage)
        : translator.t('adminInquiries.tryAgain'),
  });
}

/** Who looks after the inquiry and when to follow it up; each change is saved at once. */
export function InquiryFollowUp({
  inquiry,
  name,
  assignees,
}: {
  inquiry: Inquiry;
  name: string;
  assignees: InquiryAssignee[];
}) {
  const assigneeId = useId();
  const followUpId = useId();
  const update = useUpdateInquiry();
  const myId = useMe().data?.user.id;
  const translator = useAdminT();
  const { t } = translator;
  /** `failure`: the toast's title when the change could not be saved. */
  const save = (change: InquiryUpdate, failure: AdminMessageKey) => {
    const before = inquiry.assignee?.id ?? null;
    update.mutate(
      { id: inquiry.id, update: change },
      {
        onError: (error) => failed(translator, failure, error),
        onSuccess: (saved) => {
          // The server emails a colleague who was given the inquiry, never whoever took it themselves
          // (decision 050): the screen says so.
          const given = saved.assignee;
          if (change.assigneeId && given && given.id !== before && given.id !== myId) {
            toast({
              title: t('adminInquiries.assignedTitle', { email: given.email }),
              description: t('adminInquiries.assignedDescription'),
            });
          }
        },
      },
    );
  };
  // A disabled account still shows on the inquiries it had; it is just not offered for new ones.
  const options =
    inquiry.assignee && !assignees.some((a) => a.id === inquiry.assignee?.id)
      ? [...assignees, inquiry.assignee]
      : assignees;

  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={assigneeId}>{t('adminInquiries.assignedTo')}</Label>
        <select
          id={assigneeId}
          aria-label={t('adminInquiries.assignedToFor', { name })}
          className={selectClass}
          value={inquiry.assignee?.id ?? UNASSIGNED}
          disabled={update.isPending}
          onChange={(e) =>
            save(
              { assigneeId: e.target.value === UNASSIGNED ? null : e.target.value },
              'adminInquiries.saveAssigneeFailed',
            )
          }
        >
          <option value={UNASSIGNED}>{t('adminInquiries.nobody')}</option>
          {options.map((a) => (
            <option key={a.id} value={a.id}>
              {a.email}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={followUpId}>{t('adminInquiries.followUpOn')}</Label>
        <Input
          id={followUpId}
          type="date"
          aria-label={t('adminInquiries.followUpOnFor', { name })}
          value={inquiry.followUpOn ?? ''}
          disabled={update.isPending}
          onChange={(e) => {
            // The browser reports '' while a date is half typed: only a whole date or a cleared field is saved.
            const value = e.target.value;
            if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) {
              save({ followUpOn: value === '' ? null : value }, 'adminInquiries.saveFollowUpFailed');
            }
          }}
        />
      </div>
    </div>
  );
}

/** Staff notes, newest first, and a form to add one (same schema as the server's). */
export function InquiryNotes({ inquiry, name }: { inquiry: Inquiry; name: string }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();
  const add = useAddInquiryNote();
  const translator = useAdminT();
  const { t, intl } = translator;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inquiryNoteInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('adminInquiries.writeNote'));
      return;
    }
    setError(null);
    add.mutate(
      { id: inquiry.id, note: parsed.data },
      { onSuccess: () => setText(''), onError: (e) => failed(translator, 'adminInquiries.addNoteFailed', e) },
    );
  };

  return (
    <section className="flex flex-col gap-3 text-sm" aria-label={t('adminInquiries.notesOn', { name })}>
      <h3 className="font-medium">{t('adminInquiries.notes')}</h3>
      {inquiry.notes.length === 0 ? (
        <p className="text-muted-foreground">{t('adminInquiries.noNotes')}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {inquiry.notes.map((note) => (
            <li key={note.id} className="rounded-md border p-3">
              <p className="break-words whitespace-pre-wrap">{note.text}</p>
              <p className="mt-1 text-xs break-all text-muted-foreground">
                {note.author} ·{' '}
                <time dateTime={note.createdAt}>{intl.formatDate(new Date(note.createdAt), INDIAN_TIME)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
        <Label htmlFor={noteId}>{t('adminInquiries.addANote')}</Label>
        <Textarea
          id={noteId}
          value={text}
          maxLength={INQUIRY_NOTE_MAX}
          rows={2}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {error ? (
          <p id={errorId} className="text-destructive">
            {translateAdminRefusal(translator, error)}
          </p>
        ) : null}
        <Button type="submit" variant="outline" className="self-start" disabled={add.isPending}>
          {add.isPending ? t('adminInquiries.adding') : t('adminInquiries.addNote')}
        </Button>
      </form>
    </section>
  );
}
