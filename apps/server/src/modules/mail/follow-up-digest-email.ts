import type { Locale } from '@capstan/shared';
import { serverTranslator } from '../../i18n/server-translator';
import { emailPage, escapeHtml, indianDay, oneLine } from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';

export const FOLLOW_UP_DIGEST = 'inquiry.follow-up-digest';

export interface DueInquiry {
  reference: string;
  buyer: string;
  product: string | null;
  /** YYYY-MM-DD, an Indian calendar day. */
  followUpOn: string;
  /** Absolute link to it in the back office. */
  adminUrl: string;
}

/** To one salesperson in the morning, in their language: their inquiries to follow up today or overdue, oldest first. */
export function followUpDigest(input: {
  recipient: string;
  locale: Locale;
  today: string;
  due: readonly DueInquiry[];
}): NewOutboxMessage {
  const { locale } = input;
  const { t } = serverTranslator(locale);
  const overdue = input.due.filter((inquiry) => inquiry.followUpOn < input.today).length;
  const count = input.due.length;
  const summary =
    overdue > 0 ? t('email.digestSummaryOverdue', { count, overdue }) : t('email.digestSummary', { count });
  const line = (inquiry: DueInquiry) =>
    `${inquiry.reference} — ${oneLine(inquiry.buyer)}${inquiry.product ? `, ${oneLine(inquiry.product)}` : ''} — ` +
    (inquiry.followUpOn < input.today
      ? t('email.digestOverdueSince', { day: indianDay(inquiry.followUpOn, locale) })
      : t('email.digestToday'));
  const text = [`${summary}:`, '', ...input.due.map((inquiry) => `${line(inquiry)}\n  ${inquiry.adminUrl}`)].join('\n');
  const items = input.due
    .map((inquiry) => `<li><a href="${escapeHtml(inquiry.adminUrl)}">${escapeHtml(line(inquiry))}</a></li>`)
    .join('');
  return {
    kind: FOLLOW_UP_DIGEST,
    inquiryId: null,
    recipients: [input.recipient],
    replyTo: null,
    subject: t('email.digestSubject', { day: indianDay(input.today, locale), summary }),
    text,
    html: emailPage(`<p>${escapeHtml(summary)}:</p><ul>${items}</ul>`, locale),
  };
}
