import { CONTACT_SERVICE_OPTIONS, type Inquiry } from '@capstan/shared';

const received = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});

/**
 * One CSV field: always quoted (commas, quotes and line breaks in messages stay in their cell),
 * and a value Excel or Sheets would run as a formula (= + - @, a tab or CR first) starts with an
 * apostrophe so it shows as typed instead (CSV injection).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const COLUMNS: [string, (inquiry: Inquiry) => string][] = [
  ['Reference', (i) => i.reference],
  ['Received (IST)', (i) => received.format(new Date(i.createdAt))],
  ['Status', (i) => i.status],
  ['First name', (i) => i.firstName],
  ['Last name', (i) => i.lastName],
  ['Email', (i) => i.email],
  ['Phone', (i) => i.phone],
  ['Service', (i) => CONTACT_SERVICE_OPTIONS.find((o) => o.value === i.service)?.label ?? ''],
  ['Product', (i) => i.product ?? ''],
  ['Message', (i) => i.message],
];

/**
 * The inquiries as a CSV file Excel opens correctly: UTF-8 with a byte-order mark (without it
 * Excel reads Tamil or Hindi as Windows-1252 garbage) and CRLF line ends.
 */
export function inquiriesCsv(inquiries: Inquiry[]): string {
  const lines = [
    COLUMNS.map(([label]) => csvField(label)).join(','),
    ...inquiries.map((inquiry) => COLUMNS.map(([, value]) => csvField(value(inquiry))).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
