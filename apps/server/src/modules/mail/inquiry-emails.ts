import { type Inquiry, type Locale, type PublicCompanySettings, telOf } from '@capstan/shared';
import { serverTranslator } from '../../i18n/server-translator';
import {
  emailLink as link,
  emailPage as page,
  escapeHtml,
  fieldLines,
  fieldTable,
  htmlMessage,
  inquiryFields,
  itemLines,
  itemTable,
  oneLine,
} from './email-parts';
import { openingHoursIn } from './opening-hours';
import type { NewOutboxMessage } from './outbox.repository';

export const STAFF_NOTIFICATION = 'inquiry.staff';
export const ACKNOWLEDGEMENT = 'inquiry.acknowledgement';

export interface StaffNotificationInput {
  inquiry: Inquiry;
  /** Colleagues who read the same language: one message each language (readers-languages.ts). */
  recipients: string[];
  locale: Locale;
  /** Absolute link to the product page (or a catalogue search for it) when the inquiry names one. */
  productUrl: string | null;
  /** Absolute link to the inquiry in the back office. */
  adminUrl: string;
}

/**
 * To staff: every field, the product with a link, the quote list's lines, and where to answer it
 * in the back office.
 */
export function staffNotification({
  inquiry,
  recipients,
  locale,
  productUrl,
  adminUrl,
}: StaffNotificationInput): NewOutboxMessage {
  const translator = serverTranslator(locale);
  const { t } = translator;
  const name = oneLine(`${inquiry.firstName} ${inquiry.lastName}`);
  const fields = inquiryFields(inquiry, translator, 'email.fieldName');
  const text = [
    t('email.staffIntro', { reference: inquiry.reference }),
    '',
    ...fieldLines(fields),
    ...(productUrl ? [`${t('email.fieldProductPage')}: ${productUrl}`] : []),
    '',
    ...itemLines(inquiry.items, translator),
    `${t('email.message')}:`,
    inquiry.message,
    '',
    t('email.openInBackOffice', { url: adminUrl }),
  ].join('\n');
  const table = fieldTable(fields, (field) =>
    field.field === 'product' && productUrl ? link(productUrl, field.value) : escapeHtml(field.value),
  );
  const intro = htmlMessage(
    translator,
    'email.staffIntro',
    {},
    { reference: `<strong>${escapeHtml(inquiry.reference)}</strong>` },
  );
  const html = page(
    `<p>${intro}</p>${table}${itemTable(inquiry.items, translator)}` +
      `<p><strong>${escapeHtml(t('email.message'))}</strong></p><p style="white-space:pre-wrap">${escapeHtml(inquiry.message)}</p>` +
      `<p>${link(adminUrl, t('email.openInBackOfficeLink'))}</p>`,
    locale,
  );
  const subject = inquiry.product
    ? t('email.staffSubjectProduct', { reference: inquiry.reference, name, product: inquiry.product })
    : t('email.staffSubject', { reference: inquiry.reference, name });
  return {
    kind: STAFF_NOTIFICATION,
    inquiryId: inquiry.id,
    recipients,
    replyTo: inquiry.email,
    subject: oneLine(subject),
    text,
    html,
  };
}

/** What the acknowledgement tells the buyer about the company (Site → Company). */
export type AcknowledgingCompany = Pick<PublicCompanySettings, 'name' | 'phones' | 'hours'>;

/**
 * To the buyer, in the language of the page they asked from: we have it, the items they asked
 * about (as the catalogue named them), its reference, and how to reach us meanwhile.
 */
export function acknowledgement(inquiry: Inquiry, company: AcknowledgingCompany, locale: Locale): NewOutboxMessage {
  const translator = serverTranslator(locale);
  const { t } = translator;
  const phones = company.phones.map((phone) => phone.number);
  const hours = openingHoursIn(company.hours, translator).join('; ');
  const thanks = (product: string) =>
    inquiry.product ? t('email.ackThanksProduct', { product }) : t('email.ackThanks');
  const text = [
    t('email.ackGreeting', { name: oneLine(inquiry.firstName) }),
    '',
    thanks(oneLine(inquiry.product ?? '')),
    '',
    ...itemLines(inquiry.items, translator),
    t('email.ackReference', { reference: inquiry.reference }),
    '',
    t('email.ackPhone', { phones: phones.join(', ') }),
    t('email.ackHours', { hours }),
    '',
    t('email.ackRegards'),
    company.name,
  ].join('\n');
  const phoneLinks = phones.map((number) => link(`tel:${telOf(number)}`, number)).join(', ');
  const html = page(
    `<p>${escapeHtml(t('email.ackGreeting', { name: inquiry.firstName }))}</p>` +
      `<p>${escapeHtml(thanks(inquiry.product ?? ''))}</p>` +
      itemTable(inquiry.items, translator) +
      `<p>${htmlMessage(translator, 'email.ackReference', {}, { reference: `<strong>${escapeHtml(inquiry.reference)}</strong>` })}</p>` +
      `<p>${htmlMessage(translator, 'email.ackPhone', {}, { phones: phoneLinks })}<br>` +
      `${escapeHtml(t('email.ackHours', { hours }))}</p>` +
      `<p>${escapeHtml(t('email.ackRegards'))}<br>${escapeHtml(company.name)}</p>`,
    locale,
  );
  return {
    kind: ACKNOWLEDGEMENT,
    inquiryId: inquiry.id,
    recipients: [inquiry.email],
    replyTo: null,
    subject: oneLine(t('email.ackSubject', { reference: inquiry.reference, company: company.name })),
    text,
    html,
  };
}
