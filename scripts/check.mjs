// `npm run check`: the static checks CI runs before any test: the typecheck on one core, the lint
// then the format check on the other. `node scripts/check.mjs lint format:check` runs the named
// ones one after another instead (.ci/run puts the format check after the install scripts, on the
// core the lint leaves). Each one's output is printed whole when it ends, so lanes never
// interleave; the exit code is non-zero if any failed.
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

async function inSequence(scripts) {
  const results = [];
  for (const script of scripts) results.push(await run(script));
  return results;
}

const named = process.argv.slice(2);
// The typecheck takes longest; the format check follows the lint on the other core.
const results =
  named.length > 0
    ? await inSequence(named)
    : await Promise.all([run('typecheck'), inSequence(['lint', 'format:check'])]);
process.exitCode = results.flat().every(Boolean) ? 0 : 1;
