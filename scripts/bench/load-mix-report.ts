import { type LoadMixFigures, type PhaseFigures, STEP_P99_LIMIT_MS } from './load-mix';
import { type BudgetRow, type Section, ms } from './report-format';

/** Target of the spec'd normal rate: no errors and p99 within this. */
const P99_BUDGET_MS = 100;

const otherStatuses = (phase: PhaseFigures) =>
  Object.entries(phase.otherStatus)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ') || '0';

export function loadMixBudgets(load: LoadMixFigures): BudgetRow[] {
  const rate = `@${load.normal.targetRate}/s`;
  const alive = load.serverExited === null && load.healthAfter.status !== null;
  return [
    {
      budget: `load mix ${rate} errors`,
      value: String(load.normal.errors),
      limit: '≤ 0',
      pass: load.normal.errors === 0,
    },
    {
      budget: `load mix ${rate} p99`,
      value: `${ms(load.normal.p99Ms)} ms`,
      limit: `≤ ${P99_BUDGET_MS} ms`,
      pass: load.normal.p99Ms === null ? null : load.normal.p99Ms <= P99_BUDGET_MS,
    },
    {
      // What shedding is for: the requests taken on are answered in the time a held ramp step allows.
      budget: `p99 of 2xx answers at ${load.overload.targetRate}/s (2× saturation)`,
      value: `${ms(load.overload.okP99Ms)} ms`,
      limit: `≤ ${STEP_P99_LIMIT_MS} ms`,
      pass: load.overload.okP99Ms === null ? null : load.overload.okP99Ms <= STEP_P99_LIMIT_MS,
    },
    {
      budget: `server answers /api/health after ${load.overload.targetRate}/s (2× saturation)`,
      value: String(alive),
      limit: 'true',
      pass: alive,
    },
    {
      budget: `p99 back ≤ ${P99_BUDGET_MS} ms (no errors) after the overload`,
      value: load.recoveredAfterSeconds === null ? 'not recovered' : `${load.recoveredAfterSeconds} s`,
      limit: `≤ ${load.recovery.seconds} s`,
      pass: load.recoveredAfterSeconds !== null,
    },
  ];
}

/** The printed section: lines, and tables for the caller's table formatter. */
export function loadMixSection(load: LoadMixFigures): Section {
  const shares = (['list', 'item', 'inquiry'] as const).map(
    (c) =>
      `${Math.round(load.mix.filter((m) => m.requestClass === c).reduce((sum, m) => sum + m.share, 0) * 100)}% ${c}`,
  );
  const phaseRow = (label: string, phase: PhaseFigures) => [
    label,
    phase.targetRate === null ? '-' : String(phase.targetRate),
    phase.sentRate.toFixed(0),
    String(phase.requests),
    ms(phase.p50Ms),
    ms(phase.p95Ms),
    ms(phase.p99Ms),
    ms(phase.maxMs),
    ms(phase.okP99Ms),
    String(phase.errors),
    String(phase.status503),
    otherStatuses(phase),
    String(phase.timeouts),
    String(phase.connectionErrors),
    (phase.responseBytes / 1024 / 1024).toFixed(1),
  ];
  const { normal } = load;
  return [
    `\nLoad mix, open loop (${shares.join(', ')}) on ${load.spareParts.toLocaleString('en-IN')} spare parts`,
    {
      headers: [
        'phase',
        'target/s',
        'sent/s',
        'requests',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        '2xx p99 ms',
        'errors',
        '503',
        'other non-2xx',
        'timeouts',
        'conn errors',
        'MB received',
      ],
      rows: [
        phaseRow('normal', normal),
        phaseRow('saturation (last ramp step held)', load.saturation.phase),
        phaseRow('overload (2× saturation)', load.overload),
        phaseRow('recovery (normal rate)', load.recovery),
      ],
    },
    `ramp: ${load.saturation.steps.map((st) => `${st.rate}/s p99 ${ms(st.p99Ms)} ms, ${st.errors} errors${st.held ? '' : ' (broke)'}`).join('; ')}`,
    `saturation: ${load.saturation.requestsPerSecond}/s; normal-rate p99 by class: ` +
      `lists ${ms(normal.byClass.list.p99Ms)}, items ${ms(normal.byClass.item.p99Ms)}, inquiries ${ms(normal.byClass.inquiry.p99Ms)} ms`,
    ...[normal, load.saturation.phase, load.overload, load.recovery]
      .filter((phase) => Object.keys(phase.otherStatusByRequest).length > 0)
      .map(
        (phase) =>
          `non-2xx other than 503 in ${phase.name}: ` +
          Object.entries(phase.otherStatusByRequest)
            .map(([what, count]) => `${what} ×${count}`)
            .join(', '),
      ),
    load.overloadListenQueue === null
      ? 'accept queue: no /proc/net/netstat here'
      : `accept queue over the overload and recovery: ${load.overloadListenQueue.listenOverflows} connections ` +
        `dropped (queue full), ${load.overloadListenQueue.synRetransmits} SYNs sent again`,
    `Recovery at ${load.recovery.targetRate}/s right after the overload`,
    {
      headers: ['window (s)', 'requests', 'p50 ms', 'p99 ms', 'errors', '503'],
      rows: load.recoveryWindows.map((w) => [
        `${w.fromSecond}–${w.toSecond}`,
        String(w.requests),
        ms(w.p50Ms),
        ms(w.p99Ms),
        String(w.errors),
        String(w.status503),
      ]),
    },
    `after the load: /api/health ${load.healthAfter.status ?? 'no answer'}` +
      (load.healthAfter.ms === null ? '' : ` in ${ms(load.healthAfter.ms)} ms`) +
      (load.serverExited ? `; server exited: ${load.serverExited.split('\n')[0]}` : '; server still running') +
      `; p99 back ≤ ${P99_BUDGET_MS} ms ` +
      (load.recoveredAfterSeconds === null
        ? 'not within the recovery phase'
        : `from second ${load.recoveredAfterSeconds}`),
    `load method: ${load.method}`,
  ];
}
