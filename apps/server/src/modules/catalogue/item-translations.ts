import {
  CONTENT_LOCALES,
  type ContentLocale,
  type ItemTranslation,
  type ItemTranslations,
  type ItemTranslationsPatch,
} from '@capstan/shared';

/**
 * An item's Tamil and Hindi texts as `items.translations` keeps them (decision 072): one JSON
 * object, null when there is none, patched field by field like the item's own fields (decision 011).
 */

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

function readTranslation(value: unknown): ItemTranslation | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stored = value as Record<string, unknown>;
  const translation: ItemTranslation = {};
  if (isText(stored.name)) translation.name = stored.name;
  if (isText(stored.description)) translation.description = stored.description;
  if (Array.isArray(stored.features)) {
    const features = stored.features.filter(isText);
    if (features.length > 0) translation.features = features;
  }
  if (typeof stored.specifications === 'object' && stored.specifications !== null) {
    const labels = Object.entries(stored.specifications).filter((entry): entry is [string, string] => isText(entry[1]));
    if (labels.length > 0) translation.specifications = Object.fromEntries(labels);
  }
  return Object.keys(translation).length > 0 ? translation : undefined;
}

/**
 * A stored `{"ta":…,"hi":…}` text read language by language with `read`; anything unreadable, and a
 * language this release does not know, is left out (a newer release may have written it).
 */
export function readPerLanguage<T>(
  json: string | null,
  read: (value: unknown) => T | undefined,
): Partial<Record<ContentLocale, T>> {
  if (json === null || json === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null) return {};
  const result: Partial<Record<ContentLocale, T>> = {};
  for (const locale of CONTENT_LOCALES) {
    const found = read((value as Record<string, unknown>)[locale]);
    if (found !== undefined) result[locale] = found;
  }
  return result;
}

/** The stored JSON as an item's translations. */
export const parseTranslations = (json: string | null): ItemTranslations => readPerLanguage(json, readTranslation);

/** Only the names: what a list of other items (a machine's parts) needs of theirs. */
export function namesOnly(translations: ItemTranslations): ItemTranslations {
  const names: ItemTranslations = {};
  for (const locale of CONTENT_LOCALES) {
    const name = translations[locale]?.name;
    if (name) names[locale] = { name };
  }
  return names;
}

/** The column's value: null when no language has anything. */
export function translationsColumn(translations: ItemTranslations): string | null {
  return Object.keys(translations).length === 0 ? null : JSON.stringify(translations);
}

/**
 * The stored translations with a save's laid over them: per language and field, a value replaces,
 * null removes (the English shows again) and absent keeps.
 */
export function patchTranslations(
  stored: ItemTranslations,
  patch: ItemTranslationsPatch | undefined,
): ItemTranslations {
  if (patch === undefined) return stored;
  const result: ItemTranslations = { ...stored };
  for (const locale of CONTENT_LOCALES) {
    const sent = patch[locale];
    if (sent === undefined) continue;
    const merged: Record<string, unknown> = { ...stored[locale] };
    for (const [field, value] of Object.entries(sent)) {
      if (value === undefined) continue;
      if (value === null) delete merged[field];
      else merged[field] = value;
    }
    const translation = readTranslation(merged);
    if (translation) result[locale] = translation;
    else delete result[locale];
  }
  return result;
}

/** The translations as the audit trail lists them: one line per language and field. */
export function translationLines(translations: ItemTranslations): string[] {
  const lines: string[] = [];
  for (const locale of CONTENT_LOCALES) {
    const translation = translations[locale];
    if (!translation) continue;
    if (translation.name) lines.push(`${locale} name: ${translation.name}`);
    if (translation.description) lines.push(`${locale} description: ${translation.description}`);
    if (translation.features) lines.push(`${locale} key features: ${translation.features.join('; ')}`);
    for (const [label, translated] of Object.entries(translation.specifications ?? {})) {
      lines.push(`${locale} ${label}: ${translated}`);
    }
  }
  return lines;
}
