import { Link } from 'react-router';
import { Cog, Package, Wrench } from 'lucide-react';
import { useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { CATALOGUE_TABS, TAB_MESSAGES, type CatalogueTab } from '../lib/catalogue-items';

const TAB_ICONS = { machines: Cog, spares: Package, services: Wrench } as const;

type CatalogueTabsProps = {
  tab: CatalogueTab | null;
  counts: Record<CatalogueTab, number>;
  /** Each tab is a link to its first page (crawlable, and usable before or without the app). */
  tabHref: (tab: CatalogueTab) => string;
  onFollow?: () => void;
  /** `list`: the sidebar's column; `row`: one line of chips above the cards on narrow screens. */
  layout: 'list' | 'row';
};

/** SPEC §2: the three tabs, each with its count. */
export function CatalogueTabs({ tab, counts, tabHref, onFollow, layout }: CatalogueTabsProps) {
  const { t, intl } = useT();
  const row = layout === 'row';
  return (
    // On a phone each chip is as wide as its words, and a chip that does not fit goes to a second
    // line: Tamil's "spare parts" ran past a third of the row on both sides.
    <ul className={row ? 'flex flex-wrap gap-1.5 sm:gap-2' : 'flex flex-col gap-1'}>
      {CATALOGUE_TABS.map((value) => {
        const Icon = TAB_ICONS[value];
        const active = value === tab;
        return (
          <li key={value} className={row ? 'max-w-full min-w-0' : undefined}>
            <Link
              to={tabHref(value)}
              // Same place on the page: the cards below change, the visitor's scroll stays.
              preventScrollReset
              aria-current={active ? 'page' : undefined}
              onClick={onFollow}
              className={cn(
                'flex items-center text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none motion-reduce:transition-none',
                row
                  ? 'h-9 min-w-0 justify-center gap-1 rounded-full border px-2 whitespace-nowrap max-sm:text-[13px] sm:gap-1.5 sm:px-3'
                  : 'w-full gap-3 rounded-md px-3 py-2.5 text-left',
                active
                  ? 'border-primary bg-primary text-primary-foreground'
                  : cn('text-slate-700 hover:bg-muted', row && 'bg-background'),
              )}
            >
              {/* On a phone the row's three chips fit the width without their icons. */}
              <Icon aria-hidden="true" className={cn('size-4 shrink-0', row && 'max-sm:hidden')} />
              {/* Cut short only when one chip is wider than the whole row; its count always shows. */}
              <span className={row ? 'min-w-0 truncate' : 'flex-1'}>{t(TAB_MESSAGES[value].label)}</span>
              <span className="sr-only">, </span>
              <span
                className={cn(
                  'shrink-0 rounded-full py-0.5 text-xs tabular-nums',
                  row ? 'px-1.5 sm:px-2' : 'px-2',
                  active ? 'bg-white/20' : 'bg-muted text-muted-foreground',
                )}
              >
                {intl.formatNumber(counts[value])}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
