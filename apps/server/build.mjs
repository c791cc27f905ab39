// Compiles the server into apps/server/dist/ (decision 080): `main.mjs`, and the catalogue import's
// worker beside it (`worker-entry.mjs` starts `sheet-reader.worker.mjs`, found next to the module
// that starts it). The workspace packages (@capstan/*, TypeScript source) are bundled in; every other
// package stays an import that Node resolves from node_modules, so one copy of each (zod, fastify…)
// is loaded, as under tsx. The output sits at src/'s depth: config.ts finds the repository from it.
import { rm } from 'node:fs/promises';
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

await Promise.all(
  ['main.mjs', 'sheet-reader.worker.mjs', 'worker-entry.mjs'].map((file) => rm(`${outdir}/${file}`, { force: true })),
);
await build({
  entryPoints: [
    { in: at('./src/main.ts'), out: 'main' },
    { in: at('./src/modules/catalogue-import/sheet-reader.worker.ts'), out: 'sheet-reader.worker' },
    { in: at('./src/modules/catalogue-import/worker-entry.mjs'), out: 'worker-entry' },
  ],
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Names as written: errors and logs name their classes and functions as the source does.
  keepNames: true,
  plugins: [packagesStayImports],
  logLevel: 'warning',
});
