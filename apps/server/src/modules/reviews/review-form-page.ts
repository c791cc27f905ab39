import {
  type Locale,
  localizedPath,
  REVIEW_FORM_ACTION,
  REVIEW_TEXT_MAX,
  type ReviewInput,
  reviewMachineLabel,
  telOf,
} from '@capstan/shared';
import { type ServerMessageKey, type ServerTranslator, serverTranslator } from '../../i18n/server-translator';
import {
  documentHtml,
  escapeHtml,
  type FormPageCompany,
  formPageLocale,
  withMarkup,
} from '../inquiries/inquiry-form-page';

/** What the visitor typed, as text, field by field. */
export type ReviewFormValues = Partial<Record<keyof ReviewInput, string>>;
export type ReviewFormErrors = Partial<Record<keyof ReviewInput, string>>;

// The review schema's refusals (packages/shared) are their English texts; said in the page's
// language as the app's `validation` catalogue says them (a test holds the two together).
const REFUSAL_KEYS = new Map(
  Object.entries(serverTranslator('en').intl.messages as Record<string, string>)
    .filter(([key]) => key.startsWith('reviewForm.refusal'))
    .map(([key, message]) => [message, key as ServerMessageKey]),
);

/** A refusal in the page's language; one the catalogue does not know stays as sent. */
export const reviewRefusalIn = (tr: ServerTranslator, message: string): string => {
  const key = REFUSAL_KEYS.get(message);
  return key === undefined ? message : tr.t(key);
};

/** The page a visitor without the app sees once the review is stored, in their page's language. */
export function reviewThanksPage(company: FormPageCompany, locale: Locale = 'en'): string {
  const tr = serverTranslator(locale);
  const title = tr.t('reviewForm.thanksTitle');
  return documentHtml(
    company,
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(tr.t('reviewForm.thanksText'))}</p>
<p><a class="button" href="${localizedPath(locale, '/')}">${escapeHtml(tr.t('contactForm.backHome'))}</a></p></div>`,
    locale,
  );
}

const TEXT_FIELDS: {
  name: 'name' | 'position' | 'company';
  label: ServerMessageKey;
  autocomplete: string;
  required: boolean;
}[] = [
  { name: 'name', label: 'reviewForm.name', autocomplete: 'name', required: true },
  { name: 'position', label: 'reviewForm.positionOptional', autocomplete: 'organization-title', required: false },
  { name: 'company', label: 'reviewForm.companyOptional', autocomplete: 'organization', required: false },
];

function a11y(name: string, error: string | undefined): string {
  return error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
}

function errorLine(name: string, error: string | undefined, tr: ServerTranslator): string {
  return error ? `<p class="error" id="${name}-error">${escapeHtml(reviewRefusalIn(tr, error))}</p>` : '';
}

/**
 * The review form again, with what the visitor typed and why it was not sent: a message for the
 * whole form (too many reviews, an unreadable body) and/or one per field. `machines` are the
 * choices of "Which machine is this about?", the visitor's own still chosen. In the language of
 * the page it was sent from, as the contact form's (`inquiry-form-page.ts`).
 */
export function reviewFormPage(
  company: FormPageCompany,
  machines: readonly { id: string; name: string; code: string | null }[],
  values: ReviewFormValues,
  errors: ReviewFormErrors,
  problem?: string,
): string {
  const locale = formPageLocale(values);
  const tr = serverTranslator(locale);
  const say = (key: ServerMessageKey) => escapeHtml(tr.t(key));
  const phone = company?.phones[0];
  const value = (name: keyof ReviewInput) => escapeHtml(values[name] ?? '');
  const listed = (Object.entries(errors) as [keyof ReviewInput, string][]).filter(([, message]) => message);
  const summary = [
    ...(problem ? [`<li>${escapeHtml(problem)}</li>`] : []),
    ...listed.map(
      ([name, message]) =>
        `<li><a href="#${name === 'rating' ? 'rating-5' : name}">${escapeHtml(reviewRefusalIn(tr, message))}</a></li>`,
    ),
  ];
  const stars = [5, 4, 3, 2, 1]
    .map(
      (stars) =>
        `<label style="font-weight:400;display:flex;gap:.5rem;align-items:center"><input style="width:auto" type="radio" id="rating-${stars}" name="rating" value="${stars}"${values.rating === String(stars) ? ' checked' : ''} required>${'★'.repeat(stars)}${'☆'.repeat(5 - stars)} <span>${escapeHtml(tr.t('reviewForm.stars', { count: stars }))}</span></label>`,
    )
    .join('');
  const inputs = TEXT_FIELDS.map(
    ({ name, label, autocomplete, required }) =>
      `<div class="field"><label for="${name}">${say(label)}</label><input id="${name}" name="${name}" type="text" autocomplete="${autocomplete}" value="${value(name)}"${required ? ' required' : ''}${a11y(name, errors[name])}>${errorLine(name, errors[name], tr)}</div>`,
  ).join('');
  const chosen = values.itemId ?? '';
  const machineOptions = machines
    .map(
      (machine) =>
        `<option value="${escapeHtml(machine.id)}"${machine.id === chosen ? ' selected' : ''}>${escapeHtml(reviewMachineLabel(machine))}</option>`,
    )
    .join('');
  const machineField =
    machines.length > 0 || errors.itemId
      ? `<div class="field"><label for="itemId">${say('reviewForm.itemLabel')}</label><select id="itemId" name="itemId"${a11y('itemId', errors.itemId)}><option value="">${say('reviewForm.itemNone')}</option>${machineOptions}</select>${errorLine('itemId', errors.itemId, tr)}</div>`
      : '';
  // Sent again with the corrected form, so the visitor is still answered in their page's language.
  const localeInput = values.locale ? `<input type="hidden" name="locale" value="${value('locale')}">` : '';
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
    tr.t('reviewForm.notSent'),
    `<div class="card"><h1>${say('reviewForm.notSent')}</h1>
<div class="summary" role="alert"><h2>${say('contactForm.checkFollowing')}</h2><ul>${summary.join('')}</ul></div>
<form method="post" action="${REVIEW_FORM_ACTION}">
<fieldset class="field" style="border:0;padding:0"${errors.rating ? ' aria-describedby="rating-error"' : ''}><legend style="font-weight:600;margin-bottom:.35rem">${say('reviewForm.rating')}</legend>${stars}${errorLine('rating', errors.rating, tr)}</fieldset>
${machineField}
<div class="field"><label for="text">${say('reviewForm.text')}</label><textarea id="text" name="text" rows="5" maxlength="${REVIEW_TEXT_MAX}" required${a11y('text', errors.text)}>${value('text')}</textarea>${errorLine('text', errors.text, tr)}</div>
${inputs}${localeInput}<button type="submit">${say('reviewForm.submit')}</button></form>
${callUs ? `<p class="muted">${callUs}</p>` : ''}</div>`,
    locale,
  );
}
