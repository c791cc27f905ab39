import { describe, expect, it } from 'vitest';
import { type DayHours, WEEK_DAYS } from '@capstan/shared';
import { isOverdue } from '../../src/modules/service-requests/service-requests.service';
import { overdueBefore, workingMsBetween } from '../../src/modules/service-requests/working-hours';

// Monday to Saturday 9:00 to 18:00 India time, Sunday closed.
const HOURS: DayHours[] = WEEK_DAYS.map((day) =>
  day === 'Sunday'
    ? { day, closed: true, opens: '09:00', closes: '18:00' }
    : { day, closed: false, opens: '09:00', closes: '18:00' },
);
const ALL_CLOSED: DayHours[] = WEEK_DAYS.map((day) => ({ day, closed: true, opens: '09:00', closes: '18:00' }));

/** An instant given as India's wall clock (2026-12-05 is a Saturday). */
const india = (local: string) => new Date(`${local}:00+05:30`);
const HOUR = 60 * 60 * 1000;

/** What the repository and the service decide for a request still `new` raised at `raised`, seen at `now`. */
function newOverdue(raised: Date, now: Date): boolean {
  const rule = { newBefore: overdueBefore(HOURS, now, 4).toISOString(), today: '2026-12-01' };
  return isOverdue({ status: 'new', created_at: raised.toISOString(), visit_on: null }, rule);
}

describe('working time', () => {
  it('counts only the open hours, India time', () => {
    expect(workingMsBetween(HOURS, india('2026-12-03T10:00'), india('2026-12-03T13:30'))).toBe(3.5 * HOUR);
    // Raised after closing time: nothing counts until the next morning.
    expect(workingMsBetween(HOURS, india('2026-12-03T19:00'), india('2026-12-04T09:00'))).toBe(0);
    expect(workingMsBetween(HOURS, india('2026-12-03T19:00'), india('2026-12-04T11:00'))).toBe(2 * HOUR);
    // Saturday 17:00 to Monday 12:00: one hour on Saturday, Sunday closed, three on Monday.
    expect(workingMsBetween(HOURS, india('2026-12-05T17:00'), india('2026-12-07T12:00'))).toBe(4 * HOUR);
    expect(workingMsBetween(HOURS, india('2026-12-07T12:00'), india('2026-12-05T17:00'))).toBe(0);
  });

  it('counts every hour when the company never opens', () => {
    expect(workingMsBetween(ALL_CLOSED, india('2026-12-06T10:00'), india('2026-12-06T13:00'))).toBe(3 * HOUR);
    expect(overdueBefore(ALL_CLOSED, india('2026-12-06T13:00'), 4)).toEqual(india('2026-12-06T09:00'));
  });
});

describe('a new request is overdue after more than four working hours', () => {
  it('within a working day', () => {
    expect(overdueBefore(HOURS, india('2026-12-03T15:00'), 4)).toEqual(india('2026-12-03T11:00'));
    expect(newOverdue(india('2026-12-03T10:59'), india('2026-12-03T15:00'))).toBe(true);
    expect(newOverdue(india('2026-12-03T11:00'), india('2026-12-03T15:00'))).toBe(false);
  });

  it('raised after closing time: from the next opening', () => {
    const raised = india('2026-12-03T20:30');
    expect(newOverdue(raised, india('2026-12-04T13:00'))).toBe(false);
    expect(newOverdue(raised, india('2026-12-04T13:01'))).toBe(true);
  });

  it('raised before opening: from the opening', () => {
    const raised = india('2026-12-03T07:15');
    expect(newOverdue(raised, india('2026-12-03T13:00'))).toBe(false);
    expect(newOverdue(raised, india('2026-12-03T13:01'))).toBe(true);
  });

  it('over a weekend: Saturday evening, Sunday closed, Monday morning', () => {
    const raised = india('2026-12-05T16:00');
    // Two hours on Saturday; Sunday does not count; two more by Monday 11:00.
    expect(newOverdue(raised, india('2026-12-06T17:00'))).toBe(false);
    expect(newOverdue(raised, india('2026-12-07T11:00'))).toBe(false);
    expect(newOverdue(raised, india('2026-12-07T11:01'))).toBe(true);
    expect(overdueBefore(HOURS, india('2026-12-07T11:00'), 4)).toEqual(india('2026-12-05T16:00'));
  });

  it('exactly four working hours at a closing time is not yet overdue', () => {
    // Raised Friday 14:00: four hours by Friday 18:00; seen on Saturday at 8:00 (before opening).
    const now = india('2026-12-05T08:00');
    expect(newOverdue(india('2026-12-04T14:00'), now)).toBe(false);
    expect(newOverdue(india('2026-12-04T13:59'), now)).toBe(true);
  });

  it('a request raised on Sunday waits for Monday', () => {
    const raised = india('2026-12-06T11:00');
    expect(newOverdue(raised, india('2026-12-07T13:00'))).toBe(false);
    expect(newOverdue(raised, india('2026-12-07T13:01'))).toBe(true);
  });
});

describe('a request with a visit date', () => {
  const rule = { newBefore: '2000-01-01T00:00:00.000Z', today: '2026-12-07' };
  it('is overdue once its visit day has passed, until resolved or closed', () => {
    const request = (status: string, visitOn: string | null) => ({
      status,
      created_at: '2026-12-01T05:00:00.000Z',
      visit_on: visitOn,
    });
    expect(isOverdue(request('scheduled', '2026-12-06'), rule)).toBe(true);
    expect(isOverdue(request('scheduled', '2026-12-07'), rule)).toBe(false);
    expect(isOverdue(request('resolved', '2026-12-06'), rule)).toBe(false);
    expect(isOverdue(request('closed', '2026-12-06'), rule)).toBe(false);
    expect(isOverdue(request('assigned', null), rule)).toBe(false);
  });
});
