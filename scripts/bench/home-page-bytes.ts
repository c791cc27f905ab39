import { constants, gunzipSync, gzipSync } from 'node:zlib';

export interface HomePageBytes {
  /** The characters of the HTML before the first below-fold section; null if it has none. */
  firstScreenRawBytes: number | null;
  /** How many bytes of the server's own gzip answer a browser needs to decode that far. */
  firstScreenGzipBytes: number | null;
  /** The inline `<style>` alone, gzip -9: the first screen's CSS. */
  inlineCssGzipBytes: number;
  /**
   * The page with every class attribute and the inline CSS taken out, gzip -9: what its content,
   * tags and other attributes cost with no styling at all. No styling of the same content can make
   * the page smaller than this plus the CSS its first screen needs.
   */
  unstyledGzipBytes: number;
}

/** Where the first element carrying the `below-fold` class starts in `html`; -1 if none. */
export function firstBelowFoldOffset(html: string): number {
  return html.search(/<[a-z][a-z0-9]*\b[^>]*\sclass="(?:[^"]*\s)?below-fold[\s"]/);
}

/** How many leading bytes of a gzip stream decode to at least `length` bytes of its content. */
function gzipPrefixFor(gzipped: Buffer, length: number): number {
  const decoded = (end: number) => {
    try {
      return gunzipSync(gzipped.subarray(0, end), { finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch {
      return 0; // not even the gzip header yet
    }
  };
  let low = 0;
  let high = gzipped.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (decoded(middle) >= length) high = middle;
    else low = middle + 1;
  }
  return low;
}

export function homePageBytes(html: Buffer, gzipped: Buffer | null): HomePageBytes {
  const text = html.toString('utf8');
  // The first screen is what comes before the sections that wait for the whole stylesheet
  // (decision 060): head, inline CSS, header, hero, statistics, about.
  const firstBelowFold = firstBelowFoldOffset(text);
  const firstScreenRawBytes = firstBelowFold === -1 ? null : Buffer.byteLength(text.slice(0, firstBelowFold));
  const inlineCss = /<style>[\s\S]*?<\/style>/.exec(text)?.[0] ?? '';
  const unstyled = text.replace(/<style>[\s\S]*?<\/style>/g, '').replace(/\sclass="[^"]*"/g, '');
  return {
    firstScreenRawBytes,
    firstScreenGzipBytes:
      firstScreenRawBytes === null || gzipped === null ? null : gzipPrefixFor(gzipped, firstScreenRawBytes),
    inlineCssGzipBytes: gzipSync(inlineCss, { level: 9 }).length,
    unstyledGzipBytes: gzipSync(unstyled, { level: 9 }).length,
  };
}
