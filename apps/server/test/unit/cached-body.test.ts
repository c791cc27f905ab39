import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CachedBody } from '../../src/modules/catalogue/public-response-cache';

// A page-like body: the web app's own stylesheet, about the kind of text a page carries.
const page = Buffer.from(fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/src/index.css'), 'utf8'));

async function sent(body: CachedBody, coding: 'gzip' | 'br'): Promise<Buffer> {
  const variant = body.variant(coding);
  if (variant === null) throw new Error('not encoded');
  return await variant;
}

describe('CachedBody encodings', () => {
  it('makes each encoding once and sends those same bytes to every later request', async () => {
    const body = new CachedBody(page, { brotliQuality: 6 });
    // Asked for by several requests at once: one compression, shared.
    const [gzipA, gzipB] = [body.variant('gzip'), body.variant('gzip')];
    expect(gzipA).toBe(gzipB);
    const gzip = await sent(body, 'gzip');
    const br = await sent(body, 'br');
    expect(zlib.gunzipSync(gzip).equals(page)).toBe(true);
    expect(zlib.brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gzip.length).toBeLessThan(page.length / 2);
    expect(br.length).toBeLessThan(gzip.length);

    // Once made, the very same buffer, handed out at once: no request compresses anything.
    for (let send = 0; send < 5; send += 1) {
      expect(body.variant('gzip')).toBe(gzip);
      expect(body.variant('br')).toBe(br);
    }
    // The representation is the same whatever the coding: the validator is the identity's.
    expect(body.etag).toBe(new CachedBody(page).etag);
  });

  it('sends small bodies, and bodies that compress themselves, as they are', () => {
    expect(new CachedBody(Buffer.from('{"ok":true}')).variant('gzip')).toBeNull();
    expect(new CachedBody(page, { compressible: false }).variant('br')).toBeNull();
    expect(new CachedBody(page).variant('identity')).toBeNull();
  });
});
