// Builds the web app when its output is missing, so `npm start` works on a fresh clone.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const index = new URL('../apps/web/dist/index.html', import.meta.url);

if (!existsSync(index) || process.argv.includes('--force')) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '--workspace', '@capstan/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
