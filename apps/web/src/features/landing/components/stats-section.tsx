import { siteContent } from '@/config/site-content';
import { useCountUp } from '../hooks/use-count-up';

const stats = siteContent.stats;
const targets = stats.map((stat) => stat.value);

/** SPEC §2: the statistics strip, counting up once it is first visible. */
export function StatsSection() {
  const { ref, values } = useCountUp<HTMLDListElement>(targets);
  return (
    <section aria-label="Company statistics" className="bg-slate-900 text-white">
      <dl ref={ref} className="mx-auto grid max-w-6xl grid-cols-2 gap-6 px-4 py-10 sm:px-6 lg:grid-cols-4">
        {stats.map((stat, index) => (
          <div key={stat.label} className="flex flex-col items-center text-center">
            <dt className="order-2 mt-1 text-sm text-slate-300">{stat.label}</dt>
            <dd className="order-1 text-3xl font-bold text-accent tabular-nums sm:text-4xl" data-testid="stat-value">
              {values[index] ?? stat.value}
              {stat.suffix}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
