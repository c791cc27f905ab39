import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { pageWindow } from '@/components/ui/pagination';
import { IN_APP_LINK, useInAppLinks } from '@/hooks/use-in-app-links';
import { useLocalizedHref, useT } from '@/lib/i18n';
import { cn } from '@/lib/utils';

type CataloguePaginationProps = {
  page: number;
  pageCount: number;
  /** Each page is a link with its own URL, so crawlers and visitors without the app reach every item. */
  pageHref: (page: number) => string;
  /** A page link was followed: the screen moves to the top of the results. */
  onFollow: () => void;
};

const outline = buttonVariants({ variant: 'outline', size: 'sm' });
// Made once, so a re-render of the pagination does not build their SVGs again.
const PREVIOUS_ICON = <ChevronLeft aria-hidden="true" />;
const NEXT_ICON = <ChevronRight aria-hidden="true" />;

/** The catalogue's pages, as links; the admin lists page with buttons (components/ui/pagination). */
export function CataloguePagination({ page, pageCount, pageHref, onFollow }: CataloguePaginationProps) {
  // Plain anchors followed by one handler: a `<Link>` each re-rendered with every search keystroke.
  const followInApp = useInAppLinks({ preventScrollReset: true, onFollow });
  const { t } = useT();
  const localize = useLocalizedHref();
  if (pageCount <= 1) return null;
  const step = (target: number, label: string, content: ReactNode) =>
    target < 1 || target > pageCount ? (
      // No href: not a link to anywhere, announced as unavailable like a disabled button.
      <a role="link" aria-disabled="true" aria-label={label} className={cn(outline, 'pointer-events-none opacity-50')}>
        {content}
      </a>
    ) : (
      <a {...IN_APP_LINK} href={localize(pageHref(target))} aria-label={label} className={outline}>
        {content}
      </a>
    );

  return (
    <nav
      aria-label={t('catalogue.pagination')}
      onClick={followInApp}
      className="flex flex-wrap items-center justify-center gap-1"
    >
      {step(
        page - 1,
        t('catalogue.previousPage'),
        <>
          {PREVIOUS_ICON}
          <span className="hidden sm:inline">{t('catalogue.previous')}</span>
        </>,
      )}
      {pageWindow(page, pageCount).map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ) : (
          <a
            {...IN_APP_LINK}
            key={p}
            href={localize(pageHref(p))}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('catalogue.pageNumber', { page: p })}
            className={cn(
              buttonVariants({ variant: p === page ? 'default' : 'outline', size: 'sm' }),
              'min-w-9 tabular-nums',
            )}
          >
            {p}
          </a>
        ),
      )}
      {step(
        page + 1,
        t('catalogue.nextPage'),
        <>
          <span className="hidden sm:inline">{t('catalogue.next')}</span>
          {NEXT_ICON}
        </>,
      )}
    </nav>
  );
}
