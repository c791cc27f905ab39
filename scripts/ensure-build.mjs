// Builds what the server needs and a fresh clone lacks: the web app (browser build and server
// renderer), the demo pictures a first start copies in (decision 054) and the compiled server
// (decision 080). Run by `npm install` (postinstall), `npm start`, `npm test` and the bench; each
// part is rebuilt only when the files it is made from changed since it was built (a hash of their
// contents, kept beside the output), or always with --force. Part names as arguments (`server`)
// check only those. Prints one line; a build's own output only when it warns or fails.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const at = (...parts) => path.join(root, ...parts);

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dist-ssr', 'e2e', 'test', '.cache']);
const SKIPPED_FILE = /\.test\.[cm]?[jt]sx?$/;

/** Every file under these paths (folders walked, tests and outputs left out), sorted. */
function filesOf(paths) {
  const files = [];
  const walk = (entry) => {
    if (!existsSync(entry)) return;
    if (!statSync(entry).isDirectory()) {
      if (!SKIPPED_FILE.test(entry)) files.push(entry);
      return;
    }
    for (const child of readdirSync(entry, { withFileTypes: true })) {
      if (child.isDirectory() && SKIPPED_DIRS.has(child.name)) continue;
      walk(path.join(entry, child.name));
    }
  };
  paths.forEach((entry) => walk(at(entry)));
  return files.sort();
}

/** Names and contents: an edit, a new file or a removed one changes it; a touched file does not. */
function hashOf(paths) {
  const hash = createHash('sha256');
  for (const file of filesOf(paths))
    hash.update(path.relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const STAMP = '.build-inputs';
const demoPicturesDir = process.env.DEMO_PICTURES_DIR
  ? path.resolve(process.env.DEMO_PICTURES_DIR)
  : at('apps/server/dist/demo-pictures');

const allParts = [
  {
    key: 'web',
    name: 'the web app',
    inputs: ['apps/web', 'packages/shared', 'package-lock.json'],
    outputs: ['apps/web/dist/index.html', 'apps/web/dist-ssr/entry-server.js'].map((file) => at(file)),
    stampDir: at('apps/web/dist'),
    command: ['npm', ['--silent', 'run', 'build', '--workspace', '@capstan/web']],
  },
  {
    key: 'pictures',
    name: 'the demo pictures',
    inputs: [
      'packages/demo-catalogue',
      'packages/shared/src',
      'apps/server/src/modules/images/image-pipeline.ts',
      'apps/server/src/modules/images/image-variants.ts',
      'apps/server/src/modules/catalogue/demo-picture-cache.ts',
      'apps/server/src/build-demo-pictures.ts',
      'package-lock.json',
    ],
    outputs: [],
    stampDir: demoPicturesDir,
    command: [process.execPath, ['--import', 'tsx', 'apps/server/src/build-demo-pictures.ts']],
  },
  {
    key: 'server',
    name: 'the server',
    inputs: [
      'apps/server/src',
      'apps/server/build.mjs',
      // The whole package: esbuild resolves @capstan/shared through its package.json too.
      'packages/shared',
      'packages/demo-catalogue',
      'package-lock.json',
    ],
    outputs: ['main.mjs', 'sheet-reader.worker.mjs', 'worker-entry.mjs'].map((file) => at('apps/server/dist', file)),
    stampDir: at('apps/server/dist'),
    command: [process.execPath, ['apps/server/build.mjs']],
  },
];
const unknown = only.filter((key) => !allParts.some((part) => part.key === key));
if (unknown.length > 0) {
  console.error(
    `Unknown part(s): ${unknown.join(', ')}; the parts are ${allParts.map((part) => part.key).join(', ')}.`,
  );
  process.exit(2);
}
const parts = only.length === 0 ? allParts : allParts.filter((part) => only.includes(part.key));

const names = (list) => new Intl.ListFormat('en-GB').format(list.map((part) => part.name));

function run([command, args]) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ ok: code === 0, output }));
  });
}

const stale = parts
  .map((part) => ({ ...part, hash: hashOf(part.inputs) }))
  .filter((part) => {
    if (force || part.outputs.some((file) => !existsSync(file))) return true;
    try {
      return readFileSync(path.join(part.stampDir, STAMP), 'utf8') !== part.hash;
    } catch {
      return true;
    }
  });

if (stale.length > 0) {
  const started = performance.now();
  process.stdout.write(`Building ${names(stale)}… `);
  // Side by side: the web build is mostly one core, the pictures another; the server takes a second.
  const results = await Promise.all(stale.map((part) => run(part.command)));
  const failed = stale.filter((_, index) => !results[index].ok);
  console.log(failed.length === 0 ? `done in ${Math.round((performance.now() - started) / 1000)} s` : 'failed');
  results.forEach(({ ok, output }, index) => {
    // The pictures' one line of figures is not worth showing; warnings and failures are.
    const shown = ok && stale[index].outputs.length === 0 ? '' : output.trim();
    if (shown !== '') console.log(shown);
  });
  if (failed.length > 0) {
    console.error(`Building ${names(failed)} failed (output above).`);
    process.exit(1);
  }
  for (const part of stale) writeFileSync(path.join(part.stampDir, STAMP), part.hash);
}
