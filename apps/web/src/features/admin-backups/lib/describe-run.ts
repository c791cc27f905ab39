import { type BackupCounts, INTL_LOCALES, type Locale } from '@capstan/shared';
import { formatIndianNumber } from '@/lib/format';
import type { AdminTranslator, BackOfficeKey } from '@/lib/i18n/admin';

// The works and its staff are in India: show Indian time whatever the browser's zone.
const startedAtFormats = new Map<Locale, Intl.DateTimeFormat>();

function startedAtFormat(locale: Locale): Intl.DateTimeFormat {
  let format = startedAtFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Kolkata',
    });
    startedAtFormats.set(locale, format);
  }
  return format;
}

/** "25 Nov 2026, 3:00 am" (in the reader's language when given it). */
export function formatRunTime(iso: string, locale: Locale = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : startedAtFormat(locale).format(date);
}

// Binary units, as the upload limits are stated (10 MB = 10 × 1024 × 1024 bytes).
const SIZE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;
const oneDecimal = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** "12.4 MB", "830 KB", "512 bytes" (in the reader's language when given the translator). */
export function formatSize(bytes: number, translator?: AdminTranslator): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (translator === undefined) return `${oneDecimal.format(value)} ${SIZE_UNITS[unit]}`;
  const size = translator.intl.formatNumber(value, { maximumFractionDigits: 1 });
  return unit === 0 ? translator.t('adminBackups.sizeBytes', { size }) : `${size} ${SIZE_UNITS[unit]}`;
}

/** What a backup holds, in the order staff think of the site; singular and plural names. */
const COUNT_NAMES: [keyof BackupCounts, string, string, BackOfficeKey][] = [
  ['machines', 'machine', 'machines', 'adminBackups.countMachines'],
  ['spareParts', 'spare part', 'spare parts', 'adminBackups.countSpareParts'],
  ['services', 'service', 'services', 'adminBackups.countServices'],
  ['inquiries', 'inquiry', 'inquiries', 'adminBackups.countInquiries'],
  ['users', 'staff', 'staff', 'adminBackups.countStaff'],
  ['images', 'picture', 'pictures', 'adminBackups.countPictures'],
];

/** "3 machines · 25 spare parts · 4 services · 12 inquiries · 2 staff · 160 pictures". */
export function describeCounts(counts: BackupCounts, translator?: AdminTranslator): string {
  return COUNT_NAMES.map(([key, one, many, message]) =>
    translator === undefined
      ? `${formatIndianNumber(counts[key])} ${counts[key] === 1 ? one : many}`
      : translator.t(message, { count: counts[key] }),
  ).join(' · ');
}
