import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressionSlots } from '../../src/modules/catalogue/compression-slots';
import { CachedBody } from '../../src/modules/catalogue/public-response-cache';

describe('compression slots', () => {
  it('runs at most its number of compressions at once, the rest in the order they asked', async () => {
    const slots = new CompressionSlots(2);
    const releases: (() => void)[] = [];
    const started: number[] = [];
    let running = 0;
    let mostRunning = 0;
    const jobs = Array.from({ length: 5 }, (_, index) =>
      slots.run(async () => {
        started.push(index);
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.load).toEqual({ active: 2, waiting: 3 });
    while (started.length < 5 || releases.length > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(mostRunning).toBe(2);
    expect(slots.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a compression that failed', async () => {
    const slots = new CompressionSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
    expect(slots.load).toEqual({ active: 0, waiting: 0 });
  });

  it('still gives fifty cached bodies asked for at once their exact encodings', async () => {
    const bodies = Array.from(
      { length: 50 },
      (_, index) => new CachedBody(Buffer.from(JSON.stringify({ index, text: 'spare part '.repeat(400) }))),
    );
    const encoded = await Promise.all(bodies.flatMap((body) => [body.variant('br'), body.variant('gzip')]));
    bodies.forEach((body, index) => {
      expect(zlib.brotliDecompressSync(encoded[index * 2] as Buffer)).toEqual(body.identity);
      expect(zlib.gunzipSync(encoded[index * 2 + 1] as Buffer)).toEqual(body.identity);
    });
  });
});
