import { RotateCw } from 'lucide-react';
import type { OutboxMessage } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { ApiError } from '@/lib/api-client';
import { type AdminMessageKey, useAdminT } from '@/lib/i18n/admin';
import { useAdminRefusal } from '@/lib/i18n/admin-validation';
import { useResendMessage } from '../api/resend-message';

// Staff are in India: show Indian time whatever the browser's zone.
const INDIAN_TIME = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' } as const;

/** What each kind of email is; a kind without a label shows as it is stored. */
export const KIND_LABELS: Record<string, AdminMessageKey> = {
  'inquiry.staff': 'adminOutbox.kindStaff',
  'inquiry.acknowledgement': 'adminOutbox.kindAcknowledgement',
};

const STATUS_LABELS: Record<OutboxMessage['status'], AdminMessageKey> = {
  pending: 'adminOutbox.statusPending',
  sending: 'adminOutbox.statusSending',
  sent: 'adminOutbox.statusSent',
  failed: 'adminOutbox.statusFailed',
};

function StatusBadge({ status }: { status: OutboxMessage['status'] }) {
  const { t } = useAdminT();
  const variant = status === 'failed' ? 'destructive' : status === 'sent' ? 'secondary' : 'outline';
  return <Badge variant={variant}>{t(STATUS_LABELS[status])}</Badge>;
}

/** The emails, newest first: what each is, to whom, its state and why it failed; failed or sent ones can go again. */
export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  const { t, intl } = useAdminT();
  const refusal = useAdminRefusal();
  const when = (iso: string | null) => (iso ? intl.formatDate(new Date(iso), INDIAN_TIME) : '');
  const kindLabel = (kind: string) => {
    const key = KIND_LABELS[kind];
    return key ? t(key) : undefined;
  };
  const resend = useResendMessage({
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: t('adminOutbox.resendFailed'),
        description:
          error instanceof ApiError && error.serverMessage ? refusal(error.serverMessage) : t('adminOutbox.tryAgain'),
      }),
  });
  if (messages.length === 0) return <p className="text-sm text-muted-foreground">{t('adminOutbox.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label={t('adminOutbox.listLabel')}>
      {messages.map((message) => {
        const recipients = message.recipients.join(', ');
        return (
          <li key={message.id} className="flex flex-col gap-2 rounded-lg border bg-background p-4 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={message.status} />
              <span className="font-medium">{kindLabel(message.kind) ?? message.kind}</span>
              <span className="text-muted-foreground">{t('adminOutbox.to', { recipients })}</span>
            </div>
            <p className="break-words">{message.subject}</p>
            <p className="text-xs text-muted-foreground">
              {t('adminOutbox.queued', { time: when(message.createdAt) })}
              {message.sentAt ? ` · ${t('adminOutbox.sentAt', { time: when(message.sentAt) })}` : ''}
              {message.status === 'pending' && message.attempts > 0
                ? ` · ${t('adminOutbox.attempts', { count: message.attempts, time: when(message.nextAttemptAt) })}`
                : ''}
            </p>
            {message.lastError && message.status !== 'sent' ? (
              <p className="rounded-md bg-destructive/10 p-2 break-words text-destructive">
                {t('adminOutbox.reason', { error: message.lastError })}
              </p>
            ) : null}
            {message.status === 'failed' || message.status === 'sent' ? (
              <Button
                variant="outline"
                size="sm"
                className="self-start"
                disabled={resend.isPending && resend.variables === message.id}
                onClick={() => resend.mutate(message.id)}
              >
                <RotateCw aria-hidden="true" /> {t('adminOutbox.resend')}
                <span className="sr-only">
                  {' '}
                  {t('adminOutbox.resendWhat', {
                    kind: kindLabel(message.kind) ?? t('adminOutbox.email'),
                    recipients,
                  })}
                </span>
              </Button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
