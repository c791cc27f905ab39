/**
 * The site's languages (issue 38). English is the default and has no prefix (`/products`); Tamil
 * and Hindi pages live under their code (`/ta/products`, `/hi/product/{id}`).
 */
export const LOCALES = ['en', 'ta', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as a language switch shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ta: 'தமிழ்', hi: 'हिन्दी' };

/** The locales Intl formats numbers and dates with: Indian English, so digits group as 1,00,000 in every language. */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-IN', ta: 'ta-IN', hi: 'hi-IN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The URL prefix of a language's pages: '' for English, '/ta' for Tamil. */
export function localePrefix(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/**
 * A pathname's language and the app path inside it: '/ta/products' → ta, '/products';
 * '/ta' and '/ta/' → ta, '/'. A path without a language prefix is English ('/fr/x' is an English
 * path that no route answers, so it shows the not-found page).
 */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2})(?=\/|$)/.exec(pathname);
  const code = match?.[1];
  if (code === undefined || code === DEFAULT_LOCALE || !isLocale(code))
    return { locale: DEFAULT_LOCALE, path: pathname };
  const rest = pathname.slice(code.length + 1);
  return { locale: code, path: rest === '' ? '/' : rest };
}

/**
 * An app path (with its query and hash) in a language: ('ta', '/products?tab=spares') →
 * '/ta/products?tab=spares'; a language's home is '/ta/'.
 */
export function localizedPath(locale: Locale, path: string): string {
  const prefix = localePrefix(locale);
  if (prefix === '') return path;
  return path.startsWith('/') ? `${prefix}${path}` : `${prefix}/${path}`;
}

/**
 * A language's catalogue (namespace → key → ICU message, as its JSON files hold it) as one table of
 * `namespace.key` ids, the form the formatter takes; the web app and the server read theirs so.
 */
export function flattenMessages(catalogue: Record<string, Record<string, string>>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [namespace, entries] of Object.entries(catalogue)) {
    for (const [key, message] of Object.entries(entries)) messages[`${namespace}.${key}`] = message;
  }
  return messages;
}
