import type { Translator } from '@/lib/i18n';

const DAY = { dateStyle: 'medium', timeZone: 'UTC' } as const;
const INDIAN_DAY = { dateStyle: 'medium', timeZone: 'Asia/Kolkata' } as const;
const CLOCK = { hour: 'numeric', minute: '2-digit' } as const;

/** A calendar day (`2026-04-10`) in the reader's language, the same day wherever the browser is. */
export function formatDay(translator: Translator, day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : translator.intl.formatDate(date, DAY);
}

/** The day of a moment (`2026-04-10T05:12:00Z`) as India's calendar has it. */
export function formatInstantDay(translator: Translator, instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : translator.intl.formatDate(date, INDIAN_DAY);
}

/** A time on the reader's own clock (`4:35 pm`), for "try again after": only ever drawn in the browser. */
export function formatClockTime(translator: Translator, date: Date): string {
  return translator.intl.formatTime(date, CLOCK);
}
