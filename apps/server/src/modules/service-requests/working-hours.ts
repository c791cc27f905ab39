import { type DayHours, IST_OFFSET_MS, WEEK_DAYS } from '@capstan/shared';

/**
 * Working time by the company's opening hours (Site → Company, India time), for service requests
 * left `new` too long. Public holidays are not modelled: a holiday counts as an ordinary day of its
 * weekday, so a request raised the day before one may show as overdue a day early.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** How far back the walk goes before giving up (a week with almost no opening hours). */
const MAX_DAYS_BACK = 400;

const minutesOf = (time: string): number => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/** The open span of one India calendar day as UTC instants (ms), or null when closed that day. */
function openSpan(hours: readonly DayHours[], indiaMidnightUtc: number): [number, number] | null {
  // getUTCDay on the India-shifted midnight: 0 is Sunday; WEEK_DAYS starts on Monday.
  const weekday = WEEK_DAYS[(new Date(indiaMidnightUtc + IST_OFFSET_MS).getUTCDay() + 6) % 7];
  const day = hours.find((entry) => entry.day === weekday);
  if (!day || day.closed) return null;
  const opens = indiaMidnightUtc + minutesOf(day.opens) * 60 * 1000;
  const closes = indiaMidnightUtc + minutesOf(day.closes) * 60 * 1000;
  return closes > opens ? [opens, closes] : null;
}

/** The UTC instant of midnight in India on the India calendar day of `at`. */
function indiaMidnightOf(at: number): number {
  const india = at + IST_OFFSET_MS;
  return india - (((india % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS;
}

const alwaysClosed = (hours: readonly DayHours[]): boolean =>
  !hours.some((day) => !day.closed && minutesOf(day.closes) > minutesOf(day.opens));

/** Working milliseconds between two instants (0 when `to` is not after `from`). */
export function workingMsBetween(hours: readonly DayHours[], from: Date, to: Date): number {
  const start = from.getTime();
  const end = to.getTime();
  if (end <= start) return 0;
  // With no opening hours at all, every hour counts: a request must not wait for ever.
  if (alwaysClosed(hours)) return end - start;
  let total = 0;
  for (let midnight = indiaMidnightOf(start); midnight < end; midnight += DAY_MS) {
    const span = openSpan(hours, midnight);
    if (!span) continue;
    total += Math.max(0, Math.min(span[1], end) - Math.max(span[0], start));
  }
  return total;
}

/**
 * The instant before which a request raised is more than `workingHours` working hours old at `now`:
 * raised at T or later it is not (yet) overdue, raised before T it is. Walking back from `now`
 * through the open spans, T is where the working time reaches `workingHours` with open time still
 * before it, so a request raised after closing time starts counting when the company opens.
 */
export function overdueBefore(hours: readonly DayHours[], now: Date, workingHours: number): Date {
  const wanted = workingHours * HOUR_MS;
  if (alwaysClosed(hours)) return new Date(now.getTime() - wanted);
  let left = wanted;
  const end = now.getTime();
  for (let day = 0, midnight = indiaMidnightOf(end); day <= MAX_DAYS_BACK; day++, midnight -= DAY_MS) {
    const span = openSpan(hours, midnight);
    if (!span) continue;
    const to = Math.min(span[1], end);
    const length = to - span[0];
    if (length <= 0) continue;
    // Strictly more: a request raised exactly `workingHours` of open time ago is not overdue yet.
    if (length > left) return new Date(to - left);
    left -= length;
  }
  return new Date(end - MAX_DAYS_BACK * DAY_MS);
}
