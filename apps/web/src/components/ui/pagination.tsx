import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n';

/** Page numbers to show: first, last, and the current page's neighbours, with gaps as null. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1]);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const result: (number | null)[] = [];
  let previous = 0;
  for (const p of pages) {
    if (previous > 0 && p - previous > 1) result.push(null);
    result.push(p);
    previous = p;
  }
  return result;
}

type PaginationProps = { page: number; pageCount: number; onPage: (page: number) => void };

export function Pagination({ page, pageCount, onPage }: PaginationProps) {
  const { t } = useT();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('ui.pagination')} className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('ui.previousPage')}
      >
        <ChevronLeft aria-hidden="true" />
        <span className="hidden sm:inline">{t('ui.previous')}</span>
      </Button>
      {pageWindow(page, pageCount).map((p, index) =>
        p === null ? (
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-muted-foreground">
            …
          </span>
        ) : (
          <Button
            key={p}
            size="sm"
            variant={p === page ? 'default' : 'outline'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('ui.page', { page: p })}
            onClick={() => onPage(p)}
            className="min-w-9 tabular-nums"
          >
            {p}
          </Button>
        ),
      )}
      <Button
        variant="outline"
        size="sm"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
        aria-label={t('ui.nextPage')}
      >
        <span className="hidden sm:inline">{t('ui.next')}</span>
        <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
