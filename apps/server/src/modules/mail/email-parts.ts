import { contactServiceLabel, type Inquiry, toOneLine } from '@capstan/shared';

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

/** When an inquiry arrived, as staff in India read it. */
export const received = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/** An email's HTML document around `body`, in the house's plain style. */
/** A calendar day in India (YYYY-MM-DD, decision 021) as a date in words, not as an instant. */
export const indianDay = (day: string): string =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

export function emailPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="font-family:Arial,sans-serif;font-size:15px;line-height:1.5;color:#0f172a">${body}</body></html>`;
}

export function emailLink(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/** An inquiry's facts as label and value, in the order every email about it lists them. */
export function inquiryFields(inquiry: Inquiry, nameLabel: string): [string, string][] {
  const service = contactServiceLabel(inquiry);
  return [
    ['Reference', inquiry.reference],
    [nameLabel, oneLine(`${inquiry.firstName} ${inquiry.lastName}`)],
    ['Email', inquiry.email],
    ['Phone', inquiry.phone],
    ...(service ? [['Service', service] as [string, string]] : []),
    ...(inquiry.product ? [['Product', inquiry.product] as [string, string]] : []),
    ['Received', received.format(new Date(inquiry.createdAt))],
  ];
}
