import { createElement, Fragment, type ReactNode } from 'react';
import { memoize, strategies } from '@formatjs/fast-memoize';
import { IntlMessageFormat } from 'intl-messageformat';
import { INTL_LOCALES, type Locale } from '@capstan/shared';
import { EN_CATALOGUE } from '@/locales/en';
import { flattenCatalogue, type MessageKey, type Messages } from './messages';

export const ENGLISH_MESSAGES: Messages = flattenCatalogue(EN_CATALOGUE);

/** Values an ICU message takes: `{count, plural, …}`, `{name}`. */
export type MessageValues = Record<string, string | number | Date | null | undefined>;
/** Values a rich message takes besides those: `<b>{chunks}</b>` tags as React elements. */
export type RichValues = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/**
 * Numbers, dates and lists in the reader's locale: the few `Intl` formats the app uses, with the
 * signatures FormatJS's `intl` object gave them.
 */
export interface LocaleFormats {
  formatNumber: (value: number, options?: Intl.NumberFormatOptions) => string;
  /** Without options, the locale's default: a numeric date. */
  formatDate: (value: Date | number, options?: Intl.DateTimeFormatOptions) => string;
  /** Without a time field or style in the options, hours and minutes. */
  formatTime: (value: Date | number, options?: Intl.DateTimeFormatOptions) => string;
  formatList: (values: readonly string[], options?: Intl.ListFormatOptions) => string;
  formatRelativeTime: (
    value: number,
    unit: Intl.RelativeTimeFormatUnit,
    options?: Intl.RelativeTimeFormatOptions,
  ) => string;
}

/**
 * A language's messages and formats: `t` for a message as text, `rich` for one with tags, `intl`
 * for numbers and dates in the reader's locale.
 */
export interface Translator<Key extends string = MessageKey> {
  locale: Locale;
  intl: LocaleFormats;
  t: (key: Key, values?: MessageValues) => string;
  rich: (key: Key, values: RichValues) => ReactNode;
}

/**
 * Building an `Intl` formatter is slow and using one is fast, so there is one per locale and
 * options (fast-memoize keys them by their arguments as JSON), shared by every translator and by
 * the messages' plurals and numbers.
 */
function memoized<Args extends unknown[], Formatter>(create: (...args: Args) => Formatter) {
  // fast-memoize 2 types the result wider than `create`; 3, the app's version, does not.
  return memoize(create, { strategy: strategies.variadic }) as (...args: Args) => Formatter;
}

const formatters = {
  getNumberFormat: memoized(
    (locale: string, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
  ),
  getDateTimeFormat: memoized(
    (locale: string, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
  ),
  getPluralRules: memoized(
    (locale: string, options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locale, options),
  ),
  getListFormat: memoized((locale: string, options?: Intl.ListFormatOptions) => new Intl.ListFormat(locale, options)),
  getRelativeTimeFormat: memoized(
    (locale: string, options?: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options),
  ),
};

/**
 * A value a formatter refuses (an invalid date from the server) is logged and shown as it is, as
 * FormatJS did, rather than failing the whole page's render.
 */
function formatted(format: () => string, asIs: () => string, what: string): string {
  try {
    return format();
  } catch (error) {
    console.error(`Error formatting ${what}: ${String(error)}`);
    return asIs();
  }
}

const TIME_FIELDS = ['hour', 'minute', 'second', 'timeStyle', 'dateStyle'] as const;

function localeFormats(locale: string): LocaleFormats {
  return {
    formatNumber: (value, options) =>
      formatted(
        () => formatters.getNumberFormat(locale, options).format(value),
        () => String(value),
        'a number',
      ),
    formatDate: (value, options) =>
      formatted(
        () => formatters.getDateTimeFormat(locale, options).format(value),
        () => String(new Date(value)),
        'a date',
      ),
    formatTime: (value, options = {}) => {
      // FormatJS's formatTime: a time, not the date Intl shows when no time field is asked for.
      const clock: Intl.DateTimeFormatOptions = TIME_FIELDS.some((field) => options[field])
        ? options
        : { ...options, hour: 'numeric', minute: 'numeric' };
      return formatted(
        () => formatters.getDateTimeFormat(locale, clock).format(value),
        () => String(new Date(value)),
        'a time',
      );
    },
    formatList: (values, options) =>
      formatted(
        () => formatters.getListFormat(locale, options).format(values),
        () => values.join(', '),
        'a list',
      ),
    formatRelativeTime: (value, unit, options) =>
      formatted(
        () => formatters.getRelativeTimeFormat(locale, options).format(value, unit),
        () => String(value),
        'a relative time',
      ),
  };
}

/**
 * `messages` are the language's own; a key they lack falls back to `english` (the catalogue tests
 * keep that from happening in a release). The back office passes its own English as well
 * (`lib/i18n/admin.tsx`). Both are read when a message is first used, not copied: a namespace
 * that loads with its route (`route-messages.ts`) is added to them after the translator is made.
 */
export function createTranslator<Key extends string = MessageKey>(
  locale: Locale,
  messages: Messages,
  english: Messages = ENGLISH_MESSAGES,
): Translator<Key> {
  const intlLocale = INTL_LOCALES[locale];
  const messageOf = (key: string): string | undefined => {
    if (locale !== 'en' && Object.hasOwn(messages, key)) return messages[key];
    return Object.hasOwn(english, key) ? english[key] : undefined;
  };
  // Each message is parsed (tests, the dev server; the build ships them parsed) once, when first used.
  const compiled = new Map<string, IntlMessageFormat>();

  function compile(key: string): IntlMessageFormat | undefined {
    let found = compiled.get(key);
    if (found === undefined) {
      const message = messageOf(key);
      if (!message) return undefined;
      found = new IntlMessageFormat(message, intlLocale, undefined, { formatters });
      compiled.set(key, found);
    }
    return found;
  }

  // A missing or broken message is a bug the types and catalogue tests catch: say which, and show its id.
  function format(key: string, values?: MessageValues | RichValues): ReactNode {
    try {
      const message = compile(key);
      if (message) return message.format<ReactNode>(values);
      console.error(`Missing message: "${key}" for locale "${intlLocale}", using id as fallback.`);
    } catch (error) {
      console.error(
        `Error formatting message: "${key}" for locale "${intlLocale}", using id as fallback. ${String(error)}`,
      );
    }
    return key;
  }

  return {
    locale,
    intl: localeFormats(intlLocale),
    // Text and numbers in, text out (a message with tags takes `rich`).
    t: (key, values) => format(key, values) as string,
    // The formatter answers a list of strings and elements: handed to a fragment as its children, one
    // by one (as react-intl does), they are a fixed sequence that needs no keys.
    rich: (key, values) => {
      const parts = format(key, values);
      return Array.isArray(parts) ? createElement(Fragment, null, ...(parts as ReactNode[])) : parts;
    },
  };
}

/** English: the site's default, the fallback outside a provider, and plain functions' default. */
export const ENGLISH: Translator = createTranslator('en', {});
