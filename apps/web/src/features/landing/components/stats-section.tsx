import { useMemo } from 'react';
import { STATS_COUNT_UP_SCRIPT } from '@capstan/shared';
import { useT } from '@/lib/i18n';
import { useSiteSettings } from '@/lib/site-settings';
import { useCountUp } from '../hooks/use-count-up';

/**
 * SPEC §2: the statistics strip, counting up once it is first visible.
 *
 * The figures are text in the server's HTML, so crawlers, readers, copy and a page without script
 * or CSS animations have them. Arriving on the page, a fixed inline script that runs as the HTML is
 * parsed (`STATS_COUNT_UP_SCRIPT`) counts that same text up, so it plays without the app. A strip
 * the app mounts later (an in-app return to `/`) counts up with `useCountUp`: React does not run
 * scripts it inserts.
 */
export function StatsSection() {
  const { t } = useT();
  const stats = useSiteSettings()?.landing.stats;
  const targets = useMemo(() => (stats ?? []).map((stat) => stat.value), [stats]);
  const { ref, values, fromServerHtml } = useCountUp<HTMLDListElement>(targets);
  if (!stats) return null;
  return (
    <section aria-label={t('landing.statsLabel')} className="bg-slate-900 text-white">
      <dl
        ref={ref}
        // The script below sets data-count-up before the app exists; the app leaves it alone.
        suppressHydrationWarning
        className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-4"
      >
        {stats.map((stat, index) => (
          <div key={index} className="flex flex-col items-center text-center">
            <dt className="order-2 mt-1 text-sm text-slate-300">{stat.label}</dt>
            <dd className="order-1 text-3xl font-bold text-accent tabular-nums sm:text-4xl">
              {/* The page's script may be counting this text when the app takes over: it ends on the same figure. */}
              <span className="stat-final" suppressHydrationWarning>
                {values[index] ?? stat.value}
              </span>
              {stat.suffix}
            </dd>
          </div>
        ))}
      </dl>
      {/* Only in the server's HTML (and while hydrating it): a script React inserts never runs. */}
      {fromServerHtml && <script dangerouslySetInnerHTML={{ __html: STATS_COUNT_UP_SCRIPT }} />}
    </section>
  );
}
