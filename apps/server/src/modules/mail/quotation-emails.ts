import { formatRupeesAndPaise, type Locale, type Quotation } from '@capstan/shared';
import { serverTranslator, type ServerTranslator } from '../../i18n/server-translator';
import { emailLink, emailPage, escapeHtml, htmlMessage, indianDay, oneLine } from './email-parts';
import type { NewOutboxMessage } from './outbox.repository';

export const QUOTATION_TO_BUYER = 'quotation.buyer';
export const QUOTATION_COPY = 'quotation.copy';
export const QUOTATION_ACCEPTED = 'quotation.accepted';
export const QUOTATION_CHANGES = 'quotation.changes';

/** ₹22,30,200.00 in the reader's language. */
/** Who the buyer is on a quotation: their company, else their name. */
export const buyerLabel = (quotation: Quotation): string =>
  oneLine(quotation.buyer.company === '' ? quotation.buyer.name : quotation.buyer.company);

const paragraphs = (lines: readonly string[]): string => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

export interface QuotationToBuyerInput {
  quotation: Quotation;
  companyName: string;
  /** The buyer's page (absolute). */
  link: string;
  /** The inquiry's language. */
  locale: Locale;
  /** Where a reply goes: the colleague looking after the inquiry, else the company's address. */
  replyTo: string | null;
}

/**
 * The quotation to the buyer, in the language they asked in, with its PDF attached (read from the
 * stored bytes when the worker sends) and the link to their page.
 */
export function quotationToBuyer({
  quotation,
  companyName,
  link,
  locale,
  replyTo,
}: QuotationToBuyerInput): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const values = {
    number: quotation.number,
    total: formatRupeesAndPaise(quotation.totals.total, locale),
    date: indianDay(quotation.validUntil, locale),
  };
  const greeting = tr.t('quotation.emailGreeting', { name: oneLine(quotation.buyer.name) });
  const intro = tr.t('quotation.emailBuyerIntro', values);
  const text = [
    greeting,
    '',
    intro,
    '',
    tr.t('quotation.emailBuyerLink', { url: link }),
    '',
    tr.t('quotation.emailRegards'),
    companyName,
  ].join('\n');
  const html = emailPage(
    paragraphs([greeting, intro]) +
      `<p>${emailLink(link, tr.t('quotation.emailBuyerLinkText'))}</p>` +
      `<p>${escapeHtml(tr.t('quotation.emailRegards'))}<br>${escapeHtml(companyName)}</p>`,
    locale,
  );
  return {
    kind: QUOTATION_TO_BUYER,
    inquiryId: quotation.inquiryId,
    recipients: [quotation.buyer.email],
    replyTo,
    subject: oneLine(tr.t('quotation.emailBuyerSubject', { number: quotation.number, company: companyName })),
    text,
    html,
    attachmentQuotationId: quotation.id,
  };
}

/** The back office's link line, as text and as HTML. */
function backOfficeParts(tr: ServerTranslator, adminUrl: string) {
  return {
    text: tr.t('quotation.emailOpenInBackOffice', { url: adminUrl }),
    html: `<p>${emailLink(adminUrl, tr.t('quotation.emailOpenInBackOfficeLink'))}</p>`,
  };
}

export interface QuotationCopyInput {
  quotation: Quotation;
  recipients: string[];
  locale: Locale;
  adminUrl: string;
}

/**
 * The copy of a sent quotation for the colleague looking after the inquiry (or the notification
 * addresses): what went to whom, the PDF attached. Not the buyer's link: a colleague opening it
 * would mark the quotation viewed.
 */
export function quotationCopy({ quotation, recipients, locale, adminUrl }: QuotationCopyInput): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const values = {
    number: quotation.number,
    total: formatRupeesAndPaise(quotation.totals.total, locale),
    date: indianDay(quotation.validUntil, locale),
    buyer: buyerLabel(quotation),
    email: quotation.buyer.email,
  };
  const intro =
    quotation.buyer.email === ''
      ? tr.t('quotation.emailCopyNoEmail', values)
      : tr.t('quotation.emailCopyIntro', values);
  const link = backOfficeParts(tr, adminUrl);
  return {
    kind: QUOTATION_COPY,
    inquiryId: quotation.inquiryId,
    recipients,
    replyTo: null,
    subject: oneLine(tr.t('quotation.emailCopySubject', { number: quotation.number, buyer: values.buyer })),
    text: [intro, '', link.text].join('\n'),
    html: emailPage(paragraphs([intro]) + link.html, locale),
    attachmentQuotationId: quotation.id,
  };
}

export interface QuotationReplyInput {
  quotation: Quotation;
  recipients: string[];
  locale: Locale;
  adminUrl: string;
}

/** To staff: the buyer accepted the quotation (who, and their purchase order number). */
export function quotationAcceptedNotice({
  quotation,
  recipients,
  locale,
  adminUrl,
}: QuotationReplyInput): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const acceptance = quotation.acceptance ?? { name: '', purchaseOrder: '' };
  const intro = tr.t('quotation.emailAcceptedIntro', {
    name: oneLine(acceptance.name),
    number: quotation.number,
    total: formatRupeesAndPaise(quotation.totals.total, locale),
  });
  const purchaseOrder =
    acceptance.purchaseOrder === ''
      ? []
      : [tr.t('quotation.emailAcceptedPurchaseOrder', { purchaseOrder: oneLine(acceptance.purchaseOrder) })];
  const link = backOfficeParts(tr, adminUrl);
  return {
    kind: QUOTATION_ACCEPTED,
    inquiryId: quotation.inquiryId,
    recipients,
    replyTo: quotation.buyer.email === '' ? null : quotation.buyer.email,
    subject: oneLine(
      tr.t('quotation.emailAcceptedSubject', { number: quotation.number, buyer: buyerLabel(quotation) }),
    ),
    text: [intro, ...purchaseOrder, '', link.text].join('\n'),
    html: emailPage(paragraphs([intro, ...purchaseOrder]) + link.html, locale),
  };
}

/** To staff: the buyer asked for changes (their message, as written). */
export function quotationChangesNotice(
  { quotation, recipients, locale, adminUrl }: QuotationReplyInput,
  message: string,
): NewOutboxMessage {
  const tr = serverTranslator(locale);
  const buyer = buyerLabel(quotation);
  const link = backOfficeParts(tr, adminUrl);
  return {
    kind: QUOTATION_CHANGES,
    inquiryId: quotation.inquiryId,
    recipients,
    replyTo: quotation.buyer.email === '' ? null : quotation.buyer.email,
    subject: oneLine(tr.t('quotation.emailChangesSubject', { number: quotation.number, buyer })),
    text: [tr.t('quotation.emailChangesIntro', { buyer, number: quotation.number }), '', message, '', link.text].join(
      '\n',
    ),
    html: emailPage(
      `<p>${htmlMessage(tr, 'quotation.emailChangesIntro', { buyer, number: quotation.number })}</p>` +
        `<p style="white-space:pre-wrap">${escapeHtml(message)}</p>${link.html}`,
      locale,
    ),
  };
}
