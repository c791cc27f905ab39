import { DEFAULT_LOCALE, type Locale, LOCALES, localizedPath } from '@capstan/shared';
import { absolutizeJsonLd, serializeJsonLd } from './json-ld';
import type { PageMeta } from './page-meta';

const OG_LOCALES: Record<Locale, string> = { en: 'en_IN', ta: 'ta_IN', hi: 'hi_IN' };

/** Text and attribute escaping: item names and requested paths are untrusted. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function absolute(url: string, publicUrl: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${publicUrl}${url}` : url;
}

const metaName = (name: string, content: string) =>
  `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`;
const metaProperty = (property: string, content: string) =>
  `<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`;

/**
 * The <head> tags of a server-rendered page, one per line. JSON-LD goes in data blocks
 * (type application/ld+json), which browsers never execute, so the `script-src 'self'` CSP
 * holds; nothing executable is ever emitted inline.
 *
 * A 404 gets no canonical link or og:url: there is no page for them to point at.
 */
export interface SiteSocial {
  /** The company's X/Twitter handle ('@name'), when it has one (TWITTER_SITE). */
  twitterSite?: string;
}

/**
 * `locale`: the page's language. `meta.canonicalPath` is the page's path in the app (no language
 * prefix); the canonical link names this language's version, and `hreflang` alternates name every
 * language's (English as x-default), so each version ranks for its own readers.
 */
export function renderHeadTags(
  meta: PageMeta,
  publicUrl: string,
  social: SiteSocial = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const base = publicUrl.replace(/\/+$/, '');
  const inLocale = (one: Locale) => absolute(localizedPath(one, meta.canonicalPath), base);
  const canonical = inLocale(locale);
  const tags: string[] = [
    `<title>${escapeHtml(meta.title)}</title>`,
    metaName('description', meta.description),
    `<link rel="icon" href="${escapeHtml(meta.icons.favicon)}" sizes="48x48">`,
    `<link rel="apple-touch-icon" href="${escapeHtml(meta.icons.appleTouchIcon)}">`,
  ];

  if (meta.status !== 404) {
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
    // Staff-only and unavailable pages have no other language to point a search engine at.
    if (!meta.noindex) {
      for (const one of LOCALES) {
        tags.push(`<link rel="alternate" hreflang="${one}" href="${escapeHtml(inLocale(one))}">`);
      }
      tags.push(`<link rel="alternate" hreflang="x-default" href="${escapeHtml(inLocale(DEFAULT_LOCALE))}">`);
    }
  }
  if (meta.noindex) tags.push(metaName('robots', 'noindex'));

  tags.push(
    metaProperty('og:type', meta.ogType),
    metaProperty('og:site_name', meta.siteName),
    metaProperty('og:title', meta.title),
    metaProperty('og:description', meta.description),
  );
  if (meta.status !== 404) tags.push(metaProperty('og:url', canonical));
  tags.push(metaProperty('og:locale', OG_LOCALES[locale]));
  if (meta.status !== 404 && !meta.noindex) {
    for (const one of LOCALES) if (one !== locale) tags.push(metaProperty('og:locale:alternate', OG_LOCALES[one]));
  }

  if (meta.image) {
    tags.push(metaProperty('og:image', absolute(meta.image.url, base)));
    if (meta.image.width !== undefined) tags.push(metaProperty('og:image:width', String(meta.image.width)));
    if (meta.image.height !== undefined) tags.push(metaProperty('og:image:height', String(meta.image.height)));
    tags.push(metaProperty('og:image:alt', meta.image.alt));
  }
  if (meta.ogType === 'product' && meta.price) {
    tags.push(
      metaProperty('product:price:amount', String(meta.price.amount)),
      metaProperty('product:price:currency', meta.price.currency),
    );
  }

  tags.push(
    metaName('twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    ...(social.twitterSite ? [metaName('twitter:site', social.twitterSite)] : []),
    metaName('twitter:title', meta.title),
    metaName('twitter:description', meta.description),
  );
  if (meta.image) {
    tags.push(metaName('twitter:image', absolute(meta.image.url, base)), metaName('twitter:image:alt', meta.image.alt));
  }

  for (const block of meta.jsonLd) {
    tags.push(`<script type="application/ld+json">${serializeJsonLd(absolutizeJsonLd(block, base))}</script>`);
  }
  return tags.join('\n');
}
