import { type Section, ms } from './report-format';
import { SCALE_OUT_SETUPS, type ScaleOutFigures } from './scale-out';
import { ratio } from './stats';

const signedPercent = (value: number | null) =>
  value === null ? 'n/a' : `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

export function scaleOutSection(scaleOut: ScaleOutFigures): Section {
  const title = '\nScale-out (several servers): PostgreSQL + S3 bucket (s3rver), nginx round robin, autocannon';
  if (scaleOut.notMeasured !== null) return [title, `not measured: ${scaleOut.notMeasured}`];
  const targets = [...new Set(scaleOut.runs.map((run) => run.target))];
  const find = (target: string, setup: string) =>
    scaleOut.runs.find((run) => run.target === target && run.setup === setup);
  const failed = scaleOut.runs.filter((run) => run.non2xx + run.errors > 0);
  return [
    `${title} c${scaleOut.connections}, ${scaleOut.seconds} s each; req/s (p99 ms)`,
    {
      headers: ['target', ...SCALE_OUT_SETUPS, 'nginx→A vs direct', 'A+B vs nginx→A'],
      rows: targets.map((target) => {
        const [direct, proxied, both] = SCALE_OUT_SETUPS.map((setup) => find(target, setup));
        const cell = (run: typeof direct) =>
          run ? `${run.requestsPerSecond.toFixed(0)} (${ms(run.latencyP99Ms)})` : 'n/a';
        // Below 0: what the proxy (or the second instance sharing the 2 cores) costs in req/s.
        const change = (over: typeof direct, under: typeof direct) => {
          const share = over && under ? ratio(over.requestsPerSecond, under.requestsPerSecond) : null;
          return signedPercent(share === null ? null : share - 1);
        };
        return [target, cell(direct), cell(proxied), cell(both), change(proxied, direct), change(both, proxied)];
      }),
    },
    ...failed.map(
      (run) => `not all answers were 2xx: ${run.setup}, ${run.target}: ${run.non2xx} non-2xx, ${run.errors} errors`,
    ),
  ];
}
