import type { Locale } from '@capstan/shared';

/**
 * A public API read's URL in the page's language (decision 072): Tamil and Hindi pages ask with
 * `lang=ta|hi`, and the server answers the items' translated texts in place; English URLs stay as
 * they were. The URL is the query key, so each language's answers are cached apart.
 */
export function inPageLanguage(url: string, locale: Locale): string {
  if (locale === 'en') return url;
  return `${url}${url.includes('?') ? '&' : '?'}lang=${locale}`;
}
