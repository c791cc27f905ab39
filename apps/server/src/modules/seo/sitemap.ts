import { type Locale, LOCALES, localizedPath, SERVICE_PAGE_PATH } from '@capstan/shared';
import type { SitemapEntry } from './seo.repository';

/** The sitemap protocol's cap on URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Home, /products and /service (issue 40) come before the items. */
export const SITEMAP_FIXED_URLS = 3;
/** Each language has a sitemap of its own: the items that fit in one. */
export const SITEMAP_MAX_ITEMS = SITEMAP_MAX_URLS - SITEMAP_FIXED_URLS;

/** Where a language's sitemap is served: `/sitemap-ta.xml`. */
export const sitemapPath = (locale: Locale): string => `/sitemap-${locale}.xml`;

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

/**
 * A page in one language, naming its version in every language (English as x-default) as
 * alternates: the form search engines read a multilingual site's sitemap in.
 */
function urlElement(publicUrl: string, locale: Locale, path: string, lastmod: string | null): string {
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  const href = (one: Locale) => escapeXml(`${publicUrl}${localizedPath(one, path)}`);
  const alternates =
    LOCALES.map((one) => `<xhtml:link rel="alternate" hreflang="${one}" href="${href(one)}"/>`).join('') +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href('en')}"/>`;
  return `<url><loc>${href(locale)}</loc>${mod}${alternates}</url>`;
}

/** One language's pages; `entries` newest first, as listSitemapEntries returns them. */
export function renderSitemap(publicUrl: string, entries: readonly SitemapEntry[], locale: Locale = 'en'): string {
  const newest = entries[0] ? w3cDateTime(entries[0].updatedAt) : null;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    urlElement(publicUrl, locale, '/', newest),
    urlElement(publicUrl, locale, '/products', newest),
    // The form does not change with the catalogue: no date to give.
    urlElement(publicUrl, locale, SERVICE_PAGE_PATH, null),
  ];
  for (const entry of entries) {
    lines.push(urlElement(publicUrl, locale, `/product/${encodeURIComponent(entry.id)}`, w3cDateTime(entry.updatedAt)));
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/**
 * `/sitemap.xml`: the index of the languages' sitemaps (each may hold the whole catalogue, which
 * three languages in one file could not). `newest`: the latest item change, or null.
 */
export function renderSitemapIndex(publicUrl: string, newest: string | null): string {
  const lastmod = newest === null ? null : w3cDateTime(newest);
  const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...LOCALES.map(
      (locale) => `<sitemap><loc>${escapeXml(`${publicUrl}${sitemapPath(locale)}`)}</loc>${mod}</sitemap>`,
    ),
    '</sitemapindex>',
    '',
  ].join('\n');
}

export function renderRobots(publicUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
