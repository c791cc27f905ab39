import {
  contactServiceLabel,
  type Inquiry,
  type InquiryItemLine,
  INTL_LOCALES,
  type Locale,
  LOCALES,
  toOneLine,
} from '@capstan/shared';
import type { ServerMessageKey, ServerMessageValues, ServerTranslator } from '../../i18n/server-translator';

/** Text put into an email's HTML is always text, never markup. */
export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/**
 * A header value, or a value on a line of its own in a body, never carries a line break: a name or
 * product cannot add a header (`Bcc:`) or a line that looks like one. The schemas already make
 * these fields one line; inquiries stored before they did may still hold a break.
 */
export const oneLine = (value: string): string => toOneLine(value).trim();

const perLocale = <T>(make: (locale: Locale) => T): Record<Locale, T> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)])) as Record<Locale, T>;

const instants = perLocale(
  (locale) =>
    new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Kolkata',
    }),
);
const days = perLocale(
  (locale) => new Intl.DateTimeFormat(INTL_LOCALES[locale], { dateStyle: 'medium', timeZone: 'UTC' }),
);

/** An instant (when an inquiry arrived, when a backup started) as a reader in India reads it, in their language. */
export const indianTime = (date: Date, locale: Locale): string => instants[locale].format(date);

/** A calendar day in India (YYYY-MM-DD, decision 021) as a date in words, not as an instant. */
export const indianDay = (day: string, locale: Locale): string => days[locale].format(new Date(`${day}T00:00:00Z`));

/** An email's HTML document around `body`, in the house's plain style and the reader's language. */
export function emailPage(body: string, locale: Locale): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">${body}</body></html>`;
}

export function emailLink(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/**
 * A message as HTML: the sentence escaped as a whole (the catalogue's words and the values alike),
 * with `markup` values (a link, a bold reference) put in as they are. The sentence stays one
 * message for translators, wherever their language puts the marked-up part.
 */
export function htmlMessage(
  t: ServerTranslator,
  key: ServerMessageKey,
  values: ServerMessageValues = {},
  markup: Record<string, string> = {},
): string {
  // Characters escapeHtml leaves alone and no catalogue or value holds: the markup's places.
  const holders = Object.keys(markup).map((name, index) => [name, `\u0000${index}\u0000`] as const);
  let html = escapeHtml(t.t(key, { ...values, ...Object.fromEntries(holders) }));
  for (const [name, holder] of holders) html = html.split(holder).join(markup[name] ?? '');
  return html;
}

export type InquiryField = 'reference' | 'name' | 'email' | 'phone' | 'service' | 'product' | 'received';

const FIELD_LABELS: Record<Exclude<InquiryField, 'name'>, ServerMessageKey> = {
  reference: 'email.fieldReference',
  email: 'email.fieldEmail',
  phone: 'email.fieldPhone',
  service: 'email.fieldService',
  product: 'email.fieldProduct',
  received: 'email.fieldReceived',
};

export interface EmailField {
  field: InquiryField | 'followUpOn';
  label: string;
  value: string;
}

/**
 * An inquiry's facts as label and value, in the order every email about it lists them, labelled
 * in the reader's language (the values are the buyer's, as typed). `nameLabel` says who the
 * person is to this reader ("Name" to the team, "Buyer" to a colleague it is assigned to).
 */
export function inquiryFields(
  inquiry: Inquiry,
  t: ServerTranslator,
  nameLabel: 'email.fieldName' | 'email.fieldBuyer',
): EmailField[] {
  const service = contactServiceLabel(inquiry);
  const row = (field: Exclude<InquiryField, 'name'>, value: string): EmailField => ({
    field,
    label: t.t(FIELD_LABELS[field]),
    value,
  });
  return [
    row('reference', inquiry.reference),
    { field: 'name', label: t.t(nameLabel), value: oneLine(`${inquiry.firstName} ${inquiry.lastName}`) },
    row('email', inquiry.email),
    row('phone', inquiry.phone),
    ...(service ? [row('service', service)] : []),
    ...(inquiry.product ? [row('product', inquiry.product)] : []),
    row('received', indianTime(new Date(inquiry.createdAt), t.locale)),
  ];
}

/** The fields as the plain-text body lists them: `Label: value`, one a line. */
export const fieldLines = (fields: readonly EmailField[]): string[] =>
  fields.map(({ label, value }) => `${label}: ${oneLine(value)}`);

/** The fields as the HTML body's table; `cell` may show a value as more than text (a link). */
export function fieldTable(
  fields: readonly EmailField[],
  cell: (field: EmailField) => string = (f) => escapeHtml(f.value),
) {
  const rows = fields
    .map(
      (field) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${escapeHtml(field.label)}</th><td>${cell(field)}</td></tr>`,
    )
    .join('');
  return `<table>${rows}</table>`;
}

const lineText = (t: ServerTranslator, line: InquiryItemLine): string =>
  line.code
    ? t.t('email.itemLineCode', { code: oneLine(line.code), name: oneLine(line.name), quantity: line.quantity })
    : t.t('email.itemLine', { name: oneLine(line.name), quantity: line.quantity });

/**
 * The quote list's lines as the plain-text body lists them (code, name and quantity, one a line)
 * under their heading, then a blank line; nothing when the inquiry has none.
 */
export function itemLines(items: readonly InquiryItemLine[], t: ServerTranslator): string[] {
  if (items.length === 0) return [];
  return [`${t.t('email.itemsHeading')}:`, ...items.map((line) => `- ${lineText(t, line)}`), ''];
}

/** The quote list's lines as the HTML body's table (code, item, quantity); '' when the inquiry has none. */
export function itemTable(items: readonly InquiryItemLine[], t: ServerTranslator): string {
  if (items.length === 0) return '';
  const cell = 'style="padding:2px 12px 2px 0;border-bottom:1px solid #e2e8f0"';
  const head = [t.t('email.itemsCode'), t.t('email.itemsName'), t.t('email.itemsQuantity')]
    .map((label, index) => `<th align="${index === 2 ? 'right' : 'left'}" ${cell}>${escapeHtml(label)}</th>`)
    .join('');
  const rows = items
    .map(
      (line) =>
        `<tr><td ${cell}>${escapeHtml(line.code ?? '')}</td><td ${cell}>${escapeHtml(line.name)}</td>` +
        `<td align="right" ${cell}>${escapeHtml(t.intl.formatNumber(line.quantity))}</td></tr>`,
    )
    .join('');
  return `<p><strong>${escapeHtml(t.t('email.itemsHeading'))}</strong></p><table cellspacing="0"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}
