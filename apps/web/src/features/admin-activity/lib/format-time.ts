import { INTL_LOCALES, type Locale } from '@capstan/shared';

// The works and its staff are in India: exact times in Indian time whatever the browser's zone.
const exactTimes = new Map<Locale, Intl.DateTimeFormat>();
const relatives = new Map<Locale, Intl.RelativeTimeFormat>();

function exactTime(locale: Locale): Intl.DateTimeFormat {
  let format = exactTimes.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[locale], {
      dateStyle: 'medium',
      timeStyle: 'medium',
      timeZone: 'Asia/Kolkata',
    });
    exactTimes.set(locale, format);
  }
  return format;
}

function relative(locale: Locale): Intl.RelativeTimeFormat {
  let format = relatives.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale === 'en' ? 'en' : INTL_LOCALES[locale], { numeric: 'auto' });
    relatives.set(locale, format);
  }
  return format;
}

export function formatExactTime(iso: string, locale: Locale = 'en'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : exactTime(locale).format(date);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/**
 * "just now" (`justNow`, the caller's words for it), "5 minutes ago", "yesterday", "3 days ago";
 * past a month, the date itself.
 */
export function formatRelativeTime(iso: string, now: number, locale: Locale = 'en', justNow = 'just now'): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const elapsed = Math.max(0, now - time);
  if (elapsed < 60 * 1000) return justNow;
  if (elapsed >= 30 * 24 * 60 * 60 * 1000) return formatExactTime(iso, locale);
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative(locale).format(-Math.floor(elapsed / size), unit);
  }
  return justNow;
}
