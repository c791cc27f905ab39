import {
  REVIEW_FORM_ACTION,
  REVIEW_ITEM_LABEL,
  REVIEW_ITEM_NONE,
  REVIEW_TEXT_MAX,
  REVIEW_THANKS_TEXT,
  REVIEW_THANKS_TITLE,
  type ReviewInput,
  reviewMachineLabel,
  telOf,
} from '@capstan/shared';
import { documentHtml, escapeHtml, type FormPageCompany } from '../inquiries/inquiry-form-page';

/** What the visitor typed, as text, field by field. */
export type ReviewFormValues = Partial<Record<keyof ReviewInput, string>>;
export type ReviewFormErrors = Partial<Record<keyof ReviewInput, string>>;

/** The page a visitor without the app sees once the review is stored. */
export function reviewThanksPage(company: FormPageCompany): string {
  return documentHtml(
    company,
    REVIEW_THANKS_TITLE,
    `<div class="card"><h1>${REVIEW_THANKS_TITLE}</h1><p>${REVIEW_THANKS_TEXT}</p>
<p><a class="button" href="/">Back to the home page</a></p></div>`,
  );
}

const TEXT_FIELDS: { name: 'name' | 'position' | 'company'; label: string; autocomplete: string; required: boolean }[] =
  [
    { name: 'name', label: 'Name', autocomplete: 'name', required: true },
    { name: 'position', label: 'Position (optional)', autocomplete: 'organization-title', required: false },
    { name: 'company', label: 'Company (optional)', autocomplete: 'organization', required: false },
  ];

function a11y(name: string, error: string | undefined): string {
  return error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
}

function errorLine(name: string, error: string | undefined): string {
  return error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : '';
}

/**
 * The review form again, with what the visitor typed and why it was not sent: a message for the
 * whole form (too many reviews, an unreadable body) and/or one per field. `machines` are the
 * choices of "Which machine is this about?", the visitor's own still chosen.
 */
export function reviewFormPage(
  company: FormPageCompany,
  machines: readonly { id: string; name: string; code: string | null }[],
  values: ReviewFormValues,
  errors: ReviewFormErrors,
  problem?: string,
): string {
  const phone = company?.phones[0];
  const value = (name: keyof ReviewInput) => escapeHtml(values[name] ?? '');
  const listed = (Object.entries(errors) as [keyof ReviewInput, string][]).filter(([, message]) => message);
  const summary = [
    ...(problem ? [`<li>${escapeHtml(problem)}</li>`] : []),
    ...listed.map(
      ([name, message]) => `<li><a href="#${name === 'rating' ? 'rating-5' : name}">${escapeHtml(message)}</a></li>`,
    ),
  ];
  const stars = [5, 4, 3, 2, 1]
    .map(
      (stars) =>
        `<label style="font-weight:400;display:flex;gap:.5rem;align-items:center"><input style="width:auto" type="radio" id="rating-${stars}" name="rating" value="${stars}"${values.rating === String(stars) ? ' checked' : ''} required>${'★'.repeat(stars)}${'☆'.repeat(5 - stars)} <span>${stars} ${stars === 1 ? 'star' : 'stars'}</span></label>`,
    )
    .join('');
  const inputs = TEXT_FIELDS.map(
    ({ name, label, autocomplete, required }) =>
      `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="text" autocomplete="${autocomplete}" value="${value(name)}"${required ? ' required' : ''}${a11y(name, errors[name])}>${errorLine(name, errors[name])}</div>`,
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
      ? `<div class="field"><label for="itemId">${REVIEW_ITEM_LABEL}</label><select id="itemId" name="itemId"${a11y('itemId', errors.itemId)}><option value="">${REVIEW_ITEM_NONE}</option>${machineOptions}</select>${errorLine('itemId', errors.itemId)}</div>`
      : '';
  return documentHtml(
    company,
    'Your review was not sent',
    `<div class="card"><h1>Your review was not sent</h1>
<div class="summary" role="alert"><h2>Please check the following</h2><ul>${summary.join('')}</ul></div>
<form method="post" action="${REVIEW_FORM_ACTION}">
<fieldset class="field" style="border:0;padding:0"${errors.rating ? ' aria-describedby="rating-error"' : ''}><legend style="font-weight:600;margin-bottom:.35rem">Your rating</legend>${stars}${errorLine('rating', errors.rating)}</fieldset>
${machineField}
<div class="field"><label for="text">Your experience</label><textarea id="text" name="text" rows="5" maxlength="${REVIEW_TEXT_MAX}" required${a11y('text', errors.text)}>${value('text')}</textarea>${errorLine('text', errors.text)}</div>
${inputs}<button type="submit">Submit Review</button></form>
${phone ? `<p class="muted">Or call us on <a href="tel:${telOf(phone.number)}">${escapeHtml(phone.number)}</a>.</p>` : ''}</div>`,
  );
}
