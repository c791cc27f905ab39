import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A bundler turns a module imported only when needed into part of the file that imports it, unless
 * told to keep it apart; its packages are then loaded at every start (decision 079 keeps the S3 SDK,
 * about 20 MB, out of a server whose pictures are on disk). esbuild's account of the compiled
 * server (dist/meta.json, decision 080) says what a start loads: the outputs main.mjs imports
 * statically, and theirs.
 */
interface Metafile {
  outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
}

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

async function packagesLoadedAtStart(): Promise<Set<string>> {
  const meta = JSON.parse(await fs.readFile(path.join(dist, 'meta.json'), 'utf8')) as Metafile;
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of meta.outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(imported.path);
      else visit(imported.path);
    }
  };
  expect(meta.outputs['dist/main.mjs'], 'main.mjs is in the account').toBeDefined();
  visit('dist/main.mjs');
  return packages;
}

describe('the compiled server at start', () => {
  it('loads the packages it always needs, and not those only some servers use', async () => {
    const packages = await packagesLoadedAtStart();
    expect(packages).toContain('fastify');
    const loadedOnlyWhenNeeded = [...packages].filter((name) =>
      /^(@aws-sdk\/|nodemailer$|pino-pretty$|write-excel-file|@zxcvbn-ts\/)/.test(name),
    );
    expect(loadedOnlyWhenNeeded).toEqual([]);
  });
});
