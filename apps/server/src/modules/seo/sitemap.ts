import type { SitemapEntry } from './seo.repository';

/** The sitemap protocol's cap on URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Home and /products come before the items. */
export const SITEMAP_FIXED_URLS = 2;

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** W3C Datetime to the second, or null for a value that is not a date. */
export function w3cDateTime(value: string): string | null {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function urlElement(loc: string, lastmod: string | null): string {
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${mod}</url>`;
}

/** `entries` newest first, as listSitemapEntries returns them. */
export function renderSitemap(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const newest = entries[0] ? w3cDateTime(entries[0].updatedAt) : null;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    urlElement(`${publicUrl}/`, newest),
    urlElement(`${publicUrl}/products`, newest),
  ];
  for (const entry of entries) {
    lines.push(urlElement(`${publicUrl}/product/${encodeURIComponent(entry.id)}`, w3cDateTime(entry.updatedAt)));
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

export function renderRobots(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
