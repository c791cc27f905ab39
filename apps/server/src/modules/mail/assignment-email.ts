import type { Inquiry } from '@capstan/shared';
import { emailPage, escapeHtml, indianDay, inquiryFields, oneLine } from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';

export const ASSIGNMENT_NOTICE = 'inquiry.assigned';

export interface AssignmentNoticeInput {
  /** The inquiry as it is after the assignment (its assignee is the colleague told). */
  inquiry: Inquiry & { assignee: { id: string; email: string } };
  /** Who assigned it: named in the email, and where a reply goes. */
  assignedBy: { email: string };
  /** Absolute link to the inquiry in the back office. */
  adminUrl: string;
}

/**
 * To the colleague an inquiry was just assigned to: the buyer, what they asked and where to
 * answer it, so they can call back from the email alone. A reply goes to whoever assigned it (the
 * buyer's address is in the email, to write to them on purpose, not by answering this).
 */
export function assignmentNotice({ inquiry, assignedBy, adminUrl }: AssignmentNoticeInput): NewOutboxMessage {
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  const fields: [string, string][] = [
    ...inquiryFields(inquiry, 'Buyer'),
    ...(inquiry.followUpOn ? [['Follow up on', indianDay(inquiry.followUpOn)] as [string, string]] : []),
  ];
  const intro = `${oneLine(assignedBy.email)} assigned inquiry ${inquiry.reference} to you.`;
  const text = [
    intro,
    '',
    ...fields.map(([label, value]) => `${label}: ${oneLine(value)}`),
    '',
    'Message:',
    inquiry.message,
    '',
    `Open it in the back office: ${adminUrl}`,
  ].join('\n');
  const rows = fields
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const html = emailPage(
    `<p>${escapeHtml(intro)}</p><table>${rows}</table>` +
      `<p><strong>Message</strong></p><p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>` +
      `<p><a href="${escapeHtml(adminUrl)}">Open the inquiry in the back office</a></p>`,
  );
  return {
    kind: ASSIGNMENT_NOTICE,
    inquiryId: inquiry.id,
    recipients: [inquiry.assignee.email],
    replyTo: assignedBy.email,
    subject: oneLine(
      `Assigned to you: inquiry ${inquiry.reference} from ${name}${inquiry.product ? ` — ${inquiry.product}` : ''}`,
    ),
    text,
    html,
  };
}
