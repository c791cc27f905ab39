import { type ContentLocale, localizeItem, type TranslatableItem } from '@capstan/shared';

/**
 * The public item reads' `?lang=ta|hi` (decision 072): the answer carries that language's texts in
 * place of the English, field by field, and each language's answer is cached under its own key.
 */

/** What a cache key gains for a language: nothing for English, so English keys stay as they were. */
export const languageKey = (lang: ContentLocale | undefined): string => (lang === undefined ? '' : `?lang=${lang}`);

/** The item as a reader of `lang` sees it; unchanged (translations and all) for English. */
export function inLanguage<T extends TranslatableItem>(item: T, lang: ContentLocale | undefined): T {
  return lang === undefined ? item : (localizeItem(item, lang) as T);
}
