import type { OverloadGuardFigures } from './load-shedding';
import { type BudgetRow, type Section, ms } from './report-format';

/** Shedding may cost at most this share of the good answers of a server that is busy but keeps up. */
export const GUARD_THROUGHPUT_SHARE = 0.95;
/**
 * While a heavy client is refused, a visitor with one request at a time is answered every time:
 * the guard never refuses a client below its fair share (decision 058).
 */
export const LIGHT_CLIENT_SUCCESS = 1;

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

export function overloadGuardBudgets(guard: OverloadGuardFigures): BudgetRow[] {
  const rows: BudgetRow[] = guard.throughput.map((t) => ({
    budget: `good answers/s, guard on ÷ off, ${t.name} @c${t.connections}`,
    value: percent(t.ratio),
    limit: `≥ ${percent(GUARD_THROUGHPUT_SHARE)}`,
    pass: t.ratio === null ? null : t.ratio >= GUARD_THROUGHPUT_SHARE,
  }));
  // Closed-loop loads the server carries: a good request refused here is the guard misjudging.
  for (const t of guard.throughput) {
    const { on } = t;
    rows.push({
      budget: `answers other than 2xx, guard on, ${t.name} @c${t.connections}`,
      value: `${on.requests - on.ok + on.errors} of ${on.requests} (${on.status503} × 503, ${on.otherNon2xx} other, ${on.errors} errors)`,
      limit: '0',
      pass: on.requests > 0 && on.ok === on.requests && on.errors === 0,
    });
  }
  for (const t of guard.throughput) {
    const { off, on } = t;
    // Only where nothing was shed: a refused request costs far less than an answer, so the figure
    // would say nothing about the guard's bookkeeping.
    if (off.cpuMicrosPerRequest === null || on.cpuMicrosPerRequest === null || on.status503 > 0) continue;
    const share = off.cpuMicrosPerRequest / on.cpuMicrosPerRequest;
    rows.push({
      budget: `server CPU per request, guard off ÷ on, ${t.name} @c${t.connections}`,
      value: `${percent(share)} (${off.cpuMicrosPerRequest} | ${on.cpuMicrosPerRequest} µs)`,
      limit: `≥ ${percent(GUARD_THROUGHPUT_SHARE)}`,
      pass: share >= GUARD_THROUGHPUT_SHARE,
    });
  }
  const { light, heavy } = guard.fairness;
  rows.push({
    budget: `light client's 2xx while one address hammers with ${heavy.connections} connections`,
    value: `${percent(light.successRate)} (${light.ok} of ${light.tries})`,
    limit: `≥ ${percent(LIGHT_CLIENT_SUCCESS)}`,
    pass: light.successRate === null ? null : light.successRate >= LIGHT_CLIENT_SUCCESS,
  });
  return rows;
}

export function overloadGuardSection(guard: OverloadGuardFigures): Section {
  const { heavy, light, seconds } = guard.fairness;
  return [
    '\nOverload guard: good (2xx) answers per second, load shedding off and on, in turns',
    {
      headers: [
        'target',
        'c',
        'off 2xx/s',
        'on 2xx/s',
        'on ÷ off',
        'off p99 ms',
        'on p99 ms',
        'on 503',
        'on not 2xx',
        'CPU µs/req off | on',
        'runs off | on',
      ],
      rows: guard.throughput.map((t) => [
        t.name,
        String(t.connections),
        t.off.okPerSecond.toFixed(0),
        t.on.okPerSecond.toFixed(0),
        percent(t.ratio),
        ms(t.off.p99Ms),
        ms(t.on.p99Ms),
        String(t.on.status503),
        String(t.on.requests - t.on.ok + t.on.errors),
        `${t.off.cpuMicrosPerRequest ?? 'n/a'} | ${t.on.cpuMicrosPerRequest ?? 'n/a'}`,
        `${t.off.perRun.join(', ')} | ${t.on.perRun.join(', ')}`,
      ]),
    },
    `fairness over ${seconds} s: heavy client ${heavy.address} (${heavy.connections} connections) ${heavy.requests} requests, ` +
      `${heavy.ok} 2xx, ${heavy.status503} shed; light client ${light.address} (one at a time) ${light.ok} 2xx of ` +
      `${light.tries} (${percent(light.successRate)}), ${light.status503} shed, ${light.failures} other failures, ` +
      `p50 ${ms(light.p50Ms)} ms, p99 ${ms(light.p99Ms)} ms`,
    `guard method: ${guard.method}`,
  ];
}
