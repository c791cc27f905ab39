import { Children, type ReactNode } from 'react';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { INTL_LOCALES, type Locale } from '@capstan/shared';
import { EN_CATALOGUE } from '@/locales/en';
import { flattenCatalogue, type MessageKey, type Messages } from './messages';

export const ENGLISH_MESSAGES: Messages = flattenCatalogue(EN_CATALOGUE);

/** Values an ICU message takes: `{count, plural, …}`, `{name}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** Values a rich message takes besides those: `<b>{chunks}</b>` tags as React elements. */
export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * A language's messages and formats: `t` for a message as text, `rich` for one with tags, `intl`
 * for numbers and dates in the reader's locale.
 */
export interface Translator {
  locale: Locale;
  intl: IntlShape<ReactNode>;
  t: (key: MessageKey, values?: MessageValues) => string;
  rich: (key: MessageKey, values: RichValues) => ReactNode;
}

const cache = createIntlCache();

/**
 * `messages` are the language's own; a key they lack falls back to English (the catalogue tests
 * keep that from happening in a release).
 */
export function createTranslator(locale: Locale, messages: Messages): Translator {
  const intl = createIntl<ReactNode>(
    {
      locale: INTL_LOCALES[locale],
      defaultLocale: INTL_LOCALES.en,
      messages: locale === 'en' ? ENGLISH_MESSAGES : { ...ENGLISH_MESSAGES, ...messages },
      onError: (error) => {
        // A message the English catalogue lacks is a bug the types and tests catch; say which.
        console.error(error.message);
      },
    },
    cache,
  );
  return {
    locale,
    intl,
    t: (key, values) => intl.formatMessage({ id: key }, values) as string,
    // The formatter answers a list of strings and elements: keyed here, so React can tell them apart.
    rich: (key, values) =>
      Children.toArray(intl.formatMessage({ id: key }, values as Parameters<typeof intl.formatMessage>[1])),
  };
}
