/**
 * A least-recently-used cache bounded by the bytes of its values, not their number: images
 * range from a few KB (thumbnails) to several hundred KB (large), so a count would bound nothing.
 * A Map keeps insertion order; re-inserting on each hit makes its first key the coldest.
 */
export class ByteLruCache<V extends { byteLength: number }> {
  private readonly entries = new Map<string, V>();
  private used = 0;
  hits = 0;
  misses = 0;
  evictions = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Stores the value unless it alone would take more than a quarter of the cache (it would flush the rest). */
  set(key: string, value: V): void {
    this.delete(key);
    if (value.byteLength > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.used += value.byteLength;
    for (const [coldest, old] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(coldest);
      this.used -= old.byteLength;
      this.evictions += 1;
    }
  }

  delete(key: string): void {
    const old = this.entries.get(key);
    if (old === undefined) return;
    this.entries.delete(key);
    this.used -= old.byteLength;
  }
}
