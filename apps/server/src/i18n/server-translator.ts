import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { flattenMessages, INTL_LOCALES, type Locale } from '@capstan/shared';
import seoEn from '../locales/en/seo.json' with { type: 'json' };
import seoHi from '../locales/hi/seo.json' with { type: 'json' };
import seoTa from '../locales/ta/seo.json' with { type: 'json' };

/**
 * The server's own messages (page titles and descriptions, structured data), in the same ICU
 * catalogues and library as the web app's (apps/web/src/lib/i18n): `locales/<language>/<namespace>.json`.
 */
export const SERVER_CATALOGUES: Record<Locale, Record<string, Record<string, string>>> = {
  en: { seo: seoEn },
  ta: { seo: seoTa },
  hi: { seo: seoHi },
};

export type ServerMessageKey = `seo.${keyof typeof seoEn & string}`;
export type ServerMessageValues = Record<string, string | number>;

export interface ServerTranslator {
  locale: Locale;
  t: (key: ServerMessageKey, values?: ServerMessageValues) => string;
  /** 'A, B and C' in the language. */
  list: (items: readonly string[]) => string;
  intl: IntlShape;
}

const cache = createIntlCache();

function create(locale: Locale): ServerTranslator {
  const intl = createIntl(
    {
      locale: INTL_LOCALES[locale],
      defaultLocale: INTL_LOCALES.en,
      // A key a translation lacks falls back to English (the catalogue test keeps that from shipping).
      messages: { ...flattenMessages(SERVER_CATALOGUES.en), ...flattenMessages(SERVER_CATALOGUES[locale]) },
    },
    cache,
  );
  return {
    locale,
    intl,
    t: (key, values) => intl.formatMessage({ id: key }, values),
    list: (items) => intl.formatList(items, { type: 'conjunction' }),
  };
}

const translators: Record<Locale, ServerTranslator> = { en: create('en'), ta: create('ta'), hi: create('hi') };

export function serverTranslator(locale: Locale): ServerTranslator {
  return translators[locale];
}
