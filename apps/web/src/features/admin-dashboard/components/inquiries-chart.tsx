import type { AdminStats } from '@capstan/shared';
import { type AdminTranslator, useAdminT } from '@/lib/i18n/admin';

/**
 * `weekStart` is a UTC date (YYYY-MM-DD); format it in UTC so no time zone shifts the day. In the
 * reader's language (en-IN: "28 Sept").
 */
export function formatWeekStart(weekStart: string, intl: AdminTranslator['intl']): string {
  const date = new Date(`${weekStart}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? weekStart
    : intl.formatDate(date, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/**
 * Plain divs rather than a chart library: eight bars do not justify the bundle. The bars are
 * decorative for screen readers; the table beneath carries the same figures as text.
 */
export function InquiriesChart({ weeks }: { weeks: AdminStats['inquiriesPerWeek'] }) {
  const { t, intl } = useAdminT();
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
            {formatWeekStart(week.weekStart, intl)}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t('adminDashboard.inquiriesPerWeek')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('adminDashboard.weekStarting')}</th>
            <th scope="col">{t('adminDashboard.inquiries')}</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatWeekStart(week.weekStart, intl)}</th>
              <td>{week.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* HTML allows a figcaption only as the figure's first or last child. */}
      <figcaption className="sr-only">{t('adminDashboard.chartCaption', { count: weeks.length })}</figcaption>
    </figure>
  );
}
