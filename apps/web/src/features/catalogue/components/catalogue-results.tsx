import { Suspense } from 'react';
import { Link } from 'react-router';
import { SearchX, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useInAppLinks } from '@/hooks/use-in-app-links';
import { useT, type Translator } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { CATALOGUE_PAGE_SIZE, type CataloguePage } from '../api/get-catalogue';
import { SLOT_INDEX_ATTRIBUTE, useItemsInViewFirst } from '../hooks/use-items-in-view-first';
import { TAB_MESSAGES, type CatalogueView } from '../lib/catalogue-items';
import { CatalogueCard } from './catalogue-card';
import { CataloguePagination } from './catalogue-pagination';

/** The widest grid's first row (three columns from 1280 px). */
const FIRST_ROW_CARDS = 3;

type CatalogueResultsProps = {
  /** The page on screen: the one asked for, or the previous one while that loads. */
  shown: CataloguePage;
  /** True while `shown` is the previous page kept on screen. */
  stale: boolean;
  /** The page the visitor asked for, which the pagination shows as current at once. */
  page: number;
  /** The search the visitor asked for (the shown page may still answer an earlier one). */
  searchedTerm: string;
  /** How many items the shown page's tab holds in all. */
  tabTotal: number;
  view: CatalogueView;
  favourites: ReadonlySet<string>;
  onToggleFavourite: (id: string) => void;
  pageHref: (page: number) => string;
  /** A page link was followed. */
  onPage: () => void;
  onClearSearch: () => void;
  /** Where "Request this part" goes when a spare-parts search finds nothing (null: not offered). */
  partRequestHref?: string | null;
};

/**
 * What is on screen, not the whole list (decision 014): 'Showing 25–39 of 39 spare parts', plus
 * ' matching "term"' when searching, where the total is the number of matches.
 */
export function showingLine({ query, items, total }: CataloguePage, { t, intl }: Translator): string {
  const count = (value: number) => intl.formatNumber(value);
  const first = (query.page - 1) * CATALOGUE_PAGE_SIZE + 1;
  const last = first + items.length - 1;
  const shown = items.length === 0 ? count(0) : first === last ? count(first) : `${count(first)}–${count(last)}`;
  const messages = TAB_MESSAGES[query.tab];
  return query.term === ''
    ? t(messages.showing, { shown, total })
    : t(messages.showingMatching, { shown, total, term: query.term });
}

/** What the status line says while the next page loads: the search it waits for, or that it loads. */
function busyLine({ t }: Translator, shownTerm: string, searchedTerm: string): string {
  return searchedTerm !== shownTerm && searchedTerm !== ''
    ? t('catalogue.searchingFor', { term: searchedTerm })
    : t('catalogue.loading');
}

/**
 * The cards, the empty state, the pagination and the 'Showing N–M of T' line. All of it describes
 * the page on screen, so while a new one loads the counts still match the cards they sit under.
 */
export function CatalogueResults({
  shown,
  stale,
  page,
  searchedTerm,
  tabTotal,
  view,
  favourites,
  onToggleFavourite,
  pageHref,
  onPage,
  onClearSearch,
  partRequestHref = null,
}: CatalogueResultsProps) {
  const translator = useT();
  const { t } = translator;
  const { query, items, total } = shown;
  const pageCount = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const currentPage = Math.min(stale ? page : query.page, pageCount);
  const followInApp = useInAppLinks();
  const { listRef, itemAt, settled } = useItemsInViewFirst(items);

  return (
    <>
      {/* In the list's top margin, so it shifts nothing: the cards on screen are not yet the answer. */}
      <div className="relative">
        <p
          aria-live="polite"
          className="absolute inset-x-0 top-1 flex items-center gap-2 text-sm text-muted-foreground"
        >
          {stale ? (
            <>
              <Spinner size="sm" />
              {busyLine(translator, query.term, searchedTerm)}
            </>
          ) : null}
        </p>
      </div>
      {total === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-lg border border-dashed px-4 py-16 text-center">
          <SearchX aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="mt-3 font-medium">
            {query.term !== '' && tabTotal > 0
              ? t('catalogue.noResultsFor', { term: query.term })
              : t(TAB_MESSAGES[query.tab].none)}
          </p>
          {partRequestHref !== null ? (
            <p className="mt-2 max-w-md text-sm text-muted-foreground">{t('catalogue.partRequestHint')}</p>
          ) : null}
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            {partRequestHref !== null ? (
              <Button asChild className="bg-accent text-accent-foreground hover:bg-accent/90">
                <Link to={partRequestHref}>
                  <Send aria-hidden="true" />
                  {t('catalogue.requestThisPart')}
                </Link>
              </Button>
            ) : null}
            <Button variant="outline" onClick={onClearSearch}>
              {t('catalogue.clearSearch')}
            </Button>
          </div>
        </div>
      ) : (
        // The cards' links are followed here, by one handler for all of them (use-in-app-links.ts).
        <ul
          ref={listRef}
          onClick={followInApp}
          // Busy until every slot shows the new items, those out of view included.
          aria-busy={stale || !settled}
          className={cn(
            // The cards of the last page stay while the next loads; faded, they do not pass for its results.
            'mt-6 grid gap-4 transition-opacity',
            stale && 'opacity-50',
            view === 'grid' ? 'grid-cols-1 sm:grid-cols-2 xl:grid-cols-3 lg:gap-6' : 'grid-cols-1',
          )}
        >
          {/* Keyed by place, not by item: a new search or page fills the same 24 cards with other
              items instead of building new ones (decision 060). What belongs to one item (its
              picture and whether it failed to load) is keyed by the item inside the card. */}
          {items.map((_, index) => {
            // Out of view, a slot may keep the last page's item for one more render (decision 060).
            const item = itemAt(index);
            return (
              <li key={index} {...{ [SLOT_INDEX_ATTRIBUTE]: index }}>
                {/* A boundary per card: hydrating the server's list is many small tasks, not one long one. */}
                <Suspense>
                  <CatalogueCard
                    item={item}
                    view={view}
                    // The first row holds the page's largest picture (one card on a phone, any of three
                    // on a desktop): those load at once, the rest lazily.
                    priority={index < FIRST_ROW_CARDS}
                    favourite={favourites.has(item.id)}
                    onToggleFavourite={onToggleFavourite}
                  />
                </Suspense>
              </li>
            );
          })}
        </ul>
      )}

      <div className="mt-8 flex flex-col items-center gap-4">
        <CataloguePagination page={currentPage} pageCount={pageCount} pageHref={pageHref} onFollow={onPage} />
        <p role="status" className="text-sm text-muted-foreground">
          {showingLine(shown, translator)}
        </p>
      </div>
    </>
  );
}
