import { RotateCw } from 'lucide-react';
import type { OutboxMessage } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { useResendMessage } from '../api/resend-message';

// Staff are in India: show Indian time whatever the browser's zone.
const at = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
const when = (iso: string | null) => (iso ? at.format(new Date(iso)) : '');

export const KIND_LABELS: Record<string, string> = {
  'inquiry.staff': 'Notification to staff',
  'inquiry.acknowledgement': 'Acknowledgement to the buyer',
};

const STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

function StatusBadge({ status }: { status: OutboxMessage['status'] }) {
  const variant = status === 'failed' ? 'destructive' : status === 'sent' ? 'secondary' : 'outline';
  return <Badge variant={variant}>{STATUS_LABELS[status]}</Badge>;
}

/** The emails, newest first: what each is, to whom, its state and why it failed; failed or sent ones can go again. */
export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  const resend = useResendMessage({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Could not resend the email',
        description: error instanceof ApiError && error.serverMessage ? error.serverMessage : 'Please try again.',
      }),
  });
  if (messages.length === 0) return <p className="text-sm text-muted-foreground">No emails yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Emails">
      {messages.map((message) => (
        <li key={message.id} className="flex flex-col gap-2 rounded-lg border bg-background p-4 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={message.status} />
            <span className="font-medium">{KIND_LABELS[message.kind] ?? message.kind}</span>
            <span className="text-muted-foreground">to {message.recipients.join(', ')}</span>
          </div>
          <p className="break-words">{message.subject}</p>
          <p className="text-xs text-muted-foreground">
            Queued {when(message.createdAt)}
            {message.sentAt ? ` · sent ${when(message.sentAt)}` : ''}
            {message.status === 'pending' && message.attempts > 0
              ? ` · ${message.attempts} attempt${message.attempts === 1 ? '' : 's'}, next try ${when(message.nextAttemptAt)}`
              : ''}
          </p>
          {message.lastError && message.status !== 'sent' ? (
            <p className="rounded-md bg-destructive/10 p-2 break-words text-destructive">Reason: {message.lastError}</p>
          ) : null}
          {message.status === 'failed' || message.status === 'sent' ? (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={resend.isPending && resend.variables === message.id}
              onClick={() => resend.mutate(message.id)}
            >
              <RotateCw aria-hidden="true" /> Resend
              <span className="sr-only">
                {' '}
                {KIND_LABELS[message.kind] ?? 'email'} to {message.recipients.join(', ')}
              </span>
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
