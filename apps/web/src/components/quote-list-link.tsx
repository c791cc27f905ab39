import type { ReactNode } from 'react';
import { Link, useInRouterContext, useLocation } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { paths } from '@/config/paths';
import { useLocalizedHref, useT } from '@/lib/i18n';
import { useQuoteList } from '@/lib/quote-list';
import { cn } from '@/lib/utils';

/**
 * The header's way to the quote list, with how many lines it holds. Pages are cached for everyone,
 * so the count is never in the server's HTML: it appears once the app has read the cookie.
 */
export function QuoteListLink({ className }: { className?: string }) {
  const { t } = useT();
  const count = useQuoteList().length;
  const content = (
    <>
      <ClipboardList aria-hidden="true" className="size-5 shrink-0" />
      {/* The words where the bar has room; below that the icon and the count, with the words for screen readers. */}
      <span className="max-xl:sr-only">{t('quote.navLink')}</span>
      {count > 0 ? (
        <>
          <span
            aria-hidden="true"
            className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs leading-none font-semibold text-accent-foreground"
          >
            {count}
          </span>
          <span className="sr-only">{`, ${t('quote.itemCount', { count })}`}</span>
        </>
      ) : null}
    </>
  );
  const look = cn('relative inline-flex shrink-0 items-center gap-1.5', className);
  // The landing page's bar is also rendered on its own (tests): a plain link then.
  return useInRouterContext() ? (
    <RouterQuoteLink className={look}>{content}</RouterQuoteLink>
  ) : (
    <PlainQuoteLink className={look}>{content}</PlainQuoteLink>
  );
}

function RouterQuoteLink({ className, children }: { className: string; children: ReactNode }) {
  const here = useLocation().pathname === paths.quoteList;
  return (
    <Link to={paths.quoteList} aria-current={here ? 'page' : undefined} className={className}>
      {children}
    </Link>
  );
}

function PlainQuoteLink({ className, children }: { className: string; children: ReactNode }) {
  const localize = useLocalizedHref();
  return (
    <a href={localize(paths.quoteList)} className={className}>
      {children}
    </a>
  );
}
