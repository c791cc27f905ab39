// `npm run check`: the static checks CI runs before any test: the lint on one core, the typecheck
// then the format check on the other. Each one's output is printed whole when it ends, so
// the two never interleave; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';

function run(script) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} npm run ${script} (${seconds} s)`);
      if (output.trim() !== '') console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

// The lint takes longest; the format check follows the typecheck (TypeScript 7: seconds) on the other core.
const results = await Promise.all([
  run('lint'),
  run('typecheck').then(async (typed) => [typed, await run('format:check')]),
]);
process.exitCode = results.flat().every(Boolean) ? 0 : 1;
