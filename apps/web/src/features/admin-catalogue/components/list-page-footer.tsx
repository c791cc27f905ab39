import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/utils';
import { useAdminT } from '@/lib/i18n/admin';

interface ListPageFooterProps {
  /** Where the page on screen starts, and how many rows it shows. */
  offset: number;
  shown: number;
  total: number;
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  className?: string;
}

/** 'Showing 1–24 of 25,000' and the page buttons, under an admin list. */
export function ListPageFooter({ offset, shown, total, page, pageCount, onPage, className }: ListPageFooterProps) {
  const { t } = useAdminT();
  return (
    <div className={cn('flex flex-col items-center gap-3', className)}>
      {/* Polite, so a screen reader hears how many items a search found. */}
      <p aria-live="polite" className="text-sm text-muted-foreground tabular-nums">
        {t('adminCatalogue.showingRange', { from: offset + 1, to: offset + shown, total })}
      </p>
      <Pagination page={page} pageCount={pageCount} onPage={onPage} />
    </div>
  );
}
