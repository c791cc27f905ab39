import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Same floor as the server's on-the-fly compression: smaller files are not worth encoding. */
const MIN_BYTES = 1024;
const COMPRESSIBLE = /\.(?:js|css|svg|json)$/;

/**
 * Writes a `.br` (quality 11) and a `.gz` (level 9) beside every compressible file of the browser
 * build, which the server sends as they are (`preCompressed` in `plugins/static-files.ts`).
 * Hashed assets never change, so compressing them once at build time beats compressing them on
 * every request: smaller files than the server's quick on-the-fly setting, and no CPU spent on
 * them while a visitor's page loads. The server-renderer build is skipped: nothing serves it.
 */
export function precompressAssets(): Plugin {
  let skip = false;
  return {
    name: 'capstan:precompress-assets',
    apply: 'build',
    configResolved(config) {
      skip = Boolean(config.build.ssr);
    },
    async writeBundle(options, bundle) {
      if (skip || !options.dir) return;
      const outDir = options.dir;
      const files = Object.values(bundle)
        .filter((output) => COMPRESSIBLE.test(output.fileName))
        .map((output) => ({
          name: output.fileName,
          bytes: Buffer.from(output.type === 'chunk' ? output.code : output.source),
        }))
        .filter((file) => file.bytes.length >= MIN_BYTES);
      await Promise.all(
        files.map(async ({ name, bytes }) => {
          const target = path.join(outDir, name);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}
