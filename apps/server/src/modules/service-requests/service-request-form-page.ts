import {
  HEIC_REASON,
  localizedPath,
  type Locale,
  MAX_UPLOAD_FILE_BYTES,
  NOT_AN_IMAGE_REASON,
  SERVICE_FORM_ACTION,
  SERVICE_FORM_MACHINE_DOWN_VALUE,
  SERVICE_FORM_PHOTOS_FIELD,
  type SERVICE_FORM_FIELDS,
  SERVICE_REQUEST_MAX_PHOTOS,
  telOf,
  TOO_MANY_PIXELS_REASON,
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
export type ServiceFormValues = Partial<Record<(typeof SERVICE_FORM_FIELDS)[number], string>>;
export type ServiceFormField = keyof ServiceFormValues | typeof SERVICE_FORM_PHOTOS_FIELD;
export type ServiceFormErrors = Partial<Record<ServiceFormField, string>>;

export { formPageLocale };

// The schema's refusals (packages/shared) are their English texts; said in the page's language
// by the `serviceDesk.refusal…` messages, whose English is those texts (a test holds them together).
const REFUSAL_KEYS = new Map(
  Object.entries(serverTranslator('en').intl.messages as Record<string, string>)
    .filter(([key]) => key.startsWith('serviceDesk.refusal'))
    .map(([key, message]) => [message, key as ServerMessageKey]),
);

/** A refusal of the form's schema in the page's language; one the catalogue does not know stays as sent. */
export function serviceRefusalIn(tr: ServerTranslator, message: string): string {
  const key = REFUSAL_KEYS.get(message);
  return key === undefined ? message : tr.t(key);
}

const PHOTO_REASONS: [reason: string, key: ServerMessageKey][] = [
  [NOT_AN_IMAGE_REASON, 'serviceDesk.photoNotImage'],
  [TOO_MANY_PIXELS_REASON, 'serviceDesk.photoTooManyPixels'],
  [HEIC_REASON, 'serviceDesk.photoHeic'],
];

/** A refused photo in the page's language: by the pipeline's reason and the file's name as sent. */
export function photoRefusalIn(tr: ServerTranslator, reason: string, fileName: string | undefined): string {
  const file = fileName === undefined ? tr.t('serviceDesk.photoThe') : JSON.stringify(fileName);
  const key = PHOTO_REASONS.find(([known]) => known === reason)?.[1];
  return key ? tr.t(key, { file }) : `${file} ${reason}`;
}

/** A photo larger than the upload limit, in the page's language. */
export const photoTooLargeIn = (tr: ServerTranslator, fileName: string | undefined): string =>
  tr.t('serviceDesk.photoTooLarge', {
    file: fileName === undefined ? tr.t('serviceDesk.photoThe') : JSON.stringify(fileName),
    size: MAX_UPLOAD_FILE_BYTES / (1024 * 1024),
  });

export const tooManyPhotosIn = (tr: ServerTranslator): string =>
  tr.t('serviceDesk.photoTooMany', { count: SERVICE_REQUEST_MAX_PHOTOS });

/**
 * What a visitor over the allowance is told (decision 022), in the page's language: that this
 * request was not sent, how to reach us now, and when they may send it again.
 */
export function serviceLimitMessage(locale: Locale, minutes: number, phones: readonly string[]): string {
  const tr = serverTranslator(locale);
  return [
    tr.t('serviceDesk.limitIntro'),
    phones.length > 0
      ? tr.t('serviceDesk.limitCall', { phones: tr.list(phones) })
      : tr.t('serviceDesk.limitCallAnyway'),
    tr.t('serviceDesk.limitAgain', { minutes }),
  ].join(' ');
}

/** The field's state for assistive technology: invalid, and what describes it (its hint, its refusal). */
function fieldA11y(name: string, error: string | undefined, hinted = false): string {
  const describedBy = [...(hinted ? [`${name}-hint`] : []), ...(error ? [`${name}-error`] : [])];
  return (
    (error ? ' aria-invalid="true"' : '') +
    (describedBy.length > 0 ? ` aria-describedby="${describedBy.join(' ')}"` : '')
  );
}

/** Errors arrive already in the page's language. */
function errorLine(name: string, error: string | undefined): string {
  return error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : '';
}

/** The order the form shows its fields in, which the summary of refusals follows. */
const FIELD_ORDER: ServiceFormField[] = [
  'serial',
  'phone',
  'name',
  'email',
  'symptom',
  SERVICE_FORM_PHOTOS_FIELD,
  'machineDown',
  'preferredDate',
];

export interface ServiceFormPageInput {
  company: FormPageCompany;
  values: ServiceFormValues;
  /** Per field, in the page's language. */
  errors: ServiceFormErrors;
  /** A problem of the whole form (too many requests, an unreadable body), in the page's language. */
  problem?: string;
  /** Whether photos came with the refused form: they must be chosen again, and the page says so. */
  photosSent: boolean;
}

/**
 * The form again, with what the visitor typed and why it was not sent: a message for the whole
 * form and/or one per field. Photos cannot be given back (a file input starts empty), so when some
 * were sent the page asks for them again.
 */
export function serviceFormPage({ company, values, errors, problem, photosSent }: ServiceFormPageInput): string {
  const locale = formPageLocale(values);
  const tr = serverTranslator(locale);
  const say = (key: ServerMessageKey) => escapeHtml(tr.t(key));
  const value = (name: keyof ServiceFormValues) => escapeHtml(values[name] ?? '');
  const listed = FIELD_ORDER.flatMap((name) => {
    const message = errors[name];
    return message ? [`<li><a href="#${name}">${escapeHtml(message)}</a></li>`] : [];
  });
  const summary = [...(problem ? [`<li>${escapeHtml(problem)}</li>`] : []), ...listed];
  const text = (
    name: 'serial' | 'phone' | 'name' | 'email',
    label: ServerMessageKey,
    type: string,
    autocomplete: string,
    required: boolean,
    hint?: string,
  ) =>
    `<div class="field"><label for="${name}">${say(label)}</label>` +
    (hint ? `<p class="muted" id="${name}-hint" style="margin:0">${escapeHtml(hint)}</p>` : '') +
    `<input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete}" value="${value(name)}"${required ? ' required' : ''}${fieldA11y(name, errors[name], hint !== undefined)}>` +
    `${errorLine(name, errors[name])}</div>`;
  const down = ['on', 'true', '1', 'yes'].includes(values.machineDown ?? '');
  const phone = company?.phones[0];
  const callUs = phone
    ? withMarkup(
        tr,
        'serviceDesk.callUs',
        'phone',
        `<a href="tel:${telOf(phone.number)}">${escapeHtml(phone.number)}</a>`,
      )
    : null;
  const photosAgain = photosSent ? `<p class="muted" style="margin:0">${say('serviceDesk.photosAgain')}</p>` : '';
  const localeInput = `<input type="hidden" name="locale" value="${escapeHtml(locale)}">`;
  return documentHtml(
    company,
    tr.t('serviceDesk.notSent'),
    `<div class="card"><h1>${say('serviceDesk.notSent')}</h1>
<div class="summary" role="alert"><h2>${say('serviceDesk.checkFollowing')}</h2><ul>${summary.join('')}</ul></div>
<form method="post" action="${SERVICE_FORM_ACTION}" enctype="multipart/form-data">
${text('serial', 'serviceDesk.serial', 'text', 'off', true, tr.t('serviceDesk.serialHint'))}
${text('phone', 'serviceDesk.phone', 'tel', 'tel', true)}
${text('name', 'serviceDesk.name', 'text', 'name', true)}
${text('email', 'serviceDesk.emailOptional', 'email', 'email', false)}
<div class="field"><label for="symptom">${say('serviceDesk.symptom')}</label><textarea id="symptom" name="symptom" rows="5" required${fieldA11y('symptom', errors.symptom)}>${value('symptom')}</textarea>${errorLine('symptom', errors.symptom)}</div>
<div class="field"><label for="${SERVICE_FORM_PHOTOS_FIELD}">${escapeHtml(tr.t('serviceDesk.photos', { count: SERVICE_REQUEST_MAX_PHOTOS }))}</label>${photosAgain}<input id="${SERVICE_FORM_PHOTOS_FIELD}" name="${SERVICE_FORM_PHOTOS_FIELD}" type="file" accept="image/*" multiple${fieldA11y(SERVICE_FORM_PHOTOS_FIELD, errors.images)}>${errorLine(SERVICE_FORM_PHOTOS_FIELD, errors.images)}</div>
<div class="field"><label style="display:flex;gap:.5rem;align-items:center"><input id="machineDown" name="machineDown" type="checkbox" value="${SERVICE_FORM_MACHINE_DOWN_VALUE}" style="width:auto"${down ? ' checked' : ''}${fieldA11y('machineDown', errors.machineDown)}>${say('serviceDesk.machineDown')}</label>${errorLine('machineDown', errors.machineDown)}</div>
<div class="field"><label for="preferredDate">${say('serviceDesk.preferredDate')}</label><input id="preferredDate" name="preferredDate" type="date" value="${value('preferredDate')}"${fieldA11y('preferredDate', errors.preferredDate)}>${errorLine('preferredDate', errors.preferredDate)}</div>
${localeInput}<button type="submit">${say('serviceDesk.send')}</button></form>
${callUs ? `<p class="muted">${callUs}</p>` : ''}</div>`,
    locale,
  );
}

export interface ServiceThanksPageInput {
  company: FormPageCompany;
  reference: string;
  locale: Locale;
  /** The phone the buyer gave (we call them on it). */
  phone: string;
  /** The address they gave, if any. */
  email: string | null;
  machineDown: boolean;
}

/** The page of a request received: the reference in large type, and what happens next. */
export function serviceThanksPage({
  company,
  reference,
  locale,
  phone,
  email,
  machineDown,
}: ServiceThanksPageInput): string {
  const tr = serverTranslator(locale);
  const title = tr.t('serviceDesk.thanksTitle');
  const next = [
    tr.t('serviceDesk.nextCall', { phone }),
    ...(machineDown ? [tr.t('serviceDesk.nextDown')] : []),
    email ? tr.t('serviceDesk.nextEmail', { email }) : tr.t('serviceDesk.nextNoEmail'),
  ];
  return documentHtml(
    company,
    title,
    `<div class="card"><h1>${escapeHtml(title)}</h1>
<p style="margin:1rem 0 0">${escapeHtml(tr.t('serviceDesk.referenceLabel'))}</p>
<p class="reference" style="font-size:2.25rem;line-height:1.2;font-weight:700;letter-spacing:.02em;margin:.25rem 0 .5rem">${escapeHtml(reference)}</p>
<p>${escapeHtml(tr.t('serviceDesk.referenceHint'))}</p>
<h2 style="font-size:1.2rem;margin:1.5rem 0 .5rem">${escapeHtml(tr.t('serviceDesk.nextHeading'))}</h2>
<ul>${next.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p><a class="button" href="${localizedPath(locale, '/')}">${escapeHtml(tr.t('serviceDesk.backHome'))}</a></p></div>`,
    locale,
  );
}
