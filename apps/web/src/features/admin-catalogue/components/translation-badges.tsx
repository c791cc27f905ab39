import { CONTENT_LOCALES, type ItemTranslations } from '@capstan/shared';
import { Badge } from '@/components/ui/badge';
import { useAdminT } from '@/lib/i18n/admin';

/**
 * "No Tamil" / "No Hindi" on a list card whose name is not yet translated (decision 072). An entry
 * without `translations` (a list asked in a language) says nothing rather than something wrong.
 */
export function TranslationBadges({ translations }: { translations: ItemTranslations | undefined }) {
  const { t } = useAdminT();
  if (translations === undefined) return null;
  const missing = CONTENT_LOCALES.filter((locale) => !translations[locale]?.name);
  if (missing.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {missing.map((locale) => (
        <Badge key={locale} variant="outline" title={t('adminCatalogue.noTranslationTitle', { locale })}>
          {t('adminCatalogue.noTranslation', { locale })}
        </Badge>
      ))}
    </div>
  );
}
