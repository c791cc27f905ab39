import {
  CONTACT_FORM_ACTION,
  type ContactServiceOption,
  INQUIRY_REFERENCE_HINT,
  INQUIRY_THANKS_TEXT,
  INQUIRY_THANKS_TITLE,
  type InquiryInput,
  type PublicCompanySettings,
  telOf,
} from '@capstan/shared';

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
:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}p.muted{color:#475569}`;

export function documentHtml(company: FormPageCompany, title: string, body: string): string {
  const name = escapeHtml(company?.name ?? 'Home');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}${company ? ` — ${name}` : ''}</title>
<style>${STYLE}</style></head>
<body><header><a href="/">${name}</a></header><main>${body}</main></body></html>`;
}

const FIELDS: { name: keyof InquiryInput; label: string; type?: string; autocomplete?: string }[] = [
  { name: 'firstName', label: 'First name', autocomplete: 'given-name' },
  { name: 'lastName', label: 'Last name', autocomplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
];

function fieldA11y(name: string, error: string | undefined): string {
  return error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
}

function errorLine(name: string, error: string | undefined): string {
  return error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : '';
}

/** The thank-you page a visitor without the app sees once the inquiry is stored. */
export function inquiryThanksPage(company: FormPageCompany, reference: string): string {
  return documentHtml(
    company,
    INQUIRY_THANKS_TITLE,
    `<div class="card"><h1>${INQUIRY_THANKS_TITLE}</h1><p>${INQUIRY_THANKS_TEXT}</p>
<p>Your reference number is <strong>${escapeHtml(reference)}</strong>. ${INQUIRY_REFERENCE_HINT}</p>
<p><a class="button" href="/">Back to the home page</a></p></div>`,
  );
}

/**
 * The form again, with what the visitor typed and why it was not sent: a message for the whole
 * form (too many requests, an unreadable body) and/or one per field.
 */
export function inquiryFormPage(
  company: FormPageCompany,
  services: readonly ContactServiceOption[],
  values: InquiryFormValues,
  errors: InquiryFormErrors,
  problem?: string,
): string {
  const phone = company?.phones[0];
  const value = (name: keyof InquiryInput) => escapeHtml(values[name] ?? '');
  const listed = (Object.entries(errors) as [keyof InquiryInput, string][]).filter(([, message]) => message);
  const summaryItems = [
    ...(problem ? [`<li>${escapeHtml(problem)}</li>`] : []),
    ...listed.map(([name, message]) => `<li><a href="#${name}">${escapeHtml(message)}</a></li>`),
  ];
  const inputs = FIELDS.map(
    ({ name, label, type = 'text', autocomplete }) =>
      `<div class="field"><label for="${name}">${label}</label><input id="${name}" name="${name}" type="${type}" autocomplete="${autocomplete ?? 'off'}" value="${value(name)}" required${fieldA11y(name, errors[name])}>${errorLine(name, errors[name])}</div>`,
  ).join('');
  const options = services
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${values.service === option.value ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
    )
    .join('');
  const product = values.product ? `<input type="hidden" name="product" value="${value('product')}">` : '';
  // Sent again with the corrected form, so the buyer is still answered in their page's language.
  const locale = values.locale ? `<input type="hidden" name="locale" value="${value('locale')}">` : '';
  return documentHtml(
    company,
    'Your inquiry was not sent',
    `<div class="card"><h1>Your inquiry was not sent</h1>
<div class="summary" role="alert"><h2>Please check the following</h2><ul>${summaryItems.join('')}</ul></div>
<form method="post" action="${CONTACT_FORM_ACTION}">${inputs}
<div class="field"><label for="service">Service (optional)</label><select id="service" name="service"${fieldA11y('service', errors.service)}><option value="">Select a service</option>${options}</select>${errorLine('service', errors.service)}</div>
<div class="field"><label for="message">Message</label><textarea id="message" name="message" rows="5" required${fieldA11y('message', errors.message)}>${value('message')}</textarea>${errorLine('message', errors.message)}</div>
${product}${locale}<button type="submit">Send Message</button></form>
${phone ? `<p class="muted">Or call us on <a href="tel:${telOf(phone.number)}">${escapeHtml(phone.number)}</a>.</p>` : ''}</div>`,
  );
}
