// Builds the web app when its output is missing, so `npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// The browser build and the server renderer built from the same sources.
const outputs = ['../apps/web/dist/index.html', '../apps/web/dist-ssr/entry-server.js'].map(
  (p) => new URL(p, import.meta.url),
);

if (outputs.some((output) => !existsSync(output)) || process.argv.includes('--force')) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@capstan/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
