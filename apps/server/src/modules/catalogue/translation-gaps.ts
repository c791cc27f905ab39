import type { Kysely } from 'kysely';
import {
  CONTENT_LOCALES,
  hasTranslation,
  type ItemTranslation,
  TRANSLATED_FIELDS_OF_KIND,
  type TranslatedItemField,
  type TranslationGaps,
} from '@capstan/shared';
import type { Database, ItemKind } from '../../db/schema';
import { parseTranslations } from './item-translations';
import { parseLines } from './plain-fields';

function lacks(translation: ItemTranslation | undefined, field: TranslatedItemField, item: ItemFacts): boolean {
  if (field === 'features' && item.features === 0) return false;
  if (field === 'specifications') {
    const labels = translation?.specifications ?? {};
    return item.specKeys.some((key) => labels[key] === undefined);
  }
  return !hasTranslation(translation, field);
}

interface ItemFacts {
  features: number;
  specKeys: string[];
}

/**
 * Counts what staff have yet to translate (decision 072). Reads only the columns it needs: at 25,000
 * parts that is the items' translation texts and their specification labels, not whole items.
 */
export async function translationGaps(db: Kysely<Database>): Promise<TranslationGaps> {
  const [rows, specs] = await Promise.all([
    db.selectFrom('items').select(['id', 'kind', 'features', 'translations']).execute(),
    db.selectFrom('item_specifications').select(['item_id', 'spec_key']).execute(),
  ]);
  const specKeys = new Map<string, string[]>();
  for (const spec of specs) {
    const list = specKeys.get(spec.item_id);
    if (list) list.push(spec.spec_key);
    else specKeys.set(spec.item_id, [spec.spec_key]);
  }
  const gaps = Object.fromEntries(
    (Object.keys(TRANSLATED_FIELDS_OF_KIND) as ItemKind[]).map((kind) => [
      kind,
      {
        total: 0,
        lacking: Object.fromEntries(
          CONTENT_LOCALES.map((locale) => [
            locale,
            Object.fromEntries(TRANSLATED_FIELDS_OF_KIND[kind].map((field) => [field, 0])),
          ]),
        ),
      },
    ]),
  ) as TranslationGaps;
  for (const row of rows) {
    const kindGaps = gaps[row.kind] as { total: number; lacking: Record<string, Record<string, number>> };
    kindGaps.total += 1;
    const item = { features: parseLines(row.features).length, specKeys: specKeys.get(row.id) ?? [] };
    const translations = parseTranslations(row.translations);
    for (const locale of CONTENT_LOCALES) {
      const counts = kindGaps.lacking[locale]!;
      for (const field of TRANSLATED_FIELDS_OF_KIND[row.kind]) {
        if (lacks(translations[locale], field, item)) counts[field] = (counts[field] ?? 0) + 1;
      }
    }
  }
  return gaps;
}
