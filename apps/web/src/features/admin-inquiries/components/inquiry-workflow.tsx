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
import { useAddInquiryNote, useUpdateInquiry } from '../api/update-inquiry';

export const selectClass =
  'h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-50';

const UNASSIGNED = '';

/** Said when an inquiry goes to a colleague: the server emails them at once (decision 050). */
export const ASSIGNED_TEXTS = {
  title: (email: string) => `Assigned to ${email}`,
  description: 'An email with this inquiry is on its way to them.',
};

function failed(title: string, error: unknown) {
  toast({
    variant: 'destructive',
    title,
    description: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.',
  });
}

const noteTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

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
  const save = (change: InquiryUpdate, what: string) => {
    const before = inquiry.assignee?.id ?? null;
    update.mutate(
      { id: inquiry.id, update: change },
      {
        onError: (error) => failed(`Could not save the ${what}`, error),
        onSuccess: (saved) => {
          // The server emails a colleague who was given the inquiry, never whoever took it themselves.
          const given = saved.assignee;
          if (change.assigneeId && given && given.id !== before && given.id !== myId) {
            toast({ title: ASSIGNED_TEXTS.title(given.email), description: ASSIGNED_TEXTS.description });
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
        <Label htmlFor={assigneeId}>Assigned to</Label>
        <select
          id={assigneeId}
          aria-label={`Assigned to for ${name}`}
          className={selectClass}
          value={inquiry.assignee?.id ?? UNASSIGNED}
          disabled={update.isPending}
          onChange={(e) => save({ assigneeId: e.target.value === UNASSIGNED ? null : e.target.value }, 'assignee')}
        >
          <option value={UNASSIGNED}>Nobody</option>
          {options.map((a) => (
            <option key={a.id} value={a.id}>
              {a.email}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <Label htmlFor={followUpId}>Follow up on</Label>
        <Input
          id={followUpId}
          type="date"
          aria-label={`Follow up on for ${name}`}
          value={inquiry.followUpOn ?? ''}
          disabled={update.isPending}
          onChange={(e) => {
            // The browser reports '' while a date is half typed: only a whole date or a cleared field is saved.
            const value = e.target.value;
            if (value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value)) {
              save({ followUpOn: value === '' ? null : value }, 'follow-up date');
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inquiryNoteInputSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Write a note');
      return;
    }
    setError(null);
    add.mutate(
      { id: inquiry.id, note: parsed.data },
      { onSuccess: () => setText(''), onError: (e) => failed('Could not add the note', e) },
    );
  };

  return (
    <section className="flex flex-col gap-3 text-sm" aria-label={`Notes on ${name}`}>
      <h3 className="font-medium">Notes</h3>
      {inquiry.notes.length === 0 ? (
        <p className="text-muted-foreground">No notes yet.</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {inquiry.notes.map((note) => (
            <li key={note.id} className="rounded-md border p-3">
              <p className="break-words whitespace-pre-wrap">{note.text}</p>
              <p className="mt-1 text-xs break-all text-muted-foreground">
                {note.author} · <time dateTime={note.createdAt}>{noteTime.format(new Date(note.createdAt))}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      <form className="flex flex-col gap-2" onSubmit={submit} noValidate>
        <Label htmlFor={noteId}>Add a note</Label>
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
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="outline" className="self-start" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add note'}
        </Button>
      </form>
    </section>
  );
}
