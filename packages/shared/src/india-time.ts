/** India Standard Time is UTC+05:30 all year round (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60 * 1000;

/** `date` shifted so that its UTC fields (getUTCHours, toISOString…) read India's wall clock. */
export function indianClock(date: Date = new Date()): Date {
  return new Date(date.getTime() + IST_OFFSET_MS);
}

/** Today's calendar day in India (YYYY-MM-DD), the day follow-ups are set and compared in. */
export function indianToday(now: Date = new Date()): string {
  return indianClock(now).toISOString().slice(0, 10);
}
