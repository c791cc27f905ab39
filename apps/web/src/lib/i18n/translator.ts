import { createElement, Fragment, type ReactNode } from 'react';
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
export interface Translator<Key extends string = MessageKey> {
  locale: Locale;
  intl: IntlShape<ReactNode>;
  t: (key: Key, values?: MessageValues) => string;
  rich: (key: Key, values: RichValues) => ReactNode;
}

const cache = createIntlCache();

/**
 * `messages` are the language's own; a key they lack falls back to `english` (the catalogue tests
 * keep that from happening in a release). The back office passes its own English as well
 * (`lib/i18n/admin.tsx`).
 */
export function createTranslator<Key extends string = MessageKey>(
  locale: Locale,
  messages: Messages,
  english: Messages = ENGLISH_MESSAGES,
): Translator<Key> {
  const intl = createIntl<ReactNode>(
    {
      locale: INTL_LOCALES[locale],
      defaultLocale: INTL_LOCALES.en,
      messages: locale === 'en' ? english : { ...english, ...messages },
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
    // The formatter answers a list of strings and elements: handed to a fragment as its children, one
    // by one (as react-intl does), they are a fixed sequence that needs no keys.
    rich: (key, values) => {
      const parts = intl.formatMessage({ id: key }, values as Parameters<typeof intl.formatMessage>[1]);
      return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : parts;
    },
  };
}

/** English: the site's default, the fallback outside a provider, and plain functions' default. */
export const ENGLISH: Translator = createTranslator('en', {});
