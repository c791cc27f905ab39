import type { CachedBody, RevisionSource } from '../catalogue/public-response-cache';

/** One API response a rendered page was built from, to tell later whether it is still current. */
export interface PageDependency {
  path: string;
  status: number;
  etag: string | undefined;
  /** The response caches the answer came from, at the revision it holds for; empty when it came from none. */
  sources: RevisionSource[];
}

export interface CachedPage {
  status: number;
  /** The HTML with its ETag and compressed variants, each made once per page version. */
  body: CachedBody;
  noindex: boolean;
  dependencies: PageDependency[];
}

/**
 * Rendered pages by URL, least recently used first out, bounded by total size so odd query
 * strings cannot fill the memory.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Re-inserted so the Map's order stays least recently used first.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    if (page.body.size > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += page.body.size;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.body.size;
  }

  get size(): number {
    return this.pages.size;
  }
}
