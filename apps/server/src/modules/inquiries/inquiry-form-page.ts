import {
  CONTACT_FORM_ACTION,
  type ContactServiceOption,
  type InquiryInput,
  isLocale,
  type Locale,
  localizedPath,
  parseQuoteList,
  type PublicCompanySettings,
  serializeQuoteList,
  telOf,
} from '@capstan/shared';
import { type ServerMessageKey, type ServerTranslator, serverTranslator } from '../../i18n/server-translator';
import type { QuoteLineOnPage } from './inquiry-items.service';

/** The company as staff set it; null when the settings could not be read (the page still works). */
export type FormPageCompany = Pick<PublicCompanySettings, 'name' | 'phones'> | null;

/** What the visitor typed, as text, field by field. */
export type InquiryFormValues = Partial<Record<keyof InquiryInput, string>>;
export type InquiryFormErrors = Partial<Record<keyof InquiryInput, string>>;

export const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

// A page of its own (no app, no build needed): it must work wherever the form was posted from,
// also when the web app is not built. The CSP allows inline styles, not scripts.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#1e3a8a;color:#fff;padding:1rem 1.25rem}header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:42rem;margin:0 auto;padding:2rem 1.25rem 3rem}h1{font-size:1.75rem;line-height:1.2;margin:0 0 .75rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
.summary{border:2px solid #b91c1c;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1.5rem;background:#fef2f2}
.summary h2{font-size:1.1rem;margin:0 0 .25rem;color:#991b1b}.summary ul{margin:0;padding-left:1.25rem}
.summary a,.error{color:#991b1b}.field{display:grid;gap:.35rem;margin-bottom:1rem}label{font-weight:600}
input,select,textarea{font:inherit;width:100%;padding:.55rem .75rem;border:1px solid #94a3b8;border-radius:.375rem;background:#fff;color:inherit}
[aria-invalid=true]{border-color:#b91c1c}.error{margin:0;font-size:.9rem}
button,.button{display:inline-block;font:inherit;font-weight:600;padding:.65rem 1.25rem;border:0;border-radius:.375rem;background:#1e40af;color:#fff;text-decoration:none;cursor:pointer}
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}p.muted{color:#475569}
.lines{margin:0 0 1.5rem;padding:.75rem 1rem;border:1px solid #e2e8f0;border-radius:.5rem;background:#f8fafc}
.lines h2{font-size:1.1rem;margin:0 0 .25rem}.lines ul{margin:0;padding-left:1.25rem}`;

/** The language of the page a form was sent from (its hidden `locale`), English when none. */
export const formPageLocale = (values: { locale?: string }): Locale => (isLocale(values.locale) ? values.locale : 'en');

/**
 * `message` with `html` in place of `{name}`: the words escaped, the value already markup (a
 * reference in bold, a phone link), whatever the language puts around it.
 */
export function withMarkup(tr: ServerTranslator, key: ServerMessageKey, name: string, html: string): string {
  const slot = '\u0000';
  return escapeHtml(tr.t(key, { [name]: slot })).replace(slot, html);
}

export function documentHtml(company: FormPageCompany, title: string, body: string, locale: Locale = 'en'): string {
  const name = escapeHtml(company?.name ?? serverTranslator(locale).t('contactForm.home'));
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}${company ? ` — ${name}` : ''}</title>
<style>${STYLE}</style></head>
<body><header><a href="${localizedPath(locale, '/')}">${name}</a></header><main>${body}</main></body></html>`;
}

const FIELDS: { name: keyof InquiryInput; label: ServerMessageKey; type?: string; autocomplete?: string }[] = [
  { name: 'firstName', label: 'contactForm.firstName', autocomplete: 'given-name' },
  { name: 'lastName', label: 'contactForm.lastName', autocomplete: 'family-name' },
  { name: 'email', label: 'contactForm.email', type: 'email', autocomplete: 'email' },
  { name: 'phone', label: 'contactForm.phone', type: 'tel', autocomplete: 'tel' },
];

/** The fixed options' labels by value; a machine category's comes in the language already. */
const FIXED_OPTION_LABELS: Partial<Record<string, ServerMessageKey>> = {
  machine: 'contactForm.serviceMachine',
  'spare-parts': 'contactForm.serviceSpareParts',
  services: 'contactForm.serviceServices',
  maintenance: 'contactForm.serviceMaintenance',
  general: 'contactForm.serviceGeneral',
};

// The contact schema's refusals (packages/shared) are their English texts; said in the page's
// language as the app's `validation` catalogue says them (a test holds the two together).
const REFUSAL_KEYS = new Map(
  Object.entries(flattenedEnglish())
    .filter(([key]) => key.startsWith('contactForm.refusal'))
    .map(([key, message]) => [message, key as ServerMessageKey]),
);
function flattenedEnglish(): Record<string, string> {
  const tr = serverTranslator('en');
  return tr.intl.messages as Record<string, string>;
}
const refusalIn = (tr: ServerTranslator, message: string): string => {
  const key = REFUSAL_KEYS.get(message);
  return key === undefined ? message : tr.t(key);
};

function fieldA11y(name: string, error: string | undefined): string {
  return error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
}

function errorLine(name: string, error: string | undefined, tr: ServerTranslator): string {
  return error ? `<p class="error" id="${name}-error">${escapeHtml(refusalIn(tr, error))}</p>` : '';
}

/** The thank-you page a visitor without the app sees once the inquiry is stored, in their page's language. */
export function inquiryThanksPage(company: FormPageCompany, reference: string, locale: Locale = 'en'): string {
  const tr = serverTranslator(locale);
  const title = tr.t('contactForm.thanksTitle');
  const number = withMarkup(
    tr,
    'contactForm.referenceNumber',
    'reference',
    `<strong>${escapeHtml(reference)}</strong>`,
  );
  return documentHtml(
    company,
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(tr.t('contactForm.thanksText'))}</p>
<p>${number} ${escapeHtml(tr.t('contactForm.referenceHint'))}</p>
<p><a class="button" href="${localizedPath(locale, '/')}">${escapeHtml(tr.t('contactForm.backHome'))}</a></p></div>`,
    locale,
  );
}

/**
 * The lines of the buyer's quote list the form carries, as the catalogue holds them now (named in
 * the page's language), and how many it no longer holds (dropped from the form, and said so).
 */
export interface FormQuoteLines {
  lines: readonly QuoteLineOnPage[];
  unknownCount: number;
}

/** What the buyer is sending, above the form: `name × quantity`, a line each. */
function quoteLinesSection(tr: ServerTranslator, lines: readonly QuoteLineOnPage[]): string {
  if (lines.length === 0) return '';
  const items = lines
    .map(
      (line) => `<li>${escapeHtml(tr.t('contactForm.quoteLine', { name: line.name, quantity: line.quantity }))}</li>`,
    )
    .join('');
  return `<section class="lines" aria-labelledby="lines-heading"><h2 id="lines-heading">${escapeHtml(tr.t('contactForm.quoteLinesHeading'))}</h2><ul>${items}</ul></section>`;
}

/**
 * The form again, with what the visitor typed and why it was not sent: a message for the whole
 * form (too many requests, an unreadable body) and/or one per field. A quote list's lines are
 * listed above the form and sent again in its hidden `items` (as read from the catalogue when
 * `quote` is given, else as they came).
 */
export function inquiryFormPage(
  company: FormPageCompany,
  services: readonly ContactServiceOption[],
  values: InquiryFormValues,
  errors: InquiryFormErrors,
  problem?: string,
  quote?: FormQuoteLines,
): string {
  const locale = formPageLocale(values);
  const tr = serverTranslator(locale);
  const say = (key: ServerMessageKey) => escapeHtml(tr.t(key));
  const phone = company?.phones[0];
  const value = (name: keyof InquiryInput) => escapeHtml(values[name] ?? '');
  const localeInput = values.locale ? `<input type="hidden" name="locale" value="${value('locale')}">` : '';
  const labelOf = (option: ContactServiceOption) => {
    const key = FIXED_OPTION_LABELS[option.value];
    return key === undefined ? option.label : tr.t(key);
  };
  const listed = (Object.entries(errors) as [keyof InquiryInput, string][]).filter(([, message]) => message);
  const unknownLines =
    quote && quote.unknownCount > 0 ? tr.t('contactForm.quoteItemsUnknown', { count: quote.unknownCount }) : null;
  const summaryItems = [
    ...(problem ? [`<li>${escapeHtml(problem)}</li>`] : []),
    ...(unknownLines ? [`<li>${escapeHtml(unknownLines)}</li>`] : []),
    ...listed.map(([name, message]) => `<li><a href="#${name}">${escapeHtml(refusalIn(tr, message))}</a></li>`),
  ];
  const inputs = FIELDS.map(
    ({ name, label, type = 'text', autocomplete }) =>
      `<div class="field"><label for="${name}">${say(label)}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete ?? 'off'}" value="${value(name)}" required${fieldA11y(name, errors[name])}>${errorLine(name, errors[name], tr)}</div>`,
  ).join('');
  const options = services
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${values.service === option.value ? ' selected' : ''}>${escapeHtml(labelOf(option))}</option>`,
    )
    .join('');
  const product = values.product ? `<input type="hidden" name="product" value="${value('product')}">` : '';
  const itemsValue = serializeQuoteList(quote ? quote.lines : parseQuoteList(values.items));
  const items = itemsValue ? `<input type="hidden" name="items" value="${escapeHtml(itemsValue)}">` : '';
  // Sent again with the corrected form, so the buyer is still answered in their page's language.
  const callUs = phone
    ? withMarkup(
        tr,
        'contactForm.callUs',
        'phone',
        `<a href="tel:${telOf(phone.number)}">${escapeHtml(phone.number)}</a>`,
      )
    : null;
  return documentHtml(
    company,
    tr.t('contactForm.notSent'),
    `<div class="card"><h1>${say('contactForm.notSent')}</h1>
<div class="summary" role="alert"><h2>${say('contactForm.checkFollowing')}</h2><ul>${summaryItems.join('')}</ul></div>
${quoteLinesSection(tr, quote?.lines ?? [])}<form method="post" action="${CONTACT_FORM_ACTION}">${inputs}
<div class="field"><label for="service">${say('contactForm.serviceOptional')}</label><select id="service" name="service"${fieldA11y('service', errors.service)}><option value="">${say('contactForm.selectService')}</option>${options}</select>${errorLine('service', errors.service, tr)}</div>
<div class="field"><label for="message">${say('contactForm.message')}</label><textarea id="message" name="message" rows="5" required${fieldA11y('message', errors.message)}>${value('message')}</textarea>${errorLine('message', errors.message, tr)}</div>
${product}${items}${localeInput}<button type="submit">${say('contactForm.send')}</button></form>
${callUs ? `<p class="muted">${callUs}</p>` : ''}</div>`,
    locale,
  );
}
