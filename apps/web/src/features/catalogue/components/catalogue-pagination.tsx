import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { pageWindow } from '@/components/ui/pagination';
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

/** The catalogue's pages, as links; the admin lists page with buttons (components/ui/pagination). */
export function CataloguePagination({ page, pageCount, pageHref, onFollow }: CataloguePaginationProps) {
  if (pageCount <= 1) return null;
  const step = (target: number, label: string, content: ReactNode) =>
    target < 1 || target > pageCount ? (
      // No href: not a link to anywhere, announced as unavailable like a disabled button.
      <a role="link" aria-disabled="true" aria-label={label} className={cn(outline, 'pointer-events-none opacity-50')}>
        {content}
      </a>
    ) : (
      <Link to={pageHref(target)} preventScrollReset onClick={onFollow} aria-label={label} className={outline}>
        {content}
      </Link>
    );

  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1">
      {step(
        page - 1,
        'Previous page',
        <>
          <ChevronLeft aria-hidden="true" />
          <span className="hidden sm:inline">Previous</span>
        </>,
      )}
      {pageWindow(page, pageCount).map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={pageHref(p)}
            preventScrollReset
            onClick={onFollow}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            className={cn(
              buttonVariants({ variant: p === page ? 'default' : 'outline', size: 'sm' }),
              'min-w-9 tabular-nums',
            )}
          >
            {p}
          </Link>
        ),
      )}
      {step(
        page + 1,
        'Next page',
        <>
          <span className="hidden sm:inline">Next</span>
          <ChevronRight aria-hidden="true" />
        </>,
      )}
    </nav>
  );
}
