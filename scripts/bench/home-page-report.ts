import type { HomePageFigures } from './home-page';
import { type BudgetRow, type Section, ms } from './report-format';
import { ratio } from './stats';

/** The goals for `/`: 100× a stock WordPress home page's requests/s, and its page and latency budgets. */
export const HOME_GOALS = {
  requestsPerSecondC10: 100 * 44,
  cpuMsPerRequest: 0.5,
  htmlRawBytes: 80 * 1024,
  // The whole answer; its first screen must still fit the first round trip (14 KB, checked apart).
  htmlGzipBytes: 20 * 1024,
  p99MsC50: 100,
} as const;

export { WORDPRESS_SPEED_INDEX_MS } from './speed-index-verdict';

const kb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1024).toFixed(1)} KB`);
const rps = (value: number) => value.toLocaleString('en-IN', { maximumFractionDigits: 0 });
const cpu = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(2)} ms`);

function atMost(budget: string, value: number | null, limit: number, show: (v: number | null) => string): BudgetRow {
  return { budget, value: show(value), limit: `≤ ${show(limit)}`, pass: value === null ? null : value <= limit };
}

export function homePageBudgets(home: HomePageFigures): BudgetRow[] {
  return [
    {
      budget: '/ requests/s @c10, no compression (100× WordPress)',
      value: rps(home.c10.requestsPerSecond),
      limit: `≥ ${rps(HOME_GOALS.requestsPerSecondC10)}`,
      pass: home.c10.requestsPerSecond >= HOME_GOALS.requestsPerSecondC10,
    },
    atMost('/ server CPU per request @c10', home.cpuMsPerRequest, HOME_GOALS.cpuMsPerRequest, cpu),
    atMost('/ HTML sent, raw', home.html.rawBytes, HOME_GOALS.htmlRawBytes, kb),
    atMost('/ HTML sent, gzip', home.html.gzipBytes, HOME_GOALS.htmlGzipBytes, kb),
    // Why the goal is 14 KB: the first round trip. What the first paint needs is the part before
    // the sections that wait for the whole stylesheet.
    atMost(
      '/ first screen within the first round trip (gzip)',
      home.bytes.firstScreenGzipBytes,
      HOME_GOALS.htmlGzipBytes,
      kb,
    ),
    atMost('/ p99 @c50', home.c50.latencyP99Ms, HOME_GOALS.p99MsC50, (v) => `${ms(v)} ms`),
  ];
}

export function homePageSection(home: HomePageFigures): Section {
  const wp = home.wordpress;
  const staticShare = ratio(home.c10.requestsPerSecond, home.staticC10.requestsPerSecond);
  const failures = [home.c10, home.staticC10, home.c50]
    .filter((run) => run.non2xx + run.errors + run.timeouts > 0)
    .map((run) => `${run.name} c${run.connections}: ${run.non2xx} non-2xx, ${run.errors + run.timeouts} errors`);
  return [
    '\nHome page / on the server (WordPress = a stock WordPress measured once on this machine class, not measured here)',
    {
      headers: ['figure', 'ours', 'WordPress', 'goal'],
      rows: [
        [
          'requests/s @c10, no compression',
          rps(home.c10.requestsPerSecond),
          rps(wp.requestsPerSecondC10),
          `≥ ${rps(HOME_GOALS.requestsPerSecondC10)}`,
        ],
        [
          'ours ÷ static twin @c10',
          `${staticShare === null ? 'n/a' : `${(staticShare * 100).toFixed(0)}%`} (static ${rps(home.staticC10.requestsPerSecond)}/s)`,
          '-',
          '-',
        ],
        [
          'server CPU per request @c10',
          cpu(home.cpuMsPerRequest),
          cpu(wp.cpuMsPerRequest),
          `≤ ${cpu(HOME_GOALS.cpuMsPerRequest)}`,
        ],
        ['HTML raw', kb(home.html.rawBytes), kb(wp.htmlRawBytes), `≤ ${kb(HOME_GOALS.htmlRawBytes)}`],
        ['HTML gzip', kb(home.html.gzipBytes), kb(wp.htmlGzipBytes), `≤ ${kb(HOME_GOALS.htmlGzipBytes)}`],
        ['HTML br', kb(home.html.brBytes), '-', '-'],
        [
          'first screen: gzip bytes to decode it | its raw bytes',
          `${kb(home.bytes.firstScreenGzipBytes)} | ${kb(home.bytes.firstScreenRawBytes)}`,
          '-',
          `≤ ${kb(HOME_GOALS.htmlGzipBytes)} gzip`,
        ],
        [
          'inline CSS (first screen) | page without classes or CSS, gzip -9',
          `${kb(home.bytes.inlineCssGzipBytes)} | ${kb(home.bytes.unstyledGzipBytes)}`,
          '-',
          `sum ≤ ${kb(HOME_GOALS.htmlGzipBytes)} to fit`,
        ],
        ['p50 | p99 @c10', `${ms(home.c10.latencyP50Ms)} | ${ms(home.c10.latencyP99Ms)} ms`, '-', '-'],
        [
          'p99 @c50',
          `${ms(home.c50.latencyP99Ms)} ms (${rps(home.c50.requestsPerSecond)}/s)`,
          `${ms(wp.p99MsC50)} ms`,
          `≤ ${HOME_GOALS.p99MsC50} ms`,
        ],
      ],
    },
    ...failures.map((failure) => `not all answers were 2xx: ${failure}`),
    `method: ${home.method}`,
  ];
}
