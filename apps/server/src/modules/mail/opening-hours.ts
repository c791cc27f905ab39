import { type DayHours, groupOpeningHours, type WeekDay, WEEK_DAYS } from '@capstan/shared';
import type { ServerTranslator } from '../../i18n/server-translator';

// A Monday (1 January 2024, UTC): the weekday names come from Intl in the reader's language.
const A_MONDAY = Date.UTC(2024, 0, 1);
const DAY_MS = 24 * 60 * 60 * 1000;

function dayName(day: WeekDay, { intl }: ServerTranslator): string {
  return intl.formatDate(A_MONDAY + WEEK_DAYS.indexOf(day) * DAY_MS, { weekday: 'long', timeZone: 'UTC' });
}

/** '20:00' as the reader's language says a time of day ('8:00 PM', 'இரவு 8:00', 'रात 8:00 बजे'). */
function clock(time: string, { t }: ServerTranslator): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const period =
    hours < 5 ? 'lateNight' : hours < 12 ? 'morning' : hours < 16 ? 'afternoon' : hours < 19 ? 'evening' : 'night';
  const hour = String(hours % 12 === 0 ? 12 : hours % 12);
  return t('email.clock', { hour, minutes: String(minutes).padStart(2, '0'), period });
}

/**
 * The hours as printed (SPEC §9: 'Monday to Saturday 9:00 AM to 8:00 PM'), in the reader's
 * language; in English exactly what `formatOpeningHours` prints (the public contact section does
 * the same with the web app's catalogue).
 */
export function openingHoursIn(hours: readonly DayHours[], translator: ServerTranslator): string[] {
  const { t } = translator;
  return groupOpeningHours(hours).map((group) => {
    const first = dayName(group.days[0]!, translator);
    const last = dayName(group.days[group.days.length - 1]!, translator);
    const days =
      group.days.length === 1
        ? first
        : t(group.days.length === 2 ? 'email.daysTwo' : 'email.daysRange', { first, last });
    return group.closed
      ? t('email.hoursClosed', { days })
      : t('email.hoursOpen', { days, opens: clock(group.opens, translator), closes: clock(group.closes, translator) });
  });
}
