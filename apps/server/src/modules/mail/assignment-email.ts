import type { Inquiry, Locale } from '@capstan/shared';
import { serverTranslator } from '../../i18n/server-translator';
import {
  emailLink,
  type EmailField,
  emailPage,
  escapeHtml,
  fieldLines,
  fieldTable,
  indianDay,
  inquiryFields,
  oneLine,
} from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';

export const ASSIGNMENT_NOTICE = 'inquiry.assigned';

export interface AssignmentNoticeInput {
  /** The inquiry as it is after the assignment (its assignee is the colleague told). */
  inquiry: Inquiry & { assignee: { id: string; email: string } };
  /** Who assigned it: named in the email, and where a reply goes. */
  assignedBy: { email: string };
  /** Absolute link to the inquiry in the back office. */
  adminUrl: string;
  /** The assignee's back-office language (users.locale). */
  locale: Locale;
}

/**
 * To the colleague an inquiry was just assigned to: the buyer, what they asked and where to
 * answer it, so they can call back from the email alone. A reply goes to whoever assigned it (the
 * buyer's address is in the email, to write to them on purpose, not by answering this).
 */
export function assignmentNotice({ inquiry, assignedBy, adminUrl, locale }: AssignmentNoticeInput): NewOutboxMessage {
  const translator = serverTranslator(locale);
  const { t } = translator;
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  const fields: EmailField[] = [
    ...inquiryFields(inquiry, translator, 'email.fieldBuyer'),
    ...(inquiry.followUpOn
      ? [
          {
            field: 'followUpOn' as const,
            label: t('email.fieldFollowUpOn'),
            value: indianDay(inquiry.followUpOn, locale),
          },
        ]
      : []),
  ];
  const intro = t('email.assignedIntro', { assigner: oneLine(assignedBy.email), reference: inquiry.reference });
  const text = [
    intro,
    '',
    ...fieldLines(fields),
    '',
    `${t('email.message')}:`,
    inquiry.message,
    '',
    t('email.openInBackOffice', { url: adminUrl }),
  ].join('\n');
  const html = emailPage(
    `<p>${escapeHtml(intro)}</p>${fieldTable(fields)}` +
      `<p><strong>${escapeHtml(t('email.message'))}</strong></p><p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>` +
      `<p>${emailLink(adminUrl, t('email.openInBackOfficeLink'))}</p>`,
    locale,
  );
  const subject = inquiry.product
    ? t('email.assignedSubjectProduct', { reference: inquiry.reference, name, product: inquiry.product })
    : t('email.assignedSubject', { reference: inquiry.reference, name });
  return {
    kind: ASSIGNMENT_NOTICE,
    inquiryId: inquiry.id,
    recipients: [inquiry.assignee.email],
    replyTo: assignedBy.email,
    subject: oneLine(subject),
    text,
    html,
  };
}
