import type { Kysely } from 'kysely';
import type { Locale } from '@capstan/shared';
import type { Database } from '../../db/schema';
import { serverTranslator } from '../../i18n/server-translator';
import { emailLink, emailPage, escapeHtml, indianTime } from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';
import { enqueueInReadersLanguages } from './readers-languages';

export const BACKUP_FAILED = 'backup.failed';

export interface BackupFailure {
  recipients: readonly string[];
  startedAt: Date;
  trigger: 'scheduled' | 'manual';
  error: string;
  adminUrl: string;
}

/**
 * To the owners when a backup fails: what failed, why, and where to look (decision 068), in
 * `locale` (English unless told: `enqueueBackupFailedEmails` sends each owner theirs).
 */
export function backupFailedEmail(input: BackupFailure & { locale?: Locale }): NewOutboxMessage {
  const locale = input.locale ?? 'en';
  const { t } = serverTranslator(locale);
  const when = indianTime(input.startedAt, locale);
  const failed = t('email.backupFailed', { trigger: input.trigger, when });
  const text = [
    failed,
    '',
    t('email.backupReason', { error: input.error }),
    '',
    t('email.backupSeeAgain', { url: input.adminUrl }),
  ].join('\n');
  return {
    kind: BACKUP_FAILED,
    inquiryId: null,
    recipients: [...input.recipients],
    replyTo: null,
    subject: t('email.backupSubject', { when }),
    text,
    html: emailPage(
      `<p>${escapeHtml(failed)}</p>` +
        `<p>${escapeHtml(t('email.backupReason', { error: input.error }))}</p>` +
        `<p>${emailLink(input.adminUrl, t('email.backupSeeAgainLink'))}</p>`,
      locale,
    ),
  };
}

/** The failure email to each owner in their own language: one outbox message per language. */
export function enqueueBackupFailedEmails(db: Kysely<Database>, input: BackupFailure, now: string): Promise<string[]> {
  return enqueueInReadersLanguages(
    db,
    input.recipients,
    ({ locale, recipients }) => backupFailedEmail({ ...input, recipients, locale }),
    now,
  );
}
