import type { Translator } from '@/lib/i18n';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something happened, short, in the reader's language ("3 hr ago", "2 days ago"), or
 * `justNow` under a minute. Always a number ("1 day ago", not "yesterday"): an age is counted, and
 * Hindi's word for the day before yesterday also means the day after tomorrow.
 */
export function formatAge(intl: Translator['intl'], iso: string, now: number, justNow: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const elapsed = Math.max(0, now - time);
  const options = { style: 'short', numeric: 'always' } as const;
  if (elapsed < MINUTE) return justNow;
  if (elapsed < HOUR) return intl.formatRelativeTime(-Math.floor(elapsed / MINUTE), 'minute', options);
  if (elapsed < DAY) return intl.formatRelativeTime(-Math.floor(elapsed / HOUR), 'hour', options);
  return intl.formatRelativeTime(-Math.floor(elapsed / DAY), 'day', options);
}
