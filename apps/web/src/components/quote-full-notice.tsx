import { Link, useLocation, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { QUOTE_FULL_FLAG, QUOTE_LIST_MAX_LINES } from '@/lib/quote-list';

/**
 * What a page says when "Add to quote" was sent without the app and the list already held 50 lines:
 * the server sends the visitor back with `?quote=full` (the app says it in a toast instead).
 */
export function QuoteFullNotice() {
  const [searchParams] = useSearchParams();
  const onTheList = useLocation().pathname === paths.quoteList;
  const { t } = useT();
  if (searchParams.get(QUOTE_FULL_FLAG.name) !== QUOTE_FULL_FLAG.value) return null;
  return (
    <div role="status" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-3 text-sm sm:px-6">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        <strong className="font-semibold">{t('quote.full', { max: QUOTE_LIST_MAX_LINES })}</strong>
        <span>{t('quote.fullText')}</span>
        {onTheList ? null : (
          <Link to={paths.quoteList} className="font-medium underline underline-offset-4">
            {t('quote.openList')}
          </Link>
        )}
      </p>
    </div>
  );
}
