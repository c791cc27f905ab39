import { formatOpeningHours, type Inquiry, type PublicCompanySettings, telOf } from '@capstan/shared';
import { emailLink as link, emailPage as page, escapeHtml, inquiryFields, oneLine } from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';

export const STAFF_NOTIFICATION = 'inquiry.staff';
export const ACKNOWLEDGEMENT = 'inquiry.acknowledgement';

export interface StaffNotificationInput {
  inquiry: Inquiry;
  recipients: string[];
  /** Absolute link to the product page (or a catalogue search for it) when the inquiry names one. */
  productUrl: string | null;
  /** Absolute link to the inquiry in the back office. */
  adminUrl: string;
}

/** To staff: every field, the product with a link, and where to answer it in the back office. */
export function staffNotification({
  inquiry,
  recipients,
  productUrl,
  adminUrl,
}: StaffNotificationInput): NewOutboxMessage {
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  const fields = inquiryFields(inquiry, 'Name');
  const text = [
    `New inquiry ${inquiry.reference} from the website.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${oneLine(value)}`),
    ...(productUrl ? [`Product page: ${productUrl}`] : []),
    '',
    'Message:',
    inquiry.message,
    '',
    `Open it in the back office: ${adminUrl}`,
  ].join('\n');
  const rows = fields
    .map(([label, value]) => {
      const shown = label === 'Product' && productUrl ? link(productUrl, value) : escapeHtml(value);
      return `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(label)}</th><td>${shown}</td></tr>`;
    })
    .join('');
  const html = page(
    `<p>New inquiry <strong>${escapeHtml(inquiry.reference)}</strong> from the website.</p><table>${rows}</table>` +
      `<p><strong>Message</strong></p><p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>` +
      `<p>${link(adminUrl, 'Open the inquiry in the back office')}</p>`,
  );
  return {
    kind: STAFF_NOTIFICATION,
    inquiryId: inquiry.id,
    recipients,
    replyTo: inquiry.email,
    subject: oneLine(`New inquiry ${inquiry.reference} from ${name}${inquiry.product ? ` — ${inquiry.product}` : ''}`),
    text,
    html,
  };
}

/** What the acknowledgement tells the buyer about the company (Site → Company). */
export type AcknowledgingCompany = Pick<PublicCompanySettings, 'name' | 'phones' | 'hours'>;

/** To the buyer: we have it, here is its reference, and how to reach us meanwhile. */
export function acknowledgement(inquiry: Inquiry, company: AcknowledgingCompany): NewOutboxMessage {
  const phones = company.phones.map((phone) => phone.number);
  const hours = formatOpeningHours(company.hours);
  const text = [
    `Dear ${oneLine(inquiry.firstName)},`,
    '',
    `Thank you for your inquiry${inquiry.product ? ` about ${oneLine(inquiry.product)}` : ''}. We have received it and will get back to you soon.`,
    '',
    `Your reference number is ${inquiry.reference}. Please quote it when you call or write to us.`,
    '',
    `Phone: ${phones.join(', ')}`,
    `Business hours: ${hours.join('; ')}`,
    '',
    'Regards,',
    company.name,
  ].join('\n');
  const html = page(
    `<p>Dear ${escapeHtml(inquiry.firstName)},</p>` +
      `<p>Thank you for your inquiry${inquiry.product ? ` about ${escapeHtml(inquiry.product)}` : ''}. We have received it and will get back to you soon.</p>` +
      `<p>Your reference number is <strong>${escapeHtml(inquiry.reference)}</strong>. Please quote it when you call or write to us.</p>` +
      `<p>Phone: ${phones.map((number) => link(`tel:${telOf(number)}`, number)).join(', ')}<br>` +
      `Business hours: ${hours.map(escapeHtml).join('; ')}</p>` +
      `<p>Regards,<br>${escapeHtml(company.name)}</p>`,
  );
  return {
    kind: ACKNOWLEDGEMENT,
    inquiryId: inquiry.id,
    recipients: [inquiry.email],
    replyTo: null,
    subject: oneLine(`We have received your inquiry (${inquiry.reference}) — ${company.name}`),
    text,
    html,
  };
}
