import type { Locale } from './locales';
import type { Specification } from './schemas/common';

/**
 * An item's content in the buyers' other languages (decision 072): staff type a Tamil and a Hindi
 * name, description, key features and specification labels beside the English. Values and units
 * stay as typed: "38 mm" reads the same in every language. A field left untranslated falls back to
 * the English one, field by field.
 */

/** The languages content is translated into: every language of the site but English. */
export type ContentLocale = Exclude<Locale, 'en'>;
export const CONTENT_LOCALES = ['ta', 'hi'] as const satisfies readonly ContentLocale[];

export const isContentLocale = (value: unknown): value is ContentLocale =>
  typeof value === 'string' && (CONTENT_LOCALES as readonly string[]).includes(value);

/** One language's version of an item; every field optional (absent: the English one shows). */
export interface ItemTranslation {
  name?: string;
  description?: string;
  /** A machine's key features, the whole list. */
  features?: string[];
  /** Specification labels, by the English label they translate. */
  specifications?: Record<string, string>;
}

export type ItemTranslations = Partial<Record<ContentLocale, ItemTranslation>>;

/** The fields of an item translations can hold, for the staff markers (“3 items lack a Tamil name”). */
export const TRANSLATED_ITEM_FIELDS = ['name', 'description', 'features', 'specifications'] as const;
export type TranslatedItemField = (typeof TRANSLATED_ITEM_FIELDS)[number];

/** What an item answer or list entry carries that a translation replaces. */
export interface TranslatableItem {
  name: string;
  description: string;
  features?: string[];
  specifications?: Record<string, string>;
  specs?: Record<string, string>;
  specification?: Record<string, string>;
  specificationList?: Specification[];
  /** A machine's spare parts, each named in the language too. */
  partsThatFit?: { name: string; translations?: ItemTranslations }[];
  translations?: ItemTranslations;
}

const relabel = (map: Record<string, string>, labels: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(map).map(([key, value]) => [labels[key] ?? key, value]));

/**
 * The item as a reader of `locale` sees it (`?lang=ta`): its translated fields in place, English
 * where a field has none, and no `translations` (a buyer's page needs only its own language).
 */
export function localizeItem<T extends TranslatableItem>(item: T, locale: ContentLocale): Omit<T, 'translations'> {
  const { translations, ...rest } = item;
  const translation = translations?.[locale] ?? {};
  const labels = translation.specifications ?? {};
  const localized: TranslatableItem = {
    ...rest,
    name: translation.name ?? rest.name,
    description: translation.description ?? rest.description,
  };
  if (rest.features !== undefined && translation.features !== undefined && translation.features.length > 0) {
    localized.features = translation.features;
  }
  if (rest.specifications !== undefined) localized.specifications = relabel(rest.specifications, labels);
  if (rest.specs !== undefined) localized.specs = relabel(rest.specs, labels);
  if (rest.specification !== undefined) localized.specification = relabel(rest.specification, labels);
  if (rest.partsThatFit !== undefined) {
    localized.partsThatFit = rest.partsThatFit.map(({ translations: names, ...part }) => ({
      ...part,
      name: names?.[locale]?.name ?? part.name,
    }));
  }
  if (rest.specificationList !== undefined) {
    localized.specificationList = rest.specificationList.map((row) => ({ ...row, key: labels[row.key] ?? row.key }));
  }
  return localized as Omit<T, 'translations'>;
}

/** The language's translation of one field is there (a list or a set of labels counts when it has one). */
export function hasTranslation(translation: ItemTranslation | undefined, field: TranslatedItemField): boolean {
  const value = translation?.[field];
  if (value === undefined) return false;
  if (typeof value === 'string') return value !== '';
  return Array.isArray(value) ? value.length > 0 : Object.keys(value).length > 0;
}

/** Which kinds have which translated fields: only machines have key features. */
export const TRANSLATED_FIELDS_OF_KIND = {
  machine: ['name', 'description', 'features', 'specifications'],
  spare: ['name', 'description', 'specifications'],
  service: ['name', 'description', 'specifications'],
} as const satisfies Record<string, readonly TranslatedItemField[]>;

/**
 * `GET /api/admin/catalogue/translations`: per kind, how many items there are and how many lack each
 * field in each language ("3 machines lack a Tamil name"). An item with no key features or no
 * specifications in English lacks none in another language.
 */
export type TranslationGaps = {
  [K in keyof typeof TRANSLATED_FIELDS_OF_KIND]: {
    total: number;
    lacking: Record<ContentLocale, Record<(typeof TRANSLATED_FIELDS_OF_KIND)[K][number], number>>;
  };
};

export const TRANSLATION_GAPS_URL = '/api/admin/catalogue/translations';
