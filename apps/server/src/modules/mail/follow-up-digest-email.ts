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

/** To one salesperson in the morning: their inquiries to follow up today or overdue, oldest first. */
export function followUpDigest(input: {
  recipient: string;
  today: string;
  due: readonly DueInquiry[];
}): NewOutboxMessage {
  const overdue = input.due.filter((inquiry) => inquiry.followUpOn < input.today).length;
  const count = input.due.length;
  const summary =
    `${count} ${count === 1 ? 'inquiry' : 'inquiries'} to follow up today` +
    (overdue > 0 ? ` (${overdue} overdue)` : '');
  const line = (inquiry: DueInquiry) =>
    `${inquiry.reference} — ${oneLine(inquiry.buyer)}${inquiry.product ? `, ${oneLine(inquiry.product)}` : ''} — ` +
    (inquiry.followUpOn < input.today ? `overdue since ${indianDay(inquiry.followUpOn)}` : 'today');
  const text = [`${summary}:`, '', ...input.due.map((inquiry) => `${line(inquiry)}\n  ${inquiry.adminUrl}`)].join('\n');
  const items = input.due
    .map((inquiry) => `<li><a href="${escapeHtml(inquiry.adminUrl)}">${escapeHtml(line(inquiry))}</a></li>`)
    .join('');
  return {
    kind: FOLLOW_UP_DIGEST,
    inquiryId: null,
    recipients: [input.recipient],
    replyTo: null,
    subject: `Follow-ups for ${indianDay(input.today)}: ${summary}`,
    text,
    html: emailPage(`<p>${escapeHtml(summary)}:</p><ul>${items}</ul>`),
  };
}
