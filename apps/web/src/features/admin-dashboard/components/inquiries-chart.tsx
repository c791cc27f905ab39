import type { AdminStats } from '@capstan/shared';

const weekLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** `weekStart` is a UTC date (YYYY-MM-DD); format it in UTC so no time zone shifts the day. */
export function formatWeekStart(weekStart: string): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? weekStart : weekLabel.format(date);
}

/**
 * Plain divs rather than a chart library: eight bars do not justify the bundle. The bars are
 * decorative for screen readers; the table beneath carries the same figures as text.
 */
export function InquiriesChart({ weeks }: { weeks: AdminStats['inquiriesPerWeek'] }) {
  const max = Math.max(1, ...weeks.map((w) => w.count));
  return (
    <figure className="flex flex-col gap-4">
      <div aria-hidden="true" className="flex h-40 items-end gap-2 border-b border-border sm:gap-3">
        {weeks.map((week) => (
          <div key={week.weekStart} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs font-semibold text-foreground">{week.count}</span>
            <div
              data-testid="inquiries-bar"
              data-count={week.count}
              className="w-full rounded-t bg-primary"
              style={{ height: `${(week.count / max) * 100}%`, minHeight: week.count > 0 ? '4px' : '0' }}
            />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="flex gap-2 sm:gap-3">
        {weeks.map((week) => (
          <span key={week.weekStart} className="flex-1 text-center text-[10px] text-muted-foreground sm:text-xs">
            {formatWeekStart(week.weekStart)}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>Inquiries per week</caption>
        <thead>
          <tr>
            <th scope="col">Week starting</th>
            <th scope="col">Inquiries</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatWeekStart(week.weekStart)}</th>
              <td>{week.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* HTML allows a figcaption only as the figure's first or last child. */}
      <figcaption className="sr-only">Inquiries per week for the last {weeks.length} weeks</figcaption>
    </figure>
  );
}
