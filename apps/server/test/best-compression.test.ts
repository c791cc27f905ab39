import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { stopBestCompression } from '../src/modules/catalogue/best-compression';
import { CachedBody, HOT_AFTER_SENDS } from '../src/modules/catalogue/public-response-cache';

afterAll(stopBestCompression);

// A page-like body: the web app's own stylesheet and template, about the home page's kind of text.
const webSource = path.resolve(import.meta.dirname, '../../web/src');
const page = Buffer.from(
  fs.readFileSync(path.join(webSource, 'index.css'), 'utf8') +
    fs.readFileSync(path.join(webSource, 'features/landing/components/landing-nav.tsx'), 'utf8'),
);

async function sent(body: CachedBody, coding: 'gzip' | 'br'): Promise<Buffer> {
  const variant = body.variant(coding);
  if (variant === null) throw new Error('not encoded');
  return variant instanceof Buffer ? variant : await variant;
}

describe('CachedBody recompression of pages in demand', () => {
  it('after a few sends, answers with Zopfli gzip and brotli 11: smaller, and the same bytes decoded', async () => {
    const body = new CachedBody(page, { brotliQuality: 6, recompressWhenHot: true });
    const fastGzip = await sent(body, 'gzip');
    const fastBr = await sent(body, 'br');
    expect(body.recompressed).toBeNull();
    for (let send = 2; send < HOT_AFTER_SENDS; send += 1) await sent(body, 'gzip');
    expect(body.recompressed).not.toBeNull();
    await body.recompressed;

    const bestGzip = await sent(body, 'gzip');
    const bestBr = await sent(body, 'br');
    expect(bestGzip.length).toBeLessThan(fastGzip.length);
    expect(bestBr.length).toBeLessThan(fastBr.length);
    expect(zlib.gunzipSync(bestGzip).equals(page)).toBe(true);
    expect(zlib.brotliDecompressSync(bestBr).equals(page)).toBe(true);
    // The representation is the same: the validator does not change.
    expect(body.etag).toBe(new CachedBody(page).etag);
  });

  it('leaves bodies that did not ask for it, or were sent only once or twice, as they were', async () => {
    const list = new CachedBody(page);
    for (let send = 0; send < HOT_AFTER_SENDS + 2; send += 1) await sent(list, 'gzip');
    expect(list.recompressed).toBeNull();

    const rarePage = new CachedBody(page, { recompressWhenHot: true });
    for (let send = 1; send < HOT_AFTER_SENDS; send += 1) await sent(rarePage, 'br');
    expect(rarePage.recompressed).toBeNull();
  });
});
