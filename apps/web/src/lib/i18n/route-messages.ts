import { DEFAULT_LOCALE, flattenMessages, type Locale, LOCALES, splitLocalePath } from '@capstan/shared';
import { loadMessages } from './load-messages';
import { ENGLISH_MESSAGES } from './translator';

/**
 * The service pages' messages (`service.*`) are the largest namespace of the public site, and only
 * `/service`, `/service/sent` and `/my-machine` use them; in the language catalogues they were 5 KB
 * of gzip on every Tamil and Hindi page. They load with those pages' routes instead: the router's
 * `lazy` awaits them beside the page's chunk (app/router.tsx), before the page renders or hydrates.
 *
 * They are added to the catalogues translators read (`ENGLISH_MESSAGES`, and the page language's
 * own object from `loadMessages`), which read a message when it is first used, so a translator made
 * before keeps working and sees them. Their keys stay in `MessageKey` (locales/en.ts).
 */
async function serviceNamespace(locale: Locale): Promise<Record<string, string>> {
  switch (locale) {
    case 'en':
      return (await import('@/locales/en/service.json')).default;
    case 'ta':
      return (await import('@/locales/ta/service.json')).default;
    case 'hi':
      return (await import('@/locales/hi/service.json')).default;
  }
}

/** Adds the service pages' messages in English (every language's fallback) and in `locale`. */
export async function loadServiceMessages(locale: Locale): Promise<void> {
  const [english, own, catalogue] = await Promise.all([
    serviceNamespace('en'),
    serviceNamespace(locale),
    loadMessages(locale),
  ]);
  Object.assign(ENGLISH_MESSAGES, flattenMessages({ service: english }));
  if (locale !== 'en') Object.assign(catalogue, flattenMessages({ service: own }));
}

/** The page's language in the browser (its path's prefix); the server loads every language itself. */
function pageLocale(): Locale {
  return typeof window === 'undefined' ? DEFAULT_LOCALE : splitLocalePath(window.location.pathname).locale;
}

/** For the router: the service pages' messages in the language of the page being shown. */
export const loadServiceMessagesForPage = (): Promise<void> => loadServiceMessages(pageLocale());

/** For the server renderer and tests: every language's. */
export async function loadAllServiceMessages(): Promise<void> {
  await Promise.all(LOCALES.map(loadServiceMessages));
}
