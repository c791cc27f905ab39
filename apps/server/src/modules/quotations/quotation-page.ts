import {
  formatRupeesAndPaise,
  gstStateName,
  indianToday,
  type Locale,
  localizedPath,
  type PublicCompanySettings,
  type Quotation,
  telOf,
} from '@capstan/shared';
import { type ServerMessageKey, type ServerTranslator, serverTranslator } from '../../i18n/server-translator';
import { escapeHtml, indianDay } from '../mail/email-parts';
import type { BuyerView, ReplyRefusal } from './quotation-buyer.service';

/**
 * The buyer's quotation page (issue 39): plain server HTML, no script, in the language they asked
 * in, made for a phone first (one column; the lines as cards rather than a wide table). Unlisted
 * rather than noindex: the token in its address is unguessable and never linked, and Lighthouse's
 * SEO audit counts a noindex against it.
 */

export type PageCompany = Pick<PublicCompanySettings, 'name' | 'phones'> | null;

/** The seller as the page names it (Site → Company now; the PDF keeps what was sent). */
export interface PageSeller {
  name: string;
  addressLines: readonly string[];
  /** '' when the company has no valid GSTIN. */
  gstin: string;
}

/** What the buyer typed into the forms, and why it was refused, field by field. */
export interface ReplyForms {
  accept?: { values: { name?: string; purchaseOrder?: string }; errors: { name?: string; purchaseOrder?: string } };
  changes?: { values: { message?: string }; errors: { message?: string } };
  /** A problem of the whole reply (too many, unreadable, unavailable), in the page's language. */
  problem?: string;
}

// Contrast: every text colour here is at least 7:1 on its background (WCAG AAA), so no audit fails.
const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f8fafc}
header{background:#1e3a8a;padding:1rem 1.25rem}header a{color:#fff;font-weight:700;text-decoration:none}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem;overflow-wrap:anywhere}
h2{font-size:1.2rem;margin:1.75rem 0 .75rem}h3{font-size:1rem;margin:0 0 .5rem}
.card{background:#fff;border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem}.card h2{margin-top:0}
dl{margin:0;display:grid;grid-template-columns:fit-content(50%) 1fr;gap:.25rem 1rem}dt{color:#334155}dd{margin:0;font-weight:600;overflow-wrap:break-word;min-width:0}
.parties{display:grid;gap:1rem;margin-top:1rem}.parties p{margin:0}.muted{color:#334155}
ol.lines{list-style:none;margin:0;padding:0;display:grid;gap:.75rem}
.num{text-align:right;font-variant-numeric:tabular-nums}
table{width:100%;border-collapse:collapse}th,td{padding:.4rem 0;border-bottom:1px solid #e2e8f0;text-align:left;font-weight:400}
tr.total th,tr.total td{font-weight:700;font-size:1.1rem;border-bottom:0}
.notice{border:2px solid #1e40af;background:#eff6ff;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1.25rem}
.notice.stop{border-color:#991b1b;background:#fef2f2}.notice p{margin:0}
.summary{border:2px solid #991b1b;border-radius:.5rem;padding:.75rem 1rem;margin:0 0 1rem;background:#fef2f2}
.summary ul{margin:0;padding-left:1.25rem}.error{color:#991b1b;margin:0;font-size:.95rem}
.field{display:grid;gap:.35rem;margin-bottom:1rem}label{font-weight:600}
input,textarea{font:inherit;width:100%;padding:.65rem .75rem;border:1px solid #64748b;border-radius:.375rem;background:#fff;color:inherit}
[aria-invalid=true]{border-color:#991b1b}
button,.button{display:inline-block;min-height:48px;font:inherit;font-weight:600;padding:.7rem 1.25rem;border:0;border-radius:.375rem;background:#1e40af;color:#fff;text-decoration:none;cursor:pointer}
a{color:#1e40af}:focus-visible{outline:3px solid #b45309;outline-offset:2px}
@media (min-width:40rem){.parties{grid-template-columns:1fr 1fr}h1{font-size:1.75rem}}`;

// The reply schemas' refusals (packages/shared) are English texts; said in the page's language
// by the `quotation.refusal…` entries whose English is the very same text.
const REFUSALS = new Map(
  Object.entries(serverTranslator('en').intl.messages as Record<string, string>)
    .filter(([key]) => key.startsWith('quotation.refusal'))
    .map(([key, message]) => [message, key as ServerMessageKey]),
);
const refusalIn = (tr: ServerTranslator, message: string): string => {
  const key = REFUSALS.get(message);
  return key === undefined ? message : tr.t(key);
};

function shell(company: PageCompany, locale: Locale, title: string, description: string, body: string): string {
  const tr = serverTranslator(locale);
  const name = company?.name ?? tr.t('contactForm.home');
  const phone = company?.phones[0];
  const contact = phone
    ? `<p class="muted">${escapeHtml(tr.t('quotation.contactUs', { phone: '\u0000' })).replace(
        '\u0000',
        `<a href="tel:${telOf(phone.number)}">${escapeHtml(phone.number)}</a>`,
      )}</p>`
    : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} — ${escapeHtml(name)}</title><meta name="description" content="${escapeHtml(description)}">
<link rel="icon" href="/favicon.ico"><style>${STYLE}</style></head>
<body><header><a href="${localizedPath(locale, '/')}">${escapeHtml(name)}</a></header><main>${body}${contact}</main></body></html>`;
}

const day = (instant: string, locale: Locale) => indianDay(indianToday(new Date(instant)), locale);

function facts(tr: ServerTranslator, quotation: Quotation): string {
  const row = (label: ServerMessageKey, value: string) =>
    `<dt>${escapeHtml(tr.t(label))}</dt><dd>${escapeHtml(value)}</dd>`;
  const place = tr.t('quotation.stateName', {
    name: gstStateName(quotation.placeOfSupply.code, tr.locale),
    code: quotation.placeOfSupply.code,
  });
  return `<dl class="card">${row('quotation.date', day(quotation.sentAt ?? quotation.createdAt, tr.locale))}${row(
    'quotation.validUntil',
    indianDay(quotation.validUntil, tr.locale),
  )}${row('quotation.placeOfSupply', place)}</dl>`;
}

function parties(tr: ServerTranslator, quotation: Quotation, seller: PageSeller): string {
  const buyer = quotation.buyer;
  const lines = (texts: readonly string[]) =>
    texts
      .filter((text) => text !== '')
      .map((text) => `<p>${escapeHtml(text)}</p>`)
      .join('');
  const gstin = (value: string) => (value === '' ? '' : tr.t('quotation.gstin', { gstin: value }));
  return `<div class="parties"><section class="card" aria-labelledby="seller-heading"><h2 id="seller-heading">${escapeHtml(
    tr.t('quotation.seller'),
  )}</h2>${lines([seller.name, ...seller.addressLines, gstin(seller.gstin)])}</section>
<section class="card" aria-labelledby="buyer-heading"><h2 id="buyer-heading">${escapeHtml(tr.t('quotation.buyer'))}</h2>${lines(
    [buyer.company, buyer.name, ...buyer.address.split('\n'), gstin(buyer.gstin)],
  )}</section></div>`;
}

function lineCards(tr: ServerTranslator, quotation: Quotation): string {
  const money = (rupees: number) => formatRupeesAndPaise(rupees, tr.locale);
  const intraState = quotation.supply === 'intraState';
  const cards = quotation.lines.map((line) => {
    const rows: [ServerMessageKey, string][] = [
      ['quotation.colHsn', line.hsn],
      ['quotation.colQuantity', tr.t('quotation.quantityUnit', { quantity: line.quantity, unit: line.unit })],
      ['quotation.colRate', money(line.rate)],
      ...(line.discountPercent > 0
        ? [
            ['quotation.colDiscount', tr.t('quotation.percent', { value: line.discountPercent })] as [
              ServerMessageKey,
              string,
            ],
          ]
        : []),
      ['quotation.colTaxable', money(line.taxableValue)],
      [
        'quotation.colGst',
        `${tr.t('quotation.percent', { value: line.gstRate })}: ${money(intraState ? line.cgst + line.sgst : line.igst)}`,
      ],
      ['quotation.colTotal', money(line.total)],
    ];
    const list = rows
      .map(([label, value]) => `<dt>${escapeHtml(tr.t(label))}</dt><dd class="num">${escapeHtml(value)}</dd>`)
      .join('');
    return `<li class="card"><h3>${escapeHtml(`${line.position}. ${line.description}`)}</h3><dl>${list}</dl></li>`;
  });
  return `<ol class="lines">${cards.join('')}</ol>`;
}

function totalsTable(tr: ServerTranslator, quotation: Quotation, stateTax: 'SGST' | 'UTGST'): string {
  const money = (rupees: number) => formatRupeesAndPaise(rupees, tr.locale);
  const rows: [string, number, string?][] = [
    ...quotation.charges.map((charge): [string, number] => [
      tr.t(charge.kind === 'freight' ? 'quotation.freight' : 'quotation.packing'),
      charge.amount,
    ]),
    [tr.t('quotation.taxableValue'), quotation.totals.taxableValue],
    ...(quotation.supply === 'intraState'
      ? ([
          [tr.t('quotation.cgst'), quotation.totals.cgst],
          [tr.t(stateTax === 'UTGST' ? 'quotation.utgst' : 'quotation.sgst'), quotation.totals.sgst],
        ] as [string, number][])
      : ([[tr.t('quotation.igst'), quotation.totals.igst]] as [string, number][])),
    [tr.t('quotation.roundOff'), quotation.totals.roundOff],
    [tr.t('quotation.total'), quotation.totals.total, 'total'],
  ];
  const body = rows
    .map(
      ([label, value, kind]) =>
        `<tr${kind ? ` class="${kind}"` : ''}><th scope="row">${escapeHtml(label)}</th><td class="num">${escapeHtml(money(value))}</td></tr>`,
    )
    .join('');
  return `<table class="card"><tbody>${body}</tbody></table>
<p><span class="muted">${escapeHtml(tr.t('quotation.amountInWords'))}:</span> <strong>${escapeHtml(quotation.amountInWords)}</strong></p>`;
}

function termsList(tr: ServerTranslator, quotation: Quotation): string {
  const terms: [ServerMessageKey, string | undefined][] = [
    ['quotation.termsPayment', quotation.terms.payment],
    ['quotation.termsDelivery', quotation.terms.delivery],
    ['quotation.termsWarranty', quotation.terms.warranty],
    ['quotation.termsNotes', quotation.terms.notes],
  ];
  const given = terms.filter((entry): entry is [ServerMessageKey, string] => (entry[1] ?? '') !== '');
  if (given.length === 0) return '';
  const list = given
    .map(
      ([label, text]) => `<dt>${escapeHtml(tr.t(label))}</dt><dd style="white-space:pre-line">${escapeHtml(text)}</dd>`,
    )
    .join('');
  return `<h2>${escapeHtml(tr.t('quotation.termsHeading'))}</h2><dl class="card">${list}</dl>`;
}

/** Why the buyer cannot reply (or what they did already), above the quotation. */
function notice(tr: ServerTranslator, view: BuyerView, refusal: ReplyRefusal | null): string {
  const { quotation } = view;
  const box = (text: string, stop: boolean) =>
    `<div class="notice${stop ? ' stop' : ''}" role="status"><p>${escapeHtml(text)}</p></div>`;
  switch (quotation.status) {
    case 'accepted': {
      const acceptance = quotation.acceptance;
      const by = tr.t('quotation.acceptedNotice', {
        name: acceptance?.name ?? '',
        date: day(quotation.acceptedAt ?? quotation.updatedAt, tr.locale),
      });
      const po = acceptance?.purchaseOrder
        ? `<p>${escapeHtml(tr.t('quotation.acceptedPurchaseOrder', { purchaseOrder: acceptance.purchaseOrder }))}</p>`
        : '';
      return `<div class="notice" role="status"><p>${escapeHtml(by)}</p>${po}</div>`;
    }
    case 'superseded':
      return box(tr.t(view.newerSent ? 'quotation.supersededNotice' : 'quotation.revisingNotice'), true);
    case 'expired':
      return box(tr.t('quotation.expiredNotice', { date: indianDay(quotation.validUntil, tr.locale) }), true);
    case 'changes_requested': {
      const last = quotation.changeRequests.at(-1);
      return last ? box(tr.t('quotation.changesNotice', { date: day(last.at, tr.locale) }), false) : '';
    }
    default:
      return refusal === 'notOpen' ? box(tr.t('quotation.notFoundText'), true) : '';
  }
}

const a11y = (id: string, error: string | undefined) =>
  error ? ` aria-invalid="true" aria-describedby="${id}-error"` : '';
const errorLine = (id: string, error: string | undefined, tr: ServerTranslator) =>
  error ? `<p class="error" id="${id}-error">${escapeHtml(refusalIn(tr, error))}</p>` : '';

function replyForms(tr: ServerTranslator, token: string, forms: ReplyForms): string {
  const say = (key: ServerMessageKey) => escapeHtml(tr.t(key));
  const accept = forms.accept ?? { values: {}, errors: {} };
  const changes = forms.changes ?? { values: {}, errors: {} };
  const base = `/q/${encodeURIComponent(token)}`;
  return `<section aria-labelledby="accept-heading"><h2 id="accept-heading">${say('quotation.acceptHeading')}</h2>
<form class="card" method="post" action="${base}/accept">
<div class="field"><label for="accept-name">${say('quotation.acceptName')}</label><input id="accept-name" name="name" autocomplete="name" required maxlength="200" value="${escapeHtml(accept.values.name ?? '')}"${a11y('accept-name', accept.errors.name)}>${errorLine('accept-name', accept.errors.name, tr)}</div>
<div class="field"><label for="accept-po">${say('quotation.acceptPurchaseOrder')}</label><input id="accept-po" name="purchaseOrder" autocomplete="off" maxlength="60" value="${escapeHtml(accept.values.purchaseOrder ?? '')}"${a11y('accept-po', accept.errors.purchaseOrder)}>${errorLine('accept-po', accept.errors.purchaseOrder, tr)}</div>
<button type="submit">${say('quotation.acceptButton')}</button></form></section>
<section aria-labelledby="changes-heading"><h2 id="changes-heading">${say('quotation.changesHeading')}</h2>
<form class="card" method="post" action="${base}/changes">
<div class="field"><label for="changes-message">${say('quotation.changesMessage')}</label><textarea id="changes-message" name="message" rows="4" required maxlength="5000"${a11y('changes-message', changes.errors.message)}>${escapeHtml(changes.values.message ?? '')}</textarea>${errorLine('changes-message', changes.errors.message, tr)}</div>
<button type="submit">${say('quotation.changesButton')}</button></form></section>`;
}

/** Whether the buyer may still reply: the latest revision, open, not past its validity. */
const canReply = (quotation: Quotation) =>
  quotation.status === 'sent' || quotation.status === 'viewed' || quotation.status === 'changes_requested';

/**
 * The page of a quotation: its figures and terms, the PDF, and (while it can be accepted) the two
 * forms. `forms` carries a refused reply's values and messages; `refusal` what the page says when
 * a reply came too late.
 */
export function quotationPage(
  company: PageCompany,
  seller: PageSeller,
  token: string,
  view: BuyerView,
  forms: ReplyForms = {},
  refusal: ReplyRefusal | null = null,
): string {
  const tr = serverTranslator(view.locale);
  const { quotation } = view;
  const title = tr.t('quotation.pageTitle', { number: quotation.number });
  const description = tr.t('quotation.pageDescription', { number: quotation.number, company: seller.name });
  const fieldErrors = [
    ...Object.entries(forms.accept?.errors ?? {}).map(([field, message]) => [
      `accept-${field === 'name' ? 'name' : 'po'}`,
      message,
    ]),
    ...Object.entries(forms.changes?.errors ?? {}).map(([, message]) => ['changes-message', message]),
  ].filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  const summary =
    forms.problem || fieldErrors.length > 0
      ? `<div class="summary" role="alert"><h2>${escapeHtml(tr.t('quotation.checkFollowing'))}</h2><ul>${[
          ...(forms.problem ? [`<li>${escapeHtml(forms.problem)}</li>`] : []),
          ...fieldErrors.map(([id, message]) => `<li><a href="#${id}">${escapeHtml(refusalIn(tr, message))}</a></li>`),
        ].join('')}</ul></div>`
      : '';
  const pdf = quotation.pdfSha256
    ? `<p><a class="button" href="/q/${encodeURIComponent(token)}/pdf">${escapeHtml(tr.t('quotation.downloadPdf'))}</a></p>`
    : '';
  const body = `<h1>${escapeHtml(tr.t('quotation.heading', { number: quotation.number }))}</h1>
${summary}${notice(tr, view, refusal)}${facts(tr, quotation)}
${parties(tr, quotation, seller)}
<h2>${escapeHtml(tr.t('quotation.linesHeading'))}</h2>${lineCards(tr, quotation)}
<h2>${escapeHtml(tr.t('quotation.total'))}</h2>${totalsTable(tr, quotation, view.stateTax)}
${termsList(tr, quotation)}${pdf}${canReply(quotation) ? replyForms(tr, token, forms) : ''}`;
  return shell(company, view.locale, title, description, body);
}

/** The page of a link that opens no quotation (a 404), in English: nothing says which language the buyer reads. */
export function quotationNotFoundPage(company: PageCompany, locale: Locale = 'en'): string {
  const tr = serverTranslator(locale);
  const title = tr.t('quotation.notFoundTitle');
  return shell(
    company,
    locale,
    title,
    tr.t('quotation.notFoundText'),
    `<h1>${escapeHtml(title)}</h1><p class="card">${escapeHtml(tr.t('quotation.notFoundText'))}</p>`,
  );
}
