import { Languages } from 'lucide-react';
import { useCan } from '@/hooks/use-can';
import { useAdminT } from '@/lib/i18n/admin';
import { useTranslationGaps } from '../api/get-translation-gaps';
import { translationGapsOf } from '../lib/translation-gaps';
import type { AdminProductType } from '../lib/product-types';

/**
 * "3 machines lack a Tamil name · 5 lack a Hindi description": what the current kind still lacks
 * in Tamil and Hindi (decision 072), for the staff who can fill it in. Nothing when all is
 * translated, or when the count cannot be had: it is a reminder, not a state to act on.
 */
export function TranslationGapsNotice({ productType }: { productType: AdminProductType }) {
  const { t } = useAdminT();
  const canWrite = useCan('catalogue.write');
  const gaps = useTranslationGaps({ enabled: canWrite });
  if (!canWrite || gaps.data === undefined) return null;

  const phrases = translationGapsOf(productType, gaps.data).map(({ locale, field, count }, index) =>
    t(index === 0 ? 'adminCatalogue.translationGapsFirst' : 'adminCatalogue.translationGapsMore', {
      kind: productType,
      count,
      what: t('adminCatalogue.translationGap', { field, locale }),
    }),
  );
  if (phrases.length === 0) return null;
  const text = phrases.join(' · ');

  return (
    <p className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="translation-gaps">
      <Languages aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {/* Up to eight counts: a phone shows the first two lines, the most visible gaps first. */}
      <span className="line-clamp-2 sm:line-clamp-none" title={text}>
        {text}
      </span>
    </p>
  );
}
