import { ArrowDown, ArrowUp } from 'lucide-react';
import { FEATURED_LIST_CAP } from '@capstan/shared';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAdminT } from '@/lib/i18n/admin';
import { cn } from '@/lib/utils';
import type { PlacementEntry } from '../lib/featured-order';
import { TYPE_BADGE } from './featured-products-table';

interface FeaturedOrderPanelProps {
  status: 'pending' | 'error' | 'success';
  order: PlacementEntry[];
  /** Moves not yet saved. */
  changed: boolean;
  disabled: boolean;
  onMove: (index: number, step: -1 | 1) => void;
}

// aria-disabled rather than disabled: a button that becomes disabled under the keyboard focus
// (the first item moved to the top) would drop the focus to the page.
const stillFocusable = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** Which featured items the landing page shows and in what order, with moves to change it. */
export function FeaturedOrderPanel({ status, order, changed, disabled, onMove }: FeaturedOrderPanelProps) {
  const { t } = useAdminT();
  return (
    <Card role="region" className="flex flex-col gap-3 p-4" aria-labelledby="landing-order-heading">
      <div>
        <h2 id="landing-order-heading" className="text-lg font-semibold">
          {t('adminCatalogue.orderHeading')}
        </h2>
        <p className="text-sm text-muted-foreground">
          {t('adminCatalogue.orderIntro', { cap: FEATURED_LIST_CAP })}
          {changed ? ` ${t('adminCatalogue.orderChanged')}` : ''}
        </p>
      </div>
      {status === 'pending' ? (
        <p role="status" className="flex items-center gap-2 text-muted-foreground">
          <Spinner />
          {t('adminCatalogue.orderLoading')}
        </p>
      ) : status === 'error' ? (
        <p className="text-destructive">{t('adminCatalogue.orderLoadFailed')}</p>
      ) : order.length === 0 ? (
        <p className="text-muted-foreground">{t('adminCatalogue.orderEmpty')}</p>
      ) : (
        <ol aria-label={t('adminCatalogue.orderListLabel')} className="flex flex-col">
          {order.map((item, index) => {
            const shown = index < FEATURED_LIST_CAP;
            const badge = TYPE_BADGE[item.type];
            const atTop = index === 0;
            const atBottom = index === order.length - 1;
            return (
              <li
                key={item.key}
                data-shown={shown}
                className={cn(
                  // Two lines on phones (name, then its controls), one from sm up: names stay whole.
                  'flex flex-col gap-1 py-2 first:border-t-0 sm:flex-row sm:items-center sm:gap-3',
                  index === FEATURED_LIST_CAP ? 'border-t-2 border-dashed' : 'border-t',
                  !shown && 'text-muted-foreground',
                )}
              >
                <div className="flex min-w-0 flex-1 items-baseline gap-3">
                  <span className="w-6 shrink-0 text-right font-semibold tabular-nums">{index + 1}.</span>
                  <span className="min-w-0 flex-1 font-medium break-words" data-testid="featured-order-name">
                    {item.name}
                  </span>
                </div>
                <div className="flex items-center gap-3 pl-9 sm:pl-0">
                  <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold', badge.className)}>
                    {t(badge.label)}
                  </span>
                  {/* Wraps on a phone: Tamil's "on the landing page" is longer than the row beside the buttons. */}
                  <span className="min-w-0 text-xs">
                    {shown ? t('adminCatalogue.onLandingPage') : t('adminCatalogue.notShown')}
                  </span>
                  <span className="ml-auto flex gap-1 sm:ml-0">
                    <Button
                      variant="outline"
                      size="icon"
                      className={cn('size-9', stillFocusable)}
                      aria-label={t('adminCatalogue.moveUp', { name: item.name })}
                      aria-disabled={disabled || atTop}
                      onClick={() => {
                        if (!disabled && !atTop) onMove(index, -1);
                      }}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="outline"
                      size="icon"
                      className={cn('size-9', stillFocusable)}
                      aria-label={t('adminCatalogue.moveDown', { name: item.name })}
                      aria-disabled={disabled || atBottom}
                      onClick={() => {
                        if (!disabled && !atBottom) onMove(index, 1);
                      }}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                  </span>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
