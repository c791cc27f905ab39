/** One API response a rendered page was built from, to tell later whether it is still current. */
export interface PageDependency {
  path: string;
  status: number;
  etag: string | undefined;
}

export interface CachedPage {
  status: number;
  html: string;
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
    if (page.html.length > this.maxBytes) return;
    this.pages.set(key, page);
    this.bytes += page.html.length;
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.html.length;
  }

  get size(): number {
    return this.pages.size;
  }
}
