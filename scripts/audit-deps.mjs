// Fails when npm's advisory database knows a high or critical advisory in a production
// dependency. When the database cannot be reached (some registries or proxies refuse the POST
// it needs), it says so loudly and does not fail: a network rule is not a vulnerability.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
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
