import { type BudgetRow, ms, type Section } from './report-format';

/** Issue 40's budget for the reminders: 20,000 machines, the daily run within 10 s, each reminder once. */
export const REMINDER_GOALS = { machines: 20_000, dailyRunMs: 10_000 } as const;

/** One database's figures (run-service-reminders.ts). */
export interface ServiceRemindersRun {
  dialect: 'sqlite' | 'postgres';
  /** null when measured; otherwise why not. */
  notMeasured: string | null;
  machines: number;
  contracts: number;
  seedMs: number | null;
  /** The first morning: every reminder then due, with two schedulers racing. */
  dailyRunMs: number | null;
  /** The morning after: only what became due overnight. */
  nextDayRunMs: number | null;
  /** Rows of service_reminders by kind after the first morning, and what the seed says is due. */
  reminders: Record<string, number>;
  expectedReminders: Record<string, number>;
  /** Outbox rows by kind after the first morning, and what the seed says they should be. */
  emails: Record<string, number>;
  expectedEmails: Record<string, number>;
  /** As expected, and the same morning run again queued nothing more. */
  exactlyOnce: boolean;
  /** The runs' record (scheduled_runs): each job once, by one of the two. */
  runs: string[];
}

export interface ServiceRemindersFigures {
  sqlite: ServiceRemindersRun;
  postgres: ServiceRemindersRun;
  method: string;
}

const seconds = (value: number | null) => (value === null ? 'n/a' : `${(value / 1000).toFixed(2)} s`);
const total = (counts: Record<string, number>) => Object.values(counts).reduce((sum, count) => sum + count, 0);
const byKind = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, count]) => `${kind} ${count}`)
    .join(', ') || 'none';

export function serviceRemindersBudgets({ sqlite, postgres }: ServiceRemindersFigures): BudgetRow[] {
  return [sqlite, postgres].map((run) => ({
    budget: `reminders: ${run.machines.toLocaleString('en-IN')} machines, daily run, two instances (${run.dialect})`,
    value:
      run.notMeasured !== null
        ? 'n/a'
        : `${seconds(run.dailyRunMs)}, ${run.exactlyOnce ? 'each once' : 'NOT exactly once'}`,
    limit: `≤ ${REMINDER_GOALS.dailyRunMs / 1000} s, each reminder exactly once`,
    pass:
      run.notMeasured !== null || run.dailyRunMs === null
        ? null
        : run.dailyRunMs <= REMINDER_GOALS.dailyRunMs && run.exactlyOnce,
  }));
}

export function serviceRemindersSection(figures: ServiceRemindersFigures): Section {
  const section: Section = ['\nReminders (issue 40)'];
  const measured = [figures.sqlite, figures.postgres].filter((run) => run.notMeasured === null);
  if (measured.length > 0) {
    section.push({
      headers: ['figure', ...measured.map((run) => run.dialect)],
      rows: [
        ['machines | AMC contracts', ...measured.map((run) => `${run.machines} | ${run.contracts}`)],
        ['seeding (not timed by the budget)', ...measured.map((run) => seconds(run.seedMs))],
        ['first morning, two schedulers racing', ...measured.map((run) => `${ms(run.dailyRunMs)} ms`)],
        ['next morning', ...measured.map((run) => `${ms(run.nextDayRunMs)} ms`)],
        [
          'reminders queued | expected',
          ...measured.map((run) => `${total(run.reminders)} | ${total(run.expectedReminders)}`),
        ],
        ['emails queued | expected', ...measured.map((run) => `${total(run.emails)} | ${total(run.expectedEmails)}`)],
        ['exactly once', ...measured.map((run) => (run.exactlyOnce ? 'yes' : 'NO'))],
      ],
    });
    for (const run of measured) {
      section.push(`${run.dialect} reminders by kind: ${byKind(run.reminders)}`);
      section.push(`${run.dialect} emails by kind: ${byKind(run.emails)}`);
      section.push(`${run.dialect} runs: ${run.runs.join('; ')}`);
    }
  }
  for (const run of [figures.sqlite, figures.postgres].filter((entry) => entry.notMeasured !== null)) {
    section.push(`${run.dialect}: not measured: ${run.notMeasured}`);
  }
  section.push(`method: ${figures.method}`);
  return section;
}
