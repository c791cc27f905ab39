import { GitCompareArrows } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { COMPARE_FULL_KEY, COMPARE_MAX, useCompareList } from '@/lib/compare-list';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/**
 * Adds a machine to the comparison or takes it out. A fifth is refused with a message;
 * the comparison itself is reached through the compare bar.
 */
export function CompareToggle({ id, name, className }: { id: string; name: string; className?: string }) {
  const { ids, toggle } = useCompareList();
  const { t } = useT();
  const chosen = ids.includes(id);
  return (
    <Button
      size="sm"
      variant="outline"
      aria-pressed={chosen}
      aria-label={t('ui.compareItem', { name })}
      className={cn(chosen && 'border-primary bg-primary/10 text-primary hover:bg-primary/15', className)}
      onClick={() => {
        if (toggle(id) === 'full') {
          toast({ title: t('ui.comparisonFull'), description: t(COMPARE_FULL_KEY, { max: COMPARE_MAX }) });
        }
      }}
    >
      <GitCompareArrows aria-hidden="true" />
      {chosen ? t('ui.comparing') : t('ui.compare')}
    </Button>
  );
}
