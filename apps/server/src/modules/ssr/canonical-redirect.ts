import { foldRangeFields } from '@capstan/shared';
// '/products/' or '/product/{id}/' (one or more trailing slashes); nothing else, so the target is
// always one of our own pages and never, say, '//other.host'.
const TRAILING_SLASH = /^(\/products|\/product\/[^/?#]+)\/+$/;

/**
 * Where a request for a public page with a trailing slash belongs: the same page without it,
 * query kept. The router would render both, and one page with two URLs splits its ranking and
 * its cache entries.
 */
export function canonicalRedirect(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const match = TRAILING_SLASH.exec(pathname);
  if (!match) return undefined;
  return `${match[1]}${queryStart === -1 ? '' : url.slice(queryStart)}`;
}

/**
 * Where a catalogue filter form sent without the app belongs: the same list with its typed ranges
 * as `f` parameters (foldRangeFields), the URL the app itself would show for them. Undefined for
 * anything else.
 */
export function catalogueFormRedirect(url: string): string | undefined {
  const queryStart = url.indexOf('?');
  if (queryStart === -1 || url.slice(0, queryStart) !== '/products') return undefined;
  const folded = foldRangeFields(new URLSearchParams(url.slice(queryStart + 1)));
  if (folded === null) return undefined;
  const query = folded.toString();
  return query === '' ? '/products' : `/products?${query}`;
}
