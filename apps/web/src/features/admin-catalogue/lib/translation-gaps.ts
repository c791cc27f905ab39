import {
  CONTENT_LOCALES,
  TRANSLATED_FIELDS_OF_KIND,
  type ContentLocale,
  type TranslatedItemField,
  type TranslationGaps,
} from '@capstan/shared';
import type { AdminProductType } from './product-types';

export interface TranslationGap {
  locale: ContentLocale;
  field: TranslatedItemField;
  count: number;
}

/**
 * A kind's missing translations worth saying, most visible first: names (Tamil, then Hindi), then
 * descriptions, key features and specification labels. Counts of zero are left out.
 */
export function translationGapsOf(kind: AdminProductType, gaps: TranslationGaps): TranslationGap[] {
  const lacking: Record<ContentLocale, Partial<Record<TranslatedItemField, number>>> = gaps[kind].lacking;
  const fields: readonly TranslatedItemField[] = TRANSLATED_FIELDS_OF_KIND[kind];
  return fields.flatMap((field) =>
    CONTENT_LOCALES.map((locale) => ({ locale, field, count: lacking[locale][field] ?? 0 })).filter(
      (gap) => gap.count > 0,
    ),
  );
}
