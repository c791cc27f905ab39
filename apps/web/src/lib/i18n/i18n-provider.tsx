import { createContext, type ReactNode, useContext } from 'react';
import { localizedPath } from '@capstan/shared';
import { ENGLISH, type Translator } from './translator';

// Outside a provider (a component rendered on its own in a test) the site speaks English.
const TranslatorContext = createContext<Translator>(ENGLISH);

export function I18nProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/** The page's language: `t(key, values)` for a message, `rich` for one with tags, `intl` for numbers and dates, `locale`. */
export function useT(): Translator {
  return useContext(TranslatorContext);
}

/**
 * An app path as an href in the page's language ('/products' → '/ta/products'), for plain `<a>`
 * links the router does not prefix (router `<Link>`s get the language from its basename).
 */
export function useLocalizedHref(): (path: string) => string {
  const { locale } = useT();
  return (path) => localizedPath(locale, path);
}
