// Compiles the server into apps/server/dist/ (decision 080): `main.mjs`, and the catalogue import's
// worker beside it (`worker-entry.mjs` starts `sheet-reader.worker.mjs`, found next to the module
// that starts it). The workspace packages (@capstan/*, TypeScript source) are bundled in; every other
// package stays an import that Node resolves from node_modules, so one copy of each (zod, fastify…)
// is loaded, as under tsx. The output sits at src/'s depth: config.ts finds the repository from it.
// meta.json is esbuild's account of what each output imports (dist-imports.test.ts reads it).
import { readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const at = (file) => fileURLToPath(new URL(file, import.meta.url));
const outdir = at('./dist');

const packagesStayImports = {
  name: 'packages-stay-imports',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@capstan/') ? undefined : { path: args.path, external: true },
    );
  },
};

// The previous build's files (chunk names change with their contents); the demo pictures stay.
const previous = await readdir(outdir).catch(() => []);
await Promise.all(
  previous.filter((file) => /\.(mjs|json)$/.test(file)).map((file) => rm(path.join(outdir, file), { force: true })),
);
const { metafile } = await build({
  entryPoints: [
    { in: at('./src/main.ts'), out: 'main' },
    { in: at('./src/modules/catalogue-import/sheet-reader.worker.ts'), out: 'sheet-reader.worker' },
    { in: at('./src/modules/catalogue-import/worker-entry.mjs'), out: 'worker-entry' },
  ],
  outdir,
  outExtension: { '.js': '.mjs' },
  // A module the server imports only when needed (the S3 image store) stays a file of its own, so
  // the packages it imports (the S3 SDK) load with it, not at start (decision 079). Chunks sit
  // beside main.mjs, at the same depth.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  // What each output imports, for the test that nothing loaded only when needed is loaded at start.
  metafile: true,
  absWorkingDir: at('.'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Names as written: errors and logs name their classes and functions as the source does.
  keepNames: true,
  plugins: [packagesStayImports],
  logLevel: 'warning',
});
await writeFile(path.join(outdir, 'meta.json'), JSON.stringify(metafile));
