import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'capstan-audit-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** Runs `npm run audit:deps`'s script on a saved `npm audit --json` output. */
function verdict(name: string, report: string) {
  const file = path.join(work, `${name}.json`);
  fs.writeFileSync(file, report);
  const run = spawnSync(process.execPath, ['scripts/audit-deps.mjs', '--report', file], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const counts = (high: number, critical: number) => ({
  metadata: { vulnerabilities: { info: 0, low: 2, moderate: 1, high, critical, total: 3 + high + critical } },
});

describe('the dependency audit gate (CI)', () => {
  it('fails on a high or a critical advisory in a production dependency, naming the package', () => {
    const high = verdict('high', JSON.stringify({ ...counts(1, 0), vulnerabilities: { sharp: { severity: 'high' } } }));
    expect(high.status).toBe(1);
    expect(high.output).toContain('high: sharp');
    const critical = verdict(
      'critical',
      JSON.stringify({ ...counts(0, 1), vulnerabilities: { fastify: { severity: 'critical' } } }),
    );
    expect(critical.status).toBe(1);
    expect(critical.output).toContain('critical: fastify');
  });

  it('passes when only low and moderate advisories are known', () => {
    const run = verdict('clean', JSON.stringify(counts(0, 0)));
    expect(run.status).toBe(0);
    expect(run.output).toContain('0 critical, 0 high, 1 moderate, 2 low');
  });

  it('warns loudly without failing when the advisory service cannot be reached', () => {
    const run = verdict(
      'unreachable',
      JSON.stringify({ message: 'audit endpoint returned an error', error: { summary: '405 Method Not Allowed' } }),
    );
    expect(run.status).toBe(0);
    expect(run.output).toContain('WARNING: npm audit could not query the advisory database');
    expect(run.output).toContain('dependencies NOT checked');
  });

  it('fails when npm audit printed something that is not a report', () => {
    expect(verdict('garbage', 'npm ERR! something broke').status).toBe(1);
  });
});
