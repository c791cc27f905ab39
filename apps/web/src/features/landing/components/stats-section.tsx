import { type CSSProperties, useMemo } from 'react';
import { STATS_COUNT_UP_SCRIPT } from '@capstan/shared';
import { useSiteSettings } from '@/lib/site-settings';
import { useCountUp } from '../hooks/use-count-up';

/**
 * SPEC §2: the statistics strip, counting up once it is first visible.
 *
 * Arriving on the page, the count-up is CSS started by a fixed inline script that runs as the
 * HTML is parsed (`STATS_COUNT_UP_SCRIPT`, `.stat-count` in index.css), so it plays without the
 * app; the figures stay in the text for crawlers and readers. A strip the app mounts later (an
 * in-app return to `/`) counts up with `useCountUp`: React does not run scripts it inserts.
 */
export function StatsSection() {
  const stats = useSiteSettings()?.landing.stats;
  const targets = useMemo(() => (stats ?? []).map((stat) => stat.value), [stats]);
  const { ref, values, fromServerHtml } = useCountUp<HTMLDListElement>(targets);
  if (!stats) return null;
  return (
    <section aria-label="Company statistics" className="bg-slate-900 text-white">
      <dl
        ref={ref}
        // The script below sets data-count-up before the app exists; the app leaves it alone.
        suppressHydrationWarning
        className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-4"
      >
        {stats.map((stat, index) => (
          <div key={index} className="flex flex-col items-center text-center">
            <dt className="stat-label">{stat.label}</dt>
            <dd className="stat-value" data-testid="stat-value">
              <span className="stat-count" style={{ '--stat-target': stat.value } as CSSProperties}>
                <span className="stat-final">{values[index] ?? stat.value}</span>
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
