import { Suspense, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { Heart, Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n';
import { addManyToQuoteList, QUOTE_FULL_FLAG } from '@/lib/quote-list';
import { cn } from '@/lib/utils';
import { useFavouriteItems } from '../api/get-favourite-items';
import { useFavourites } from '../hooks/use-favourites';
import type { CatalogueTab, CatalogueView } from '../lib/catalogue-items';
import { CatalogueCard } from './catalogue-card';
import { CatalogueFrame } from './catalogue-frame';

type FavouritesViewProps = {
  counts: Record<CatalogueTab, number>;
  tabHref: (tab: CatalogueTab) => string;
  favouritesHref: string;
  view: CatalogueView;
};

/**
 * The items marked with the heart, of every kind, and one Request Quote for all of them (it fills the
 * quote list).
 * Favourites live in this browser's storage, so the server renders the loading state and the
 * browser fills it in.
 */
export function FavouritesView({ counts, tabHref, favouritesHref, view }: FavouritesViewProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const { favourites, ready, toggleFavourite } = useFavourites();
  const ids = useMemo(() => [...favourites], [favourites]);
  const items = useFavouriteItems(ids);
  // An item unmarked here leaves at once, before the smaller list comes back.
  const shown = (items.data ?? []).filter((item) => favourites.has(item.id));
  const loading = !ready || (ids.length > 0 && items.data === undefined && !items.isError);

  let body;
  if (loading) {
    body = (
      <div role="status" className="mt-8 flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner size="lg" />
        <p>{t('catalogue.loadingFavourites')}</p>
      </div>
    );
  } else if (items.isError && ids.length > 0) {
    body = (
      <div role="alert" className="mt-8 flex flex-col items-center rounded-lg border px-4 py-16 text-center">
        <p className="font-medium">{t('catalogue.favouritesLoadFailed')}</p>
        <Button variant="outline" className="mt-5" onClick={() => void items.refetch()}>
          {t('catalogue.tryAgain')}
        </Button>
      </div>
    );
  } else if (shown.length === 0) {
    body = (
      <div className="mt-8 flex flex-col items-center rounded-lg border border-dashed px-4 py-16 text-center">
        <Heart aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="mt-3 font-medium">{t('catalogue.noFavourites')}</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">{t('catalogue.noFavouritesHint')}</p>
        <Button asChild variant="outline" className="mt-5">
          <Link to={tabHref('machines')}>{t('catalogue.browseMachines')}</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul
          aria-busy={items.isPlaceholderData}
          className={cn(
            'mt-6 grid gap-4',
            view === 'grid' ? 'grid-cols-1 sm:grid-cols-2 xl:grid-cols-3 lg:gap-6' : 'grid-cols-1',
          )}
        >
          {shown.map((item, index) => (
            <li key={item.id}>
              <Suspense>
                <CatalogueCard
                  item={item}
                  view={view}
                  priority={index === 0}
                  favourite
                  onToggleFavourite={toggleFavourite}
                />
              </Suspense>
            </li>
          ))}
        </ul>
        <p role="status" className="mt-8 text-center text-sm text-muted-foreground">
          {t('catalogue.favouriteCount', { count: shown.length })}
        </p>
      </>
    );
  }

  return (
    <CatalogueFrame
      tab={null}
      counts={counts}
      tabHref={tabHref}
      favouriteCount={ready ? favourites.size : null}
      favouritesHref={favouritesHref}
    >
      <section aria-labelledby="favourites-heading" className="mt-5">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="favourites-heading" className="text-xl font-semibold tracking-tight">
              {t('catalogue.favourites')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('catalogue.keptInBrowser')}</p>
          </div>
          {!loading && shown.length > 0 ? (
            // Every favourite goes on the quote list (one each, the lines already there kept), and
            // the buyer sends them from the list page, quantities and all (issue 39).
            <Button
              className="bg-accent text-accent-foreground hover:bg-accent/90"
              onClick={() => {
                const { full } = addManyToQuoteList(shown.map((item) => item.id));
                void navigate(
                  full ? `${paths.quoteList}?${QUOTE_FULL_FLAG.name}=${QUOTE_FULL_FLAG.value}` : paths.quoteList,
                );
              }}
            >
              <Send aria-hidden="true" />
              {t('catalogue.requestQuoteForThese')}
            </Button>
          ) : null}
        </div>
        {body}
      </section>
    </CatalogueFrame>
  );
}
