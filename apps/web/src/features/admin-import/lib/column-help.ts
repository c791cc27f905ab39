import {
  FITS_SEPARATOR,
  GST_RATES,
  type ImportField,
  LEAD_TIME_MAX_WEEKS,
  type TranslatedFileField,
  type TranslationColumn,
  WARRANTY_MAX_MONTHS,
} from '@capstan/shared';
import type { AdminTranslator, BackOfficeKey } from '@/lib/i18n/admin';

/**
 * What the help says of each fixed column: the words of `IMPORT_COLUMN_HELP` (shared), in the
 * reader's language (a test holds the English to the shared text).
 */
export const COLUMN_HELP_KEYS: Record<ImportField, BackOfficeKey> = {
  id: 'adminImport.helpId',
  code: 'adminImport.helpCode',
  name: 'adminImport.helpName',
  description: 'adminImport.helpDescription',
  price: 'adminImport.helpPrice',
  availability: 'adminImport.helpAvailability',
  leadTimeWeeks: 'adminImport.helpLeadTimeWeeks',
  warrantyMonths: 'adminImport.helpWarrantyMonths',
  category: 'adminImport.helpCategory',
  brand: 'adminImport.helpBrand',
  originalPrice: 'adminImport.helpOriginalPrice',
  features: 'adminImport.helpFeatures',
  fits: 'adminImport.helpFits',
  hsnCode: 'adminImport.helpHsnCode',
  gstRate: 'adminImport.helpGstRate',
};

/** A column's help in the reader's language. */
export function columnHelp({ t }: Pick<AdminTranslator, 't'>, field: ImportField): string {
  return t(COLUMN_HELP_KEYS[field], {
    max: field === 'leadTimeWeeks' ? LEAD_TIME_MAX_WEEKS : WARRANTY_MAX_MONTHS,
    separator: FITS_SEPARATOR,
    rates: GST_RATES.join(', '),
  });
}

/** What the help says of each translated text's columns (`name_ta`, `name_hi`), the language given. */
export const TRANSLATION_HELP_KEYS: Record<TranslatedFileField, BackOfficeKey> = {
  name: 'adminImport.helpTranslatedName',
  description: 'adminImport.helpTranslatedDescription',
  features: 'adminImport.helpTranslatedFeatures',
};

/** A translation column's help in the reader's language: `TranslationColumn.help`'s words. */
export function translationColumnHelp(
  { t }: Pick<AdminTranslator, 't'>,
  column: Pick<TranslationColumn, 'field' | 'locale'>,
): string {
  return t(TRANSLATION_HELP_KEYS[column.field], {
    language: t('adminImport.helpLanguage', { locale: column.locale }),
  });
}
