// Fails when npm's advisory database knows a high or critical advisory in a production
// dependency. When the database cannot be reached (some registries or proxies refuse the POST
// it needs), it says so loudly and does not fail: a network rule is not a vulnerability.
//
// `--report FILE` judges a saved `npm audit --omit=dev --json` output instead of running npm audit
// (for a report made on another machine, and for the tests of this verdict).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const reportArg = process.argv.indexOf('--report');
const result =
  reportArg === -1
    ? spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' })
    : { stdout: readFileSync(process.argv[reportArg + 1] ?? '', 'utf8'), stderr: '' };
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  console.error('npm audit printed no JSON:', result.stderr.trim());
  process.exit(1);
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? 'unknown reason';
  console.warn(`WARNING: npm audit could not query the advisory database (${reason}); dependencies NOT checked.`);
  process.exit(0);
}

const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit (production dependencies): ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
if (serious > 0) {
  for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
    if (entry.severity === 'high' || entry.severity === 'critical') console.error(`  ${entry.severity}: ${name}`);
  }
  process.exit(1);
}
