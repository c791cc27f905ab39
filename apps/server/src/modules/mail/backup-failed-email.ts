import { emailLink, emailPage, escapeHtml, received } from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';

export const BACKUP_FAILED = 'backup.failed';

/** To the owners when a backup fails: what failed, why, and where to look (decision 068). */
export function backupFailedEmail(input: {
  recipients: readonly string[];
  startedAt: Date;
  trigger: 'scheduled' | 'manual';
  error: string;
  adminUrl: string;
}): NewOutboxMessage {
  const when = received.format(input.startedAt);
  const what = input.trigger === 'scheduled' ? 'The daily backup' : 'A backup started by hand';
  const text = [
    `${what} of ${when} failed: nothing was saved.`,
    '',
    `Reason: ${input.error}`,
    '',
    `See the backups and start one again: ${input.adminUrl}`,
  ].join('\n');
  return {
    kind: BACKUP_FAILED,
    inquiryId: null,
    recipients: [...input.recipients],
    replyTo: null,
    subject: `Backup failed: ${when}`,
    text,
    html: emailPage(
      `<p>${escapeHtml(what)} of ${escapeHtml(when)} failed: nothing was saved.</p>` +
        `<p>Reason: ${escapeHtml(input.error)}</p>` +
        `<p>${emailLink(input.adminUrl, 'See the backups and start one again')}</p>`,
    ),
  };
}
