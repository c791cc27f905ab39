import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Suites that start the server as a process run its compiled build (dist/main.mjs, decision 080):
 * it is brought up to date with the sources first, so a test never runs yesterday's server.
 * A no-op (a hash of the sources) when nothing changed.
 */
export default function compileServer(): void {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', 'server'], { cwd: repoRoot, stdio: 'inherit' });
}
