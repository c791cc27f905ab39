// `npm run typecheck`: each TypeScript program of the repository, checked by TypeScript 7, the
// compiler's native port (decision 078): the same type system as the 5.9 the editor and
// typescript-eslint use, in a tenth of the time. Its package is installed under the name
// `typescript-7` because typescript-eslint still needs `typescript` 5.9 (it parses with its API);
// both install a `tsc` command, so this script names the one it means.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

// The package exports no path to its command: find it beside its package.json.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-7/package.json')), 'bin/tsc');

// Each has its own globals (the browser's for the web app, Node's for the rest) and settings.
const PROGRAMS = ['packages/shared', 'packages/demo-catalogue', 'apps/server', 'apps/web', 'apps/web/e2e', 'scripts'];

let failed = false;
for (const program of PROGRAMS) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', program, '--pretty'], { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`typecheck: ${program} has errors`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
