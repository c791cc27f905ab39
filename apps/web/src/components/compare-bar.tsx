import { Link } from 'react-router';
import { GitCompareArrows, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { COMPARE_MAX, useCompareList } from '@/lib/compare-list';
import { useT } from '@/lib/i18n';

/**
 * How many machines are chosen for comparison, with the way to the comparison. Shown on
 * the catalogue and details pages once one is chosen; never in the server's HTML (the choice lives in the browser).
 */
export function CompareBar() {
  const { ids, clear } = useCompareList();
  const { t } = useT();
  if (ids.length === 0) return null;
  return (
    <div
      role="region"
      aria-label={t('ui.comparison')}
      // Bottom left: the floating contact button holds the bottom right.
      className="fixed bottom-4 left-4 z-40 flex items-center gap-1 rounded-full border bg-background/95 p-1 pl-3 shadow-lg backdrop-blur"
    >
      <GitCompareArrows aria-hidden="true" className="size-4 text-primary" />
      <Button asChild size="sm" className="rounded-full">
        <Link to={paths.compare(ids)}>{t('ui.compareCount', { count: ids.length, max: COMPARE_MAX })}</Link>
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-9 rounded-full"
        aria-label={t('ui.clearComparison')}
        onClick={clear}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}
